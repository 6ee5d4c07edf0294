/** Promotion shapes: the receive result (links and code), activation, and the rows of my tasks with their figures. */
import { z } from 'zod';
import { TaskType } from '../enums.js';
import { taskTypeSchema } from '../content/content.schema.js';
import { pageQuerySchema } from '../envelope.js';

export const receiveRequestSchema = z.object({
  task_id: z.coerce.number({ error: '任务编号不正确' }).int('任务编号不正确').positive('任务编号不正确'),
  task_type: taskTypeSchema,
});

export const receiveResultSchema = z.object({
  atr_id: z.number().int(),
  /** Short address served by this product that counts the click and redirects to the app's landing page. */
  serial_link: z.string(),
  /** The app's deep link carrying the promotion code. */
  app_link: z.string(),
  /** The agent's promotion code (口令) for this task. */
  code: z.string(),
  /** Tutorial video on a video-sharing site. */
  facebook_url: z.string(),
  /** Tutorial video for a short-video app. */
  tiktok_url: z.string(),
});
export type ReceiveResult = z.infer<typeof receiveResultSchema>;

export const activeResultSchema = z.object({ atr_id: z.number().int(), actived_at: z.string() });

export const activeRequestSchema = z.object({
  atr_id: z.coerce.number({ error: '推广记录不正确' }).int('推广记录不正确').positive('推广记录不正确'),
});

export const myTaskQuerySchema = pageQuerySchema.extend({ task_type: taskTypeSchema.optional() });

export const myTaskRowSchema = z.object({
  atr_id: z.number().int(),
  task_id: z.number().int(),
  task_type: z.number().int(),
  app_id: z.number().int(),
  app_name: z.string(),
  app_icon: z.string(),
  serial_name: z.string(),
  title: z.string(),
  cover: z.string(),
  code: z.string(),
  click_count: z.number().int(),
  order_count: z.number().int(),
  /** Yuan with two decimals. */
  order_amount: z.string(),
  ad_amount: z.string(),
  share_amount: z.string(),
  actived_at: z.string(),
});
export type MyTaskRow = z.infer<typeof myTaskRowSchema>;

/** The copy-ready text of the 口令推广文案 row of the promotion dialog: short dramas are watched, novels are read. */
export function promotionCopyText(
  serialName: string,
  appName: string,
  code: string,
  taskType: number = TaskType.Playlet,
): string {
  return taskType === TaskType.Novel
    ? `【${serialName}】火热连载中！打开「${appName}」搜索口令「${code}」即可免费阅读全文。`
    : `【${serialName}】正在热播！打开「${appName}」搜索口令「${code}」即可免费观看全集。`;
}

/** What one part of a serial is called: 集 (episode) for a short drama, 章 (chapter) for a novel. */
export function partUnit(taskType: number): '集' | '章' {
  return taskType === TaskType.Novel ? '章' : '集';
}

/** The creator's headline figures on `/home`, summed over their active tasks. */
export const promotionOverviewSchema = z.object({
  task_count: z.number().int(),
  click_count: z.number().int(),
  order_count: z.number().int(),
  /** Yuan with two decimals. */
  share_amount: z.string(),
});
export type PromotionOverview = z.infer<typeof promotionOverviewSchema>;

/** `/s/{code}`: the short link's promotion code, matched without regard to case. */
export const shortLinkParamsSchema = z.object({ code: z.string().max(32).meta({ label: '推广码' }) });
