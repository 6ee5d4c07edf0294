/** SQL of service-agreement signatures and the sign fields of agents. */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ContractSignatureTable, Database } from '../../db/schema.js';

export class ContractRepository {
  constructor(private readonly db: Db) {}

  signature(agentId: number, version: string, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('contract_signatures')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  async insert(trx: Transaction<Database>, row: Insertable<ContractSignatureTable>): Promise<void> {
    await trx.insertInto('contract_signatures').values(row).execute();
    await trx
      .updateTable('agents')
      .set({ sign_status: 1, sign_phone: row.sign_phone, signed_at: row.signed_at, updated_at: row.signed_at })
      .where('id', '=', row.agent_id)
      .execute();
  }
}
