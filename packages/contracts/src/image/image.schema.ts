/** Uploaded images (covers, avatars): the address they are served at. Their limits live beside the channel's cover. */
import { z } from 'zod';

/** `/ai/v1/files/images/{name}`: a stored image's name; the store decides whether there is one. */
export const imageFileParamsSchema = z.object({ name: z.string().max(80).meta({ label: '图片名称' }) });
