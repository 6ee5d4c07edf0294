/**
 * Income and settlement: the creator's settlement figures and export (`/agent/v1/sett/`), the partner apps'
 * signed open API (docs/open-api.md), the demo apps' simulated recharge, and the operators' income calls (ADR 0012).
 */
import { endpoint } from '../endpoint.js';
import { opsAccess } from '../operator/operator-roles.js';
import {
  attributeHeldOrderSchema,
  bonusRequestSchema,
  bonusResultSchema,
  demoRechargeBodySchema,
  demoRechargeParamsSchema,
  heldOrderDecisionSchema,
  heldOrderIdParamSchema,
  heldOrderPageSchema,
  heldOrderQuerySchema,
  openOrderResultSchema,
  openOrderSchema,
  orderImportQuerySchema,
  orderImportResultSchema,
  partnerAppIdParamSchema,
  partnerAppLimitsResultSchema,
  partnerAppLimitsSchema,
  partnerAppListSchema,
  rejectHeldOrderSchema,
  rotatedPartnerAppSchema,
  settlementRunResultSchema,
} from './open-order.schema.js';
import {
  settAggregationQuerySchema,
  settAggregationSchema,
  settAppListQuerySchema,
  settAppListSchema,
  settDailyPageQuerySchema,
  settDailyPageSchema,
  settExportQuerySchema,
  settOrderAggrQuerySchema,
  settOrderAggrSchema,
  settOrderPageQuerySchema,
  settOrderPageSchema,
} from './settlement.schema.js';

const tag = '收益结算';

const headline = endpoint({
  method: 'GET',
  path: '/agent/v1/sett/order/aggr',
  guard: 'creator',
  tag,
  summary: '收益概览（累计、待结算、可提现）',
  query: settOrderAggrQuerySchema,
  response: settOrderAggrSchema,
});

const aggregation = endpoint({
  method: 'GET',
  path: '/agent/v1/sett/order/aggregation',
  guard: 'creator',
  tag,
  summary: '按应用、按日的收益汇总',
  description: '日期区间最长 366 天，开始日不能晚于结束日。',
  query: settAggregationQuerySchema,
  response: settAggregationSchema,
  errors: ['settlementRangeReversed', 'settlementRangeTooLong'],
});

const appList = endpoint({
  method: 'GET',
  path: '/agent/v1/sett/app/list',
  guard: 'creator',
  tag,
  summary: '有收益的应用列表',
  query: settAppListQuerySchema,
  response: settAppListSchema,
});

const orderPage = endpoint({
  method: 'GET',
  path: '/agent/v1/sett/order/page',
  guard: 'creator',
  tag,
  summary: '分成订单明细（分页）',
  query: settOrderPageQuerySchema,
  response: settOrderPageSchema,
});

const dailyPage = endpoint({
  method: 'GET',
  path: '/agent/v1/sett/daily/page',
  guard: 'creator',
  tag,
  summary: '每日收益（分页）',
  query: settDailyPageQuerySchema,
  response: settDailyPageSchema,
});

const exportData = endpoint({
  method: 'GET',
  path: '/agent/v1/sett/data/export',
  guard: 'creator',
  tag,
  summary: '导出分成订单或每日收益（Excel）',
  description: '成功时回答 .xlsx 文件（边查边写）；失败时回答信封。',
  query: settExportQuerySchema,
  answer: 'file',
});

/** The partner's example order (docs/open-api.md §10): valid as it stands, in the past, so never refused as future. */
const OPEN_ORDER_EXAMPLE = {
  order_id: 'A1001',
  code: 'ABCD2345',
  order_type: 1,
  amount: '12.34',
  order_at: '2026-11-20T10:00:00+08:00',
} as const;

const openOrder = endpoint({
  method: 'POST',
  path: '/open/v1/orders',
  guard: 'partner',
  tag,
  summary: '合作方上报订单（充值、退款、广告收入）',
  description: [
    '请求头：`content-type: application/json`；`x-app-key` 应用密钥；`x-timestamp` Unix 秒（与服务器相差不超过 5 分钟）；',
    '`x-signature` = HMAC-SHA256(应用 secret, `<x-timestamp>.<原始请求体>`) 的小写十六进制，对发送的原始字节签名。',
    '重试请用同一请求体（重放回答 `duplicate`）。按 IP 限流（RATE_LIMIT_OPEN_PER_IP）。完整说明、退款顺序和对账见 docs/open-api.md。',
  ].join(''),
  body: openOrderSchema,
  response: openOrderResultSchema,
  errors: [
    'openBodyNotJson',
    'openAppKeyUnknown',
    'openTimestampInvalid',
    'openSignatureInvalid',
    'openBodyInvalid',
    'openOrderAtFuture',
    'openOrderConflict',
    'openRefundExceeds',
  ],
  example: { body: OPEN_ORDER_EXAMPLE },
});

const demoRecharge = endpoint({
  method: 'POST',
  path: '/dev/demo/apps/:key/recharge',
  guard: 'local',
  tag,
  summary: '演示应用模拟充值（仅开发环境）',
  description: '演示落地页的表单提交到这里，演示应用经真实的签名开放接口上报一笔充值，然后 303 跳回落地页。',
  params: demoRechargeParamsSchema,
  body: demoRechargeBodySchema,
  formBody: true,
  answer: 'redirect',
});

export const settlementApi = {
  headline,
  aggregation,
  appList,
  orderPage,
  dailyPage,
  exportData,
  openOrder,
  demoRecharge,
} as const;

const opsTag = '运营·收益结算';

const apps = endpoint({
  method: 'GET',
  path: '/ops/v1/apps',
  guard: 'operator',
  roles: opsAccess.contentRead,
  tag: opsTag,
  summary: '合作方应用及其密钥（仅嵌入式部署）',
  description: '生产环境不注册此接口：密钥只在轮换时显示一次。',
  response: partnerAppListSchema,
});

const rotateApp = endpoint({
  method: 'POST',
  path: '/ops/v1/apps/:id/rotate',
  guard: 'operator',
  roles: opsAccess.content,
  tag: opsTag,
  summary: '更换应用密钥（旧密钥立即失效）',
  params: partnerAppIdParamSchema,
  response: rotatedPartnerAppSchema,
  successText: '已更换应用密钥，旧密钥立即失效',
  errors: ['openAppNotFound'],
});

const appLimits = endpoint({
  method: 'GET',
  path: '/ops/v1/apps/:id/limits',
  guard: 'operator',
  roles: opsAccess.contentRead,
  tag: opsTag,
  summary: '应用的订单限制',
  params: partnerAppIdParamSchema,
  response: partnerAppLimitsResultSchema,
  errors: ['openAppNotFound'],
});

const setAppLimits = endpoint({
  method: 'PUT',
  path: '/ops/v1/apps/:id/limits',
  guard: 'operator',
  roles: opsAccess.content,
  tag: opsTag,
  summary: '设置应用的订单限制',
  params: partnerAppIdParamSchema,
  body: partnerAppLimitsSchema,
  response: partnerAppLimitsResultSchema,
  successText: '已保存订单限制',
  errors: ['openAppNotFound'],
});

const heldOrders = endpoint({
  method: 'GET',
  path: '/ops/v1/orders/unattributed',
  guard: 'operator',
  roles: opsAccess.financeRead,
  tag: opsTag,
  summary: '待处理订单（未归属或超出限制）',
  query: heldOrderQuerySchema,
  response: heldOrderPageSchema,
});

const attributeHeldOrder = endpoint({
  method: 'POST',
  path: '/ops/v1/orders/unattributed/:id/attribute',
  guard: 'operator',
  roles: opsAccess.finance,
  tag: opsTag,
  summary: '归属待处理订单',
  params: heldOrderIdParamSchema,
  body: attributeHeldOrderSchema,
  response: heldOrderDecisionSchema,
  successText: '已归属，将在下次结算时按规则结算',
  errors: ['heldOrderNotFound', 'heldOrderDecided', 'heldOrderCodeUnknown'],
});

const rejectHeldOrder = endpoint({
  method: 'POST',
  path: '/ops/v1/orders/unattributed/:id/reject',
  guard: 'operator',
  roles: opsAccess.finance,
  tag: opsTag,
  summary: '驳回待处理订单',
  params: heldOrderIdParamSchema,
  body: rejectHeldOrderSchema,
  response: heldOrderDecisionSchema,
  successText: '已驳回该订单',
  errors: ['heldOrderNotFound', 'heldOrderDecided'],
});

const importOrders = endpoint({
  method: 'POST',
  path: '/ops/v1/orders/import',
  guard: 'operator',
  roles: opsAccess.finance,
  tag: opsTag,
  summary: '以 CSV 导入合作方订单',
  description:
    '请求体为 `text/csv`（表头同开放接口字段），逐行按开放接口的规则和幂等入库；每行回答结果，单行错误不影响其他行。',
  query: orderImportQuerySchema,
  response: orderImportResultSchema,
  errors: ['openAppNotFound'],
});

const bonus = endpoint({
  method: 'POST',
  path: '/ops/v1/bonus',
  guard: 'operator',
  roles: opsAccess.finance,
  tag: opsTag,
  summary: '发放奖励（下次结算入账）',
  description: '`request_id` 必填：同一 `request_id` 只发放一次，内容不同则拒绝。',
  body: bonusRequestSchema,
  response: bonusResultSchema,
  successText: '奖励已发放，将在下次结算时入账',
  errors: ['bonusAgentNotFound', 'idempotencyConflict'],
});

const runSettlement = endpoint({
  method: 'POST',
  path: '/ops/v1/settlement/run',
  guard: 'operator',
  roles: opsAccess.finance,
  tag: opsTag,
  summary: '立即执行一次结算',
  response: settlementRunResultSchema,
});

export const opsSettlementApi = {
  apps,
  rotateApp,
  appLimits,
  setAppLimits,
  heldOrders,
  attributeHeldOrder,
  rejectHeldOrder,
  importOrders,
  bonus,
  runSettlement,
} as const;
