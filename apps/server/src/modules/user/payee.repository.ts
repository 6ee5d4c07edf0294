/** SQL of payee accounts (one bank card and one Alipay account per creator) and of the identity columns of agents. */
import type { PayeeType } from '@cc/contracts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, PayeeAccountTable } from '../../db/schema.js';

type Trx = Transaction<Database>;

export class PayeeRepository {
  constructor(private readonly db: Db) {}

  accounts(agentId: number, executor: Kysely<Database> = this.db) {
    return executor.selectFrom('payee_accounts').selectAll().where('agent_id', '=', agentId).execute();
  }

  account(agentId: number, type: PayeeType, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('payee_accounts')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('type', '=', type)
      .executeTakeFirst();
  }

  identity(agentId: number, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('agents')
      .select(['id', 'phone', 'real_name', 'id_card_hash', 'id_card_mask', 'sign_status', 'signed_at', 'sign_phone'])
      .where('id', '=', agentId)
      .executeTakeFirst();
  }

  /** The encrypted ID number on file, copied onto a later payee account. */
  async idCardCipherText(trx: Trx, agentId: number): Promise<string> {
    const row = await trx
      .selectFrom('agents')
      .select('id_card_enc')
      .where('id', '=', agentId)
      .executeTakeFirstOrThrow();
    return row.id_card_enc;
  }

  /** Whether another creator already carries this ID number (by its keyed hash). */
  async idCardTakenByOther(trx: Trx, agentId: number, idCardHash: string): Promise<boolean> {
    const other = await trx
      .selectFrom('agents')
      .select('id')
      .where('id_card_hash', '=', idCardHash)
      .where('id', '!=', agentId)
      .executeTakeFirst();
    return other !== undefined;
  }

  async setIdentity(
    trx: Trx,
    agentId: number,
    identity: { real_name: string; id_card_enc: string; id_card_hash: string; id_card_mask: string },
    now: number,
  ): Promise<void> {
    await trx
      .updateTable('agents')
      .set({ ...identity, updated_at: now })
      .where('id', '=', agentId)
      .execute();
  }

  async upsert(trx: Trx, row: Insertable<PayeeAccountTable>): Promise<void> {
    const { agent_id: _agent, type: _type, created_at: _created, ...changes } = row;
    await trx
      .insertInto('payee_accounts')
      .values(row)
      .onConflict((oc) => oc.columns(['agent_id', 'type']).doUpdateSet(changes))
      .execute();
  }
}
