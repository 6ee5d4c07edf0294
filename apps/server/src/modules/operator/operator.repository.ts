/** SQL for operator accounts, recovery codes, sessions, API keys and the audit log. */
import type { OperatorRole } from '@cc/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { OperatorAuditTable } from '../../db/schema.js';

export interface AuditFilter {
  operator_id: number | undefined;
  api_key_id: number | undefined;
  action: string | undefined;
  object_type: string | undefined;
  object_id: string | undefined;
  from: number | undefined;
  to: number | undefined;
}

export class OperatorRepository {
  constructor(private readonly db: Db) {}

  async insertOperator(
    row: { username: string; password_hash: string; role: OperatorRole; totp_secret: string; created_by: string },
    recoveryHashes: string[],
    now: number,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('operators')
        .values({ ...row, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('operator_recovery_codes')
        .values(recoveryHashes.map((code_hash) => ({ operator_id: id, code_hash })))
        .execute();
      return Number(id);
    });
  }

  listOperators() {
    return this.db.selectFrom('operators').selectAll().orderBy('id').execute();
  }

  findOperator(id: number) {
    return this.db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findOperatorByUsername(username: string) {
    return this.db.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
  }

  async disableOperator(id: number, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('operators')
        .set({ disabled_at: now })
        .where('id', '=', id)
        .where('disabled_at', 'is', null)
        .execute();
      await trx
        .updateTable('operator_sessions')
        .set({ revoked_at: now })
        .where('operator_id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    });
  }

  /** One more failure in a row; the count after it. */
  async countFailure(id: number): Promise<number> {
    const row = await this.db
      .updateTable('operators')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', '=', id)
      .returning('failed_attempts')
      .executeTakeFirstOrThrow();
    return Number(row.failed_attempts);
  }

  async lock(id: number, until: number): Promise<void> {
    await this.db
      .updateTable('operators')
      .set({ locked_until: until, failed_attempts: 0 })
      .where('id', '=', id)
      .execute();
  }

  /** Records the TOTP step used, unless one as new was used meanwhile: false then (the code was already spent). */
  async spendTotpStep(id: number, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('operators')
      .set({ totp_last_step: step })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Marks an unused recovery code of the operator used; false when there is none with that hash. */
  async spendRecoveryCode(operatorId: number, codeHash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('operator_recovery_codes')
      .set({ used_at: now })
      .where('operator_id', '=', operatorId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows >= 1n;
  }

  async recordLogin(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('operators')
      .set({ failed_attempts: 0, locked_until: null, last_login_at: now })
      .where('id', '=', id)
      .execute();
  }

  async insertSession(row: {
    operator_id: number;
    token_hash: string;
    ip: string;
    user_agent: string;
    created_at: number;
    idle_expires_at: number;
    absolute_expires_at: number;
  }): Promise<void> {
    await this.db
      .insertInto('operator_sessions')
      .values({ ...row, last_seen_at: row.created_at })
      .execute();
  }

  findSessionByHash(tokenHash: string) {
    return this.db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select([
        's.id',
        's.operator_id',
        's.last_seen_at',
        's.idle_expires_at',
        's.absolute_expires_at',
        's.revoked_at',
        'o.role',
        'o.disabled_at',
      ])
      .where('s.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async touchSession(id: number, now: number, idleExpiresAt: number): Promise<void> {
    await this.db
      .updateTable('operator_sessions')
      .set({ last_seen_at: now, idle_expires_at: idleExpiresAt })
      .where('id', '=', id)
      .execute();
  }

  async revokeSessions(where: { sessionId: number } | { operatorId: number }, now: number): Promise<void> {
    await this.db
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where(
        'sessionId' in where ? 'id' : 'operator_id',
        '=',
        'sessionId' in where ? where.sessionId : where.operatorId,
      )
      .where('revoked_at', 'is', null)
      .execute();
  }

  async insertApiKey(row: {
    name: string;
    role: OperatorRole;
    key_hash: string;
    prefix: string;
    created_by: string;
    created_at: number;
  }): Promise<number> {
    const { id } = await this.db.insertInto('operator_api_keys').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  }

  listApiKeys() {
    return this.db
      .selectFrom('operator_api_keys')
      .select(['id', 'name', 'role', 'prefix', 'created_at', 'last_used_at', 'revoked_at'])
      .orderBy('id')
      .execute();
  }

  findApiKey(id: number) {
    return this.db
      .selectFrom('operator_api_keys')
      .select(['id', 'name', 'role', 'prefix', 'created_at', 'last_used_at', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findApiKeyByHash(keyHash: string) {
    return this.db
      .selectFrom('operator_api_keys')
      .select(['id', 'role', 'revoked_at'])
      .where('key_hash', '=', keyHash)
      .executeTakeFirst();
  }

  async markApiKeyUsed(id: number, now: number): Promise<void> {
    await this.db.updateTable('operator_api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
  }

  async revokeApiKey(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('operator_api_keys')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async insertAudit(row: Insertable<OperatorAuditTable>): Promise<void> {
    await this.db.insertInto('operator_audit').values(row).execute();
  }

  private auditWhere(filter: AuditFilter) {
    let query = this.db.selectFrom('operator_audit');
    if (filter.operator_id !== undefined) query = query.where('operator_id', '=', filter.operator_id);
    if (filter.api_key_id !== undefined) query = query.where('api_key_id', '=', filter.api_key_id);
    if (filter.action !== undefined) query = query.where('action', '=', filter.action);
    if (filter.object_type !== undefined) query = query.where('object_type', '=', filter.object_type);
    if (filter.object_id !== undefined) query = query.where('object_id', '=', filter.object_id);
    if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
    return query;
  }

  async auditPage(filter: AuditFilter, limit: number, offset: number) {
    const [rows, count] = await Promise.all([
      this.auditWhere(filter).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      this.auditWhere(filter)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
