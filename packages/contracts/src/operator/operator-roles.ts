/**
 * Operator roles and who may call each operator endpoint. Every `/ops/v1` entry of the endpoint table names its
 * allowed roles (`roles`), taken from `opsAccess` below; the server refuses at start-up an operator entry without one.
 */
export const OPERATOR_ROLES = ['admin', 'reviewer', 'finance', 'content', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OperatorRoleLabels: Record<OperatorRole, string> = {
  admin: '管理员',
  reviewer: '审核',
  finance: '财务',
  content: '内容运营',
  support: '客服（只读）',
};

/**
 * The allowed roles of an entry, by duty: the administrator may call everything; each duty's role its own reads and
 * writes; support reads every duty's lists but writes nothing. Accounts, API keys and the audit log are the admin's.
 */
export const opsAccess = {
  admin: ['admin'],
  anyOperator: OPERATOR_ROLES,
  systemRead: ['admin', 'support'],
  reviewRead: ['admin', 'reviewer', 'support'],
  review: ['admin', 'reviewer'],
  financeRead: ['admin', 'finance', 'support'],
  finance: ['admin', 'finance'],
  contentRead: ['admin', 'content', 'support'],
  content: ['admin', 'content'],
} as const satisfies Record<string, readonly OperatorRole[]>;
