/** The books check for operators (finance): read-only, every ledger against the figures it must agree with. */
import { endpoint } from '../endpoint.js';
import { opsAccess } from '../operator/operator-roles.js';
import { reconciliationReportSchema } from './reconciliation.schema.js';

const check = endpoint({
  method: 'GET',
  path: '/ops/v1/reconciliation',
  guard: 'operator',
  roles: opsAccess.financeRead,
  tag: '运营·对账',
  summary: '账目核对（只读）',
  description:
    '按流水重算每项余额（钱包、冻结、提现扣款、结算入账、积分），列出不一致之处（ADR 0024）；不修改任何数据。',
  response: reconciliationReportSchema,
});

export const opsReconciliationApi = { check } as const;
