/** Promotion: receiving and activating a task, the creator's tasks and overview, and the short link. */
import { endpoint } from '../endpoint.js';
import { pagedSchema } from '../envelope.js';
import {
  activeRequestSchema,
  activeResultSchema,
  myTaskQuerySchema,
  myTaskRowSchema,
  promotionOverviewSchema,
  receiveRequestSchema,
  receiveResultSchema,
  shortLinkParamsSchema,
} from './promotion.schema.js';

const tag = '推广';

const receive = endpoint({
  method: 'POST',
  path: '/agent/v1/task/receive',
  guard: 'creator',
  tag,
  summary: '领取任务，得到推广口令和短链接',
  description: '同一任务再次领取返回同一口令。',
  body: receiveRequestSchema,
  response: receiveResultSchema,
  errors: ['taskNotFound', 'taskTypeMismatch', 'taskClosed'],
});

const activate = endpoint({
  method: 'POST',
  path: '/agent/v1/task/active',
  guard: 'creator',
  tag,
  summary: '把领取的任务添加到我的任务',
  body: activeRequestSchema,
  formBody: true,
  response: activeResultSchema,
  successText: '已添加到我的任务',
  errors: ['receiptNotFound'],
});

const myTasks = endpoint({
  method: 'GET',
  path: '/agent/v1/task/my_task',
  guard: 'creator',
  tag,
  summary: '我的任务（点击、订单与分成）',
  query: myTaskQuerySchema,
  response: pagedSchema(myTaskRowSchema),
});

const overview = endpoint({
  method: 'GET',
  path: '/agent/v1/task/overview',
  guard: 'creator',
  tag,
  summary: '推广概览（首页）',
  response: promotionOverviewSchema,
});

const shortLink = endpoint({
  method: 'GET',
  path: '/s/:code',
  guard: 'anonymous',
  tag,
  summary: '推广短链接',
  description:
    '记一次点击并以 302 跳转到合作方应用的落地页（带 `code` 与 `serial_id` 参数，见 docs/open-api.md §1）；口令不存在或已下线时回答 404 的「链接已失效」页面。',
  params: shortLinkParamsSchema,
  answer: 'redirect',
});

export const promotionApi = {
  receive,
  activate,
  myTasks,
  overview,
  shortLink,
} as const;
