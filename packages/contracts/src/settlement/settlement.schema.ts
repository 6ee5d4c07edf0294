/**
 * Settlement read calls (`/agent/v1/sett/order/aggr`, `/sett/order/aggregation`, `/sett/app/list`,
 * `/sett/order/page`, `/sett/daily/page`, `/sett/data/export`): queries, the share order row, headline
 * figures, per-app and per-day figures, with the display texts of statuses and types.
 *
 * Conventions: amounts are yuan strings with two decimals (`fenToYuan`); a refund row (order_type 2) counts
 * negative, so every sum is income net of refunds. Days and months are Asia/Shanghai calendar days; a share
 * belongs to the Beijing day of its `order_at`.
 */
import { z } from 'zod';
import type { OrderType } from '../enums.js';
import { SettStatus, ShareType } from '../enums.js';
import { pageQuerySchema, pagedSchema } from '../envelope.js';
import { ErrorMessages } from '../errors.js';
import { taskTypeSchema } from '../content/content.schema.js';

/** Settlement status display texts. */
export const SETT_STATUS_LABELS: Record<SettStatus, string> = { 1: '待结算', 2: '已结算' };
/** Share type display texts. */
export const SHARE_TYPE_LABELS: Record<ShareType, string> = { 1: '我的分成', 2: '邀请分成', 3: '团长分成', 4: '奖励' };
/** Order type display texts. */
export const ORDER_TYPE_LABELS: Record<OrderType, string> = { 1: '充值', 2: '退款', 3: '广告' };

/** The longest date range `/sett/order/aggregation` answers day by day. */
export const SETT_AGGREGATION_MAX_DAYS = 366;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Days from `start` to `end` inclusive, both YYYY-MM-DD. */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

const dateSchema = (label: string) =>
  z
    .string({ error: `${label}格式应为YYYY-MM-DD` })
    .refine(isCalendarDate, `${label}格式应为YYYY-MM-DD`)
    .meta({ label });

const idSchema = (label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .positive(`${label}不正确`)
    .meta({ label });

const enumValueSchema = <T extends number>(values: readonly T[], label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .refine((v): v is T => (values as readonly number[]).includes(v), `${label}不正确`)
    .transform((v) => v as T)
    .meta({ label });

/** Filters shared by the lists and the export. Dates are Beijing calendar days, both ends included. */
const rangeShape = {
  /** First Beijing day included (YYYY-MM-DD). */
  start_date: dateSchema('开始日期').optional(),
  /** Last Beijing day included (YYYY-MM-DD). */
  end_date: dateSchema('结束日期').optional(),
};

const scopeShape = {
  /** 1 playlet, 2 novel: shares of serials of that type only. */
  task_type: taskTypeSchema.optional(),
  /** Shares of orders from this app only. */
  app_id: idSchema('应用编号').optional(),
};

const orderFilterShape = {
  ...scopeShape,
  /** Shares of this serial (drama or novel) only. */
  serial_id: idSchema('剧集编号').optional(),
  /** 1 my share, 2 invite share, 3 leader share, 4 bonus. */
  share_type: enumValueSchema(Object.values(ShareType), '分成类型').optional(),
  /** 1 to be settled, 2 settled. */
  sett_status: enumValueSchema(Object.values(SettStatus), '结算状态').optional(),
  ...rangeShape,
};

type Range = { start_date?: string | undefined; end_date?: string | undefined };

/** Judged only when both dates are valid, so a bad date reports its own message alone. */
const bothDates = (q: Range): q is Required<Range> =>
  !!q.start_date && !!q.end_date && isCalendarDate(q.start_date) && isCalendarDate(q.end_date);
const rangeOrdered = (q: Range) => !bothDates(q) || q.start_date <= q.end_date;
const rangeOrderedIssue = { message: ErrorMessages.settlementRangeReversed, path: ['end_date'] };

/** `GET /sett/order/aggr`: optional task_type (the figures of that type's serials; `can_out` is the whole wallet). */
export const settOrderAggrQuerySchema = z.object({ task_type: taskTypeSchema.optional() });
export type SettOrderAggrQuery = z.infer<typeof settOrderAggrQuerySchema>;

/**
 * `GET /sett/order/aggregation`: by app and by day over a Beijing date range (default: the last 30 days up to today;
 * at most 366 days).
 */
export const settAggregationQuerySchema = z
  .object({ ...scopeShape, ...rangeShape })
  .refine(rangeOrdered, rangeOrderedIssue)
  .refine((q) => !bothDates(q) || daysInRange(q.start_date, q.end_date) <= SETT_AGGREGATION_MAX_DAYS, {
    message: `日期范围不能超过${SETT_AGGREGATION_MAX_DAYS}天`,
    path: ['end_date'],
  });
export type SettAggregationQuery = z.infer<typeof settAggregationQuerySchema>;

/** `GET /sett/app/list?task_type=`: the apps of that task type (default 1 playlet) with the creator's figures. */
export const settAppListQuerySchema = z.object({ task_type: taskTypeSchema.default(1) });
export type SettAppListQuery = z.infer<typeof settAppListQuerySchema>;

/** `GET /sett/order/page`: share orders, newest first. */
export const settOrderPageQuerySchema = pageQuerySchema
  .extend(orderFilterShape)
  .refine(rangeOrdered, rangeOrderedIssue);
export type SettOrderPageQuery = z.infer<typeof settOrderPageQuerySchema>;

/** `GET /sett/daily/page`: one row per Beijing day with any share, newest day first. */
export const settDailyPageQuerySchema = pageQuerySchema
  .extend({ ...scopeShape, ...rangeShape })
  .refine(rangeOrdered, rangeOrderedIssue);
export type SettDailyPageQuery = z.infer<typeof settDailyPageQuerySchema>;

export const SETT_EXPORT_KINDS = ['orders', 'daily'] as const;
export type SettExportKind = (typeof SETT_EXPORT_KINDS)[number];

/**
 * `GET /sett/data/export`: an .xlsx download (not an envelope) of the share orders (`kind=orders`, the filters of
 * `/sett/order/page`) or of the daily figures (`kind=daily`, the filters of `/sett/daily/page`). Failures still
 * answer the JSON envelope.
 */
export const settExportQuerySchema = z
  .object({
    kind: z.enum(SETT_EXPORT_KINDS, { error: '导出类型不正确' }).default('orders').meta({ label: '导出类型' }),
    ...orderFilterShape,
  })
  .refine(rangeOrdered, rangeOrderedIssue);
export type SettExportQuery = z.infer<typeof settExportQuerySchema>;

/** A share order: one share of one app order credited to this creator. */
export const shareOrderSchema = z.object({
  /** Share row id: stable key for lists. */
  id: z.number().int(),
  /** The app's own order number as reported, so creator and partner name it alike; a bonus's grant number. */
  order_id: z.string(),
  /** Our internal number of this share row (`O{order}-{share type}`, `B:{request_id}` for a bonus). */
  order_no: z.string(),
  /** When the app's order was placed (ISO 8601, UTC). */
  order_at: z.string(),
  /** 1 to be settled, 2 settled. */
  sett_status: z.number().int(),
  /** '待结算' or '已结算'. */
  sett_status_text: z.string(),
  /** Beijing day (YYYY-MM-DD) the share becomes due for settlement; null when not scheduled. */
  expected_sett_date: z.string().nullable(),
  /** 1 my share, 2 invite share, 3 leader share, 4 bonus. */
  share_type: z.number().int(),
  /** '我的分成', '邀请分成', '团长分成' or '奖励'. */
  share_type_text: z.string(),
  /** Nickname of the creator whose promotion brought the order (this creator for their own share); '' for a bonus. */
  attract_agent: z.string(),
  /** Platform of the promotion: 1 short-video app … 5 other. */
  platform: z.number().int(),
  /** The platform's display text. */
  platform_text: z.string(),
  /** 1 recharge, 2 refund, 3 ad revenue. */
  order_type: z.number().int(),
  /** '充值', '退款' or '广告'. */
  order_type_text: z.string(),
  /** This creator's share, yuan with two decimals; negative on a refund row. */
  share_amount: z.string(),
  /** The serial (drama or novel) the order came from; null for a bonus. */
  serial_id: z.number().int().nullable(),
  /** The serial's name; '' when there is none. */
  serial_name: z.string(),
  /** 1 playlet, 2 novel (of the serial); null for a bonus. */
  task_type: z.number().int().nullable(),
  /** The app that reported the order; null for a bonus. */
  app_id: z.number().int().nullable(),
  /** The app's name; '' when there is none. */
  app_name: z.string(),
  /** The ad amount of an ad-revenue order, else the recharge amount; yuan, two decimals, negative on a refund row. */
  order_amount: z.string(),
  /** The ad revenue the app reported (order_type 3), yuan with two decimals; "0.00" on recharges and refunds. */
  ad_amount: z.string(),
});
export type ShareOrder = z.infer<typeof shareOrderSchema>;

/** `GET /sett/order/page`: `{ data: ShareOrder[], page }`. */
export const settOrderPageSchema = pagedSchema(shareOrderSchema);

/** `GET /sett/order/aggr`: the headline figures of the income page (share income net of refunds). */
export const settOrderAggrSchema = z.object({
  /** Shares of orders placed today (Beijing day). */
  today: z.string(),
  /** Shares of orders placed yesterday (Beijing day). */
  yesterday: z.string(),
  /** Shares of orders placed this Beijing calendar month. */
  this_month: z.string(),
  /** All shares ever. */
  total: z.string(),
  /** Shares already settled into the wallet (sett_status 2). */
  settled: z.string(),
  /** Shares waiting for settlement (sett_status 1). */
  to_be_settled: z.string(),
  /** Withdrawable now: the wallet balance minus holds (same figure as the credit income summary). */
  can_out: z.string(),
});
export type SettOrderAggr = z.infer<typeof settOrderAggrSchema>;

/** Figures over a set of shares: counts and yuan sums, net of refunds. */
const figuresShape = {
  /** Recharge orders (order_type 1) among the shares. */
  order_count: z.number().int(),
  /** Refund orders (order_type 2) among the shares. */
  refund_count: z.number().int(),
  /** Ad amount of the orders, net of refunds, yuan. */
  order_amount: z.string(),
  /** Share income, net of refunds, yuan. */
  share_amount: z.string(),
  /** Part of share_amount already settled, yuan. */
  settled_amount: z.string(),
  /** Part of share_amount waiting for settlement, yuan. */
  to_be_settled_amount: z.string(),
};

/** One app's figures (`/sett/app/list` rows and `aggregation.by_app`). */
export const settAppFiguresSchema = z.object({
  /** The app; null gathers shares without an app (bonuses) in `by_app`. */
  app_id: z.number().int().nullable(),
  /** The app's name ('其他' for the null app). */
  app_name: z.string(),
  /** The app's icon URL ('' for the null app). */
  app_icon: z.string(),
  ...figuresShape,
});
export type SettAppFigures = z.infer<typeof settAppFiguresSchema>;

/** One Beijing day's figures (`/sett/daily/page` rows and `aggregation.by_day`). */
export const settDayFiguresSchema = z.object({
  /** Beijing calendar day, YYYY-MM-DD. */
  date: z.string(),
  ...figuresShape,
});
export type SettDayFigures = z.infer<typeof settDayFiguresSchema>;

/** `GET /sett/daily/page`: `{ data: SettDayFigures[], page }`. */
export const settDailyPageSchema = pagedSchema(settDayFiguresSchema);

/** `GET /sett/order/aggregation`: figures of the range by app and by day. */
export const settAggregationSchema = z.object({
  /** The Beijing range answered (the defaults filled in). */
  start_date: z.string(),
  end_date: z.string(),
  /** Apps with any share in the range, highest share_amount first. */
  by_app: z.array(settAppFiguresSchema),
  /** Every day of the range in order, days without shares as zeros (ready for a chart). */
  by_day: z.array(settDayFiguresSchema),
});
export type SettAggregation = z.infer<typeof settAggregationSchema>;

/**
 * A row of `/sett/app/list`: the app's figures with its share income split into what the creator's own
 * tasks earned (share type 1, net of refunds: the sum of my tasks' `share_amount` over the app's tasks) and what
 * their team and invitees brought (leader, invite and bonus shares).
 */
export const settAppListRowSchema = settAppFiguresSchema.extend({
  /** Yuan earned by the creator's own promotion of this app's tasks (share type 1), refunds deducted. */
  own_share_amount: z.string(),
  /** Yuan of the other share types (team leader, invite, bonus): share_amount − own_share_amount. */
  team_share_amount: z.string(),
});
export type SettAppListRow = z.infer<typeof settAppListRowSchema>;

/** `GET /sett/app/list`: every listed app of the task type, and any other with shares, highest income first. */
export const settAppListSchema = z.object({ data: z.array(settAppListRowSchema) });
export type SettAppList = z.infer<typeof settAppListSchema>;
