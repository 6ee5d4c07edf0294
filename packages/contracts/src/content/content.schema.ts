/** Content shapes: apps, banners, the enum call, the support poster and help templates. */
import { z } from 'zod';
import { INT4_MAX } from '../envelope.js';

export const posterSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image_url: z.string(),
  description: z.string(),
  /** The contact's WeChat ID (SUPPORT_WECHAT_ID), for a phone that cannot scan its own screen to copy; '' when none. */
  wechat_id: z.string(),
});
export type Poster = z.infer<typeof posterSchema>;

export const templateSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  updated_at: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

/** A help topic in the help page's menu. */
export const templateSummarySchema = z.object({ id: z.number().int(), title: z.string() });
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateParamsSchema = z.object({
  id: z.coerce.number({ error: '模板编号不正确' }).int('模板编号不正确').positive('模板编号不正确'),
});

/** A drama or novel app we promote. */
export const appItemSchema = z.object({
  app_id: z.number().int(),
  name: z.string(),
  icon_url: z.string(),
  platform: z.string(),
});
export type AppItem = z.infer<typeof appItemSchema>;

const bankSchema = z.object({ code: z.string(), name: z.string() });

export const taskTypeSchema = z.coerce
  .number({ error: '任务类型不正确' })
  .refine((v): v is 1 | 2 => v === 1 || v === 2, '任务类型不正确')
  .transform((v) => v as 1 | 2);

export const enumQuerySchema = z.object({
  task_type: taskTypeSchema.optional(),
  agent_id: z.coerce.number().int().positive().meta({ label: '创作者编号' }).optional(),
});
export const enumResponseSchema = z.object({ apps: z.array(appItemSchema), banks: z.array(bankSchema) });
export type EnumResponse = z.infer<typeof enumResponseSchema>;

export const bannerQuerySchema = z.object({
  platform: z.coerce
    .number({ error: '平台参数不正确' })
    .int('平台参数不正确')
    .min(0, '平台参数不正确')
    .max(INT4_MAX, '平台参数不正确')
    .default(1),
});
export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image_url: z.string(),
  link_url: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;
