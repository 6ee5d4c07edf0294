/**
 * Withdrawals: the creator's `/agent/v1/sett/cash_out/*` (with `cancel` while still pending), and the operators'
 * review, payout and bank batches in their own object, which the web app never imports.
 */
import { endpoint } from '../endpoint.js';
import { opsAccess } from '../operator/operator-roles.js';
import { pagedSchema } from '../envelope.js';
import {
  bankBatchConfirmRequestSchema,
  bankBatchDetailSchema,
  bankBatchIdParamSchema,
  bankBatchQuerySchema,
  bankBatchSchema,
} from './bank-batch.schema.js';
import {
  cashOutApplyRequestSchema,
  cashOutCancelRequestSchema,
  cashOutDetailQuerySchema,
  cashOutFirstSchema,
  cashOutPageQuerySchema,
  cashOutTaxRequestSchema,
  cashOutTaxSchema,
  opsPayWithdrawalSchema,
  opsRejectWithdrawalSchema,
  opsWithdrawalQuerySchema,
  opsWithdrawalSchema,
  withdrawalIdParamSchema,
  withdrawalRecordSchema,
} from './withdrawal.schema.js';

const tag = '提现';

const tax = endpoint({
  method: 'POST',
  path: '/agent/v1/sett/cash_out/tax',
  guard: 'creator',
  tag,
  summary: '预估提现个税',
  body: cashOutTaxRequestSchema,
  response: cashOutTaxSchema,
});

const apply = endpoint({
  method: 'POST',
  path: '/agent/v1/sett/cash_out/apply',
  guard: 'creator',
  tag,
  summary: '申请提现',
  description:
    '需实名、已签约并绑定收款账户；金额在最低与最高限额之间且不超过可提现余额。需要短信验证码（银行卡类型 3，支付宝类型 4），或在资金会话有效期内（10 分钟，绑定登录和设备 `x-device-id`）免验证码。个税为预估，打款时确定。',
  body: cashOutApplyRequestSchema,
  response: withdrawalRecordSchema,
  successText: '提现申请已提交，个税为预估，以打款时计算为准',
  errors: [
    'realNameRequired',
    'contractUnsigned',
    'payeeAccountMissing',
    'withdrawBelowMinimum',
    'withdrawAboveMaximum',
    'withdrawAboveBalance',
    'moneyCodeRequired',
    'smsCodeInvalid',
    'smsCodeBurned',
  ],
});

const cancel = endpoint({
  method: 'POST',
  path: '/agent/v1/sett/cash_out/cancel',
  guard: 'creator',
  tag,
  summary: '取消审核中的提现（金额退回可提现余额）',
  body: cashOutCancelRequestSchema,
  response: withdrawalRecordSchema,
  successText: '提现已取消，金额已退回可提现余额',
  errors: ['withdrawalNotFound', 'withdrawalCancelTaken', 'withdrawalCancelClosed'],
});

const page = endpoint({
  method: 'GET',
  path: '/agent/v1/sett/cash_out/page',
  guard: 'creator',
  tag,
  summary: '提现与钱包支付记录（分页）',
  query: cashOutPageQuerySchema,
  response: pagedSchema(withdrawalRecordSchema),
});

const detail = endpoint({
  method: 'GET',
  path: '/agent/v1/sett/cash_out/detail',
  guard: 'creator',
  tag,
  summary: '提现记录详情',
  query: cashOutDetailQuerySchema,
  response: withdrawalRecordSchema,
  errors: ['withdrawalNotFound'],
});

const first = endpoint({
  method: 'GET',
  path: '/agent/v1/sett/cash_out/first',
  guard: 'creator',
  tag,
  summary: '提现页的准备情况（首次提现、限额、可提现余额、实名等）',
  response: cashOutFirstSchema,
});

export const withdrawalApi = {
  tax,
  apply,
  cancel,
  page,
  detail,
  first,
} as const;

const opsTag = '运营·提现';

const list = endpoint({
  method: 'GET',
  path: '/ops/v1/withdrawals',
  guard: 'operator',
  roles: opsAccess.financeRead,
  tag: opsTag,
  summary: '提现列表（可按状态、收款方式筛选）',
  query: opsWithdrawalQuerySchema,
  response: pagedSchema(opsWithdrawalSchema),
});

const approve = endpoint({
  method: 'POST',
  path: '/ops/v1/withdrawals/:id/approve',
  guard: 'operator',
  roles: opsAccess.finance,
  tag: opsTag,
  summary: '同意提现',
  params: withdrawalIdParamSchema,
  response: withdrawalRecordSchema,
  successText: '已同意提现',
  errors: ['withdrawalNotFound', 'withdrawalBadTransition'],
});

const reject = endpoint({
  method: 'POST',
  path: '/ops/v1/withdrawals/:id/reject',
  guard: 'operator',
  roles: opsAccess.finance,
  tag: opsTag,
  summary: '驳回提现（冻结金额退回）',
  params: withdrawalIdParamSchema,
  body: opsRejectWithdrawalSchema,
  response: withdrawalRecordSchema,
  successText: '已驳回，冻结金额已退回',
  errors: ['withdrawalNotFound', 'withdrawalBadTransition'],
});

const pay = endpoint({
  method: 'POST',
  path: '/ops/v1/withdrawals/:id/pay',
  guard: 'operator',
  roles: opsAccess.finance,
  tag: opsTag,
  summary: '打款：支付宝转账，或确认银行卡线下打款',
  description: '支付宝提现由平台发起转账；银行卡提现只能 `offline: true` 确认线下已打款（或走银行批次）。',
  params: withdrawalIdParamSchema,
  body: opsPayWithdrawalSchema,
  response: withdrawalRecordSchema,
  successText: '已发起支付宝打款',
  errors: [
    'withdrawalNotFound',
    'withdrawalBadTransition',
    'withdrawalOfflineBankOnly',
    'withdrawalOfflineRequired',
    'withdrawalPayoutUnresolved',
  ],
});

const createBankBatch = endpoint({
  method: 'POST',
  path: '/ops/v1/withdrawals/bank-batches',
  guard: 'operator',
  roles: opsAccess.finance,
  tag: opsTag,
  summary: '生成银行打款批次（已同意的银行卡提现转为打款中）',
  response: bankBatchDetailSchema,
  errors: ['bankBatchEmpty'],
});

const bankBatches = endpoint({
  method: 'GET',
  path: '/ops/v1/withdrawals/bank-batches',
  guard: 'operator',
  roles: opsAccess.financeRead,
  tag: opsTag,
  summary: '银行打款批次列表',
  query: bankBatchQuerySchema,
  response: pagedSchema(bankBatchSchema),
});

const bankBatch = endpoint({
  method: 'GET',
  path: '/ops/v1/withdrawals/bank-batches/:id',
  guard: 'operator',
  roles: opsAccess.financeRead,
  tag: opsTag,
  summary: '银行打款批次详情（逐笔结果）',
  params: bankBatchIdParamSchema,
  response: bankBatchDetailSchema,
  errors: ['bankBatchNotFound'],
});

const bankBatchFile = endpoint({
  method: 'GET',
  path: '/ops/v1/withdrawals/bank-batches/:id/file',
  guard: 'operator',
  roles: opsAccess.financeRead,
  tag: opsTag,
  summary: '下载批次的银行打款文件（CSV）',
  params: bankBatchIdParamSchema,
  answer: 'file',
  errors: ['bankBatchNotFound'],
});

const confirmBankBatch = endpoint({
  method: 'POST',
  path: '/ops/v1/withdrawals/bank-batches/:id/confirm',
  guard: 'operator',
  roles: opsAccess.finance,
  tag: opsTag,
  summary: '按银行结果确认批次（逐笔成功或退回）',
  description: '请求体为逐笔决定（JSON），或银行的结果文件（`content-type: text/csv`），后者读成同样的决定再校验。',
  params: bankBatchIdParamSchema,
  body: bankBatchConfirmRequestSchema,
  response: bankBatchDetailSchema,
  successText: '已按银行结果确认',
  errors: [
    'bankBatchNotFound',
    'bankBatchRowMissing',
    'bankBatchDecisionConflict',
    'bankResultFileInvalid',
    'withdrawalNotFound',
    'withdrawalBadTransition',
  ],
});

export const opsWithdrawalApi = {
  list,
  approve,
  reject,
  pay,
  createBankBatch,
  bankBatches,
  bankBatch,
  bankBatchFile,
  confirmBankBatch,
} as const;
