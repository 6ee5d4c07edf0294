/** SQL for agents (users). Methods take an optional transaction so services can compose them. */
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AgentUpdate, Database, NewAgent } from '../../db/schema.js';

/** The database or a transaction of it. */
export type Executor = Kysely<Database>;

export class UserRepository {
  constructor(private readonly db: Db) {}

  findById(id: number, executor: Executor = this.db) {
    return executor.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByPhone(phone: string, executor: Executor = this.db) {
    return executor.selectFrom('agents').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  findIdByInviteCode(inviteCode: string, executor: Executor = this.db) {
    return executor
      .selectFrom('agents')
      .select(['id', 'phone'])
      .where('invite_code', '=', inviteCode)
      .executeTakeFirst();
  }

  async inviteCodeTaken(inviteCode: string, executor: Executor = this.db): Promise<boolean> {
    return (await this.findIdByInviteCode(inviteCode, executor)) !== undefined;
  }

  async insert(agent: NewAgent, executor: Executor = this.db): Promise<number> {
    const row = await executor.insertInto('agents').values(agent).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async update(id: number, changes: AgentUpdate, executor: Executor = this.db): Promise<void> {
    await executor.updateTable('agents').set(changes).where('id', '=', id).execute();
  }
}
