/** Operator rows as the API answers them (times in ISO 8601, no secrets), and the audit log as CSV. */
import type { z } from 'zod';
import type { apiKeySchema, auditEntrySchema, operatorSchema } from '@cc/contracts';
import type { Selectable } from 'kysely';
import { csvCell } from '../../csv.js';
import type { OperatorAuditTable, OperatorTable, OperatorApiKeyTable } from '../../db/schema.js';
import { isoTime } from '../paging.js';

const isoOrNull = (ms: number | null) => (ms === null ? null : isoTime(ms));
const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export function toOperator(row: Selectable<OperatorTable>): z.input<typeof operatorSchema> {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled_at: isoOrNull(row.disabled_at),
    locked_until: isoOrNull(row.locked_until),
    created_at: isoTime(row.created_at),
    last_login_at: isoOrNull(row.last_login_at),
  };
}

export function toApiKey(
  row: Omit<Selectable<OperatorApiKeyTable>, 'key_hash' | 'created_by'>,
): z.input<typeof apiKeySchema> {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    prefix: row.prefix,
    created_at: isoTime(row.created_at),
    last_used_at: isoOrNull(row.last_used_at),
    revoked_at: isoOrNull(row.revoked_at),
  };
}

export type AuditEntry = z.input<typeof auditEntrySchema>;

export function toAuditEntry(row: Selectable<OperatorAuditTable>): AuditEntry {
  return {
    id: row.id,
    operator_id: row.operator_id,
    api_key_id: row.api_key_id,
    actor: row.actor,
    role: row.role,
    action: row.action,
    object_type: row.object_type,
    object_id: row.object_id,
    before: parsed(row.before_json),
    after: parsed(row.after_json),
    ip: row.ip,
    user_agent: row.user_agent,
    created_at: isoTime(row.created_at),
  };
}

const HEADER = [
  '编号',
  '时间',
  '操作者',
  '角色',
  '操作',
  '对象类型',
  '对象编号',
  '变更前',
  '变更后',
  'IP',
  'User-Agent',
];

/** UTF-8 with a BOM so Excel reads the Chinese header. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  const lines = entries.map((entry) =>
    [
      String(entry.id),
      entry.created_at,
      entry.actor,
      entry.role,
      entry.action,
      entry.object_type ?? '',
      entry.object_id ?? '',
      json(entry.before),
      json(entry.after),
      entry.ip,
      entry.user_agent,
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[HEADER.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}
