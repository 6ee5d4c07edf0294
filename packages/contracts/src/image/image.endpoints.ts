/** Image uploads (the channel's cover, the avatar) and the address that serves them. */
import { endpoint } from '../endpoint.js';
import { uploadImageResponseSchema } from '../channel/channel.schema.js';
import { imageFileParamsSchema } from './image.schema.js';

const tag = '图片';

const upload = endpoint({
  method: 'POST',
  path: '/agent/v1/upload/image',
  guard: 'creator',
  tag,
  summary: '上传图片（频道封面、头像）',
  description:
    '请求体是图片的原始字节（`Content-Type` 为 `image/*` 或 `application/octet-stream`），不是 JSON；服务端按内容判断格式（JPG、PNG、WebP），不超过 2MB 与 4000 万像素，重新编码后保存。每位创作者每小时的上传次数与总空间有上限。',
  response: uploadImageResponseSchema,
  successText: '上传成功',
  errors: [
    'imageInvalid',
    'imageTooLarge',
    'imageCorrupt',
    'imageExtraData',
    'imageTooManyPixels',
    'imageUploadsPerHour',
    'imageSpaceFull',
  ],
});

const file = endpoint({
  method: 'GET',
  path: '/ai/v1/files/images/:name',
  guard: 'anonymous',
  tag,
  summary: '已上传的图片',
  description: '图片地址由上传接口的 `url` 给出，长期缓存（内容不变）。',
  params: imageFileParamsSchema,
  answer: 'file',
  errors: ['notFound'],
});

export const imageApi = { upload, file } as const;
