/** Content shapes the shell needs: the support poster of the side popover. */
import { z } from 'zod';

export const posterSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image_url: z.string(),
  description: z.string(),
});
export type Poster = z.infer<typeof posterSchema>;

export const templateSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  updated_at: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

export const templateParamsSchema = z.object({
  id: z.coerce.number({ error: '模板编号不正确' }).int('模板编号不正确').positive('模板编号不正确'),
});
