/** 智能运营: suggestions, the creator's best channel and hour, and the publishing calendar (`/ai/v1/operate/*`). */
import { endpoint } from '../endpoint.js';
import {
  calendarDeleteResponseSchema,
  calendarIdParamsSchema,
  calendarItemInputSchema,
  calendarItemSchema,
  calendarListSchema,
  calendarQuerySchema,
  insightSchema,
  OPERATE_CALENDAR_LIMIT,
  operateInsightQuerySchema,
  suggestionsSchema,
} from './operate.schema.js';

const tag = '智能运营';

const suggestions = endpoint({
  method: 'GET',
  path: '/ai/v1/operate/suggestions',
  guard: 'creator',
  tag,
  summary: '接下来推广哪些短剧（排序，附理由）',
  description: '由热剧榜、本人推广的点击与订单、以及已在推广的任务得出；已在推广的任务不再推荐。',
  response: suggestionsSchema,
});

const insight = endpoint({
  method: 'GET',
  path: '/ai/v1/operate/insight',
  guard: 'creator',
  tag,
  summary: '本人推广的点击与订单：按北京时间小时与平台，以及转化最好的平台和时段',
  query: operateInsightQuerySchema,
  response: insightSchema,
});

const calendar = endpoint({
  method: 'GET',
  path: '/ai/v1/operate/calendar',
  guard: 'creator',
  tag,
  summary: '发布日历：所选日期内的排期（北京时间，按时间先后）',
  query: calendarQuerySchema,
  response: calendarListSchema,
});

const createItem = endpoint({
  method: 'POST',
  path: '/ai/v1/operate/calendar',
  guard: 'creator',
  tag,
  summary: '新增一条排期',
  description: `每人最多保存 ${OPERATE_CALENDAR_LIMIT} 条排期。`,
  body: calendarItemInputSchema,
  response: calendarItemSchema,
  successText: '已加入发布日历',
  errors: ['operateCalendarFull', 'operateTaskNotFound'],
});

const updateItem = endpoint({
  method: 'POST',
  path: '/ai/v1/operate/calendar/:id',
  guard: 'creator',
  tag,
  summary: '修改一条排期（含标记已发布）',
  params: calendarIdParamsSchema,
  body: calendarItemInputSchema,
  response: calendarItemSchema,
  successText: '排期已保存',
  errors: ['operateItemNotFound', 'operateTaskNotFound'],
});

const deleteItem = endpoint({
  method: 'POST',
  path: '/ai/v1/operate/calendar/:id/delete',
  guard: 'creator',
  tag,
  summary: '删除一条排期',
  params: calendarIdParamsSchema,
  response: calendarDeleteResponseSchema,
  successText: '排期已删除',
  errors: ['operateItemNotFound'],
});

export const operateApi = { suggestions, insight, calendar, createItem, updateItem, deleteItem } as const;
