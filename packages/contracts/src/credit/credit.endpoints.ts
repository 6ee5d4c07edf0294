/** Points: the balance and its records, the packages on sale, the retention offer and the free gift. */
import { endpoint } from '../endpoint.js';
import { pagedSchema } from '../envelope.js';
import { FREE_CLAIM_POINTS } from '../constants.js';
import {
  countdownSchema,
  creditDetailQuerySchema,
  creditPackageListSchema,
  creditRecordSchema,
  creditTotalSchema,
  freePointsClaimSchema,
  freePointsStatusSchema,
  retentionClaimSchema,
  retentionOfferSchema,
} from './credit.schema.js';

const tag = '积分';

const total = endpoint({
  method: 'GET',
  path: '/agent/v1/credit/total',
  guard: 'creator',
  tag,
  summary: '积分余额',
  response: creditTotalSchema,
});

const detail = endpoint({
  method: 'GET',
  path: '/agent/v1/credit/detail',
  guard: 'creator',
  tag,
  summary: '积分明细（分页，可按收支筛选）',
  query: creditDetailQuerySchema,
  response: pagedSchema(creditRecordSchema),
});

const packages = endpoint({
  method: 'GET',
  path: '/agent/v1/credit/list',
  guard: 'anonymous',
  tag,
  summary: '在售积分套餐',
  response: creditPackageListSchema,
});

const retention = endpoint({
  method: 'GET',
  path: '/agent/v1/credit/retention',
  guard: 'anonymous',
  tag,
  summary: '挽留优惠套餐（如有）',
  response: retentionOfferSchema,
});

const claimRetention = endpoint({
  method: 'POST',
  path: '/agent/v1/credit/retention/claim',
  guard: 'creator',
  tag,
  summary: '领取挽留优惠（得到截止时间）',
  description: '每位创作者对同一挽留套餐只发放一次优惠，再次调用返回同一截止时间；已过期时 `offer` 为 null。',
  response: retentionClaimSchema,
});

const countdown = endpoint({
  method: 'GET',
  path: '/agent/v1/credit/countdown',
  guard: 'anonymous',
  tag,
  summary: '限时优惠剩余秒数',
  response: countdownSchema,
});

const freePointsStatus = endpoint({
  method: 'GET',
  path: '/activity/agent/receive/point',
  guard: 'creator',
  tag,
  summary: '免费积分领取状态',
  response: freePointsStatusSchema,
});

const claimFreePoints = endpoint({
  method: 'POST',
  path: '/activity/receive/fixed/point',
  guard: 'creator',
  tag,
  summary: `领取 ${FREE_CLAIM_POINTS} 免费积分（每人一次）`,
  response: freePointsClaimSchema,
  successText: `领取成功，${FREE_CLAIM_POINTS}积分已到账`,
  errors: ['freePointsClaimed'],
});

export const creditApi = {
  total,
  detail,
  packages,
  retention,
  claimRetention,
  countdown,
  freePointsStatus,
  claimFreePoints,
} as const;
