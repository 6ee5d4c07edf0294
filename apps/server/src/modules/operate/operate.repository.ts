/** The publishing calendar's rows: one creator's planned posts, always read and written by their owner's id. */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, OperateCalendarItemTable } from '../../db/schema.js';

export type CalendarRow = Omit<OperateCalendarItemTable, 'id' | 'note' | 'status'> & {
  id: number;
  note: string;
  status: 'planned' | 'done';
};
export type CalendarWrite = Omit<CalendarRow, 'id' | 'agent_id' | 'created_at'>;

export class OperateRepository {
  constructor(private readonly db: Db) {}

  /** The creator's items planned within [from, to), in time order. */
  between(agentId: number, from: number, to: number): Promise<CalendarRow[]> {
    return this.db
      .selectFrom('operate_calendar_items')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('planned_at', '>=', from)
      .where('planned_at', '<', to)
      .orderBy('planned_at')
      .orderBy('id')
      .execute();
  }

  async countOwn(agentId: number, trx: Transaction<Database> | Db = this.db): Promise<number> {
    const row = await trx
      .selectFrom('operate_calendar_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('agent_id', '=', agentId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  ownById(agentId: number, id: number, trx: Transaction<Database> | Db = this.db): Promise<CalendarRow | undefined> {
    return trx
      .selectFrom('operate_calendar_items')
      .selectAll()
      .where('id', '=', id)
      .where('agent_id', '=', agentId)
      .executeTakeFirst();
  }

  async insert(row: Omit<CalendarRow, 'id'>, trx: Transaction<Database>): Promise<number> {
    const { id } = await trx.insertInto('operate_calendar_items').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  }

  /** Whether the creator's item was there to change. */
  async update(agentId: number, id: number, changes: CalendarWrite): Promise<boolean> {
    const result = await this.db
      .updateTable('operate_calendar_items')
      .set(changes)
      .where('id', '=', id)
      .where('agent_id', '=', agentId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(agentId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('operate_calendar_items')
      .where('id', '=', id)
      .where('agent_id', '=', agentId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
