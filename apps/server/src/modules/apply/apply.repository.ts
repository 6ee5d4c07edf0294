/** SQL for creator onboarding applications. */
import { ApplicationStatus, type Platform } from '@cc/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export const LIVE_STATUSES = [1, 2];

export class ApplyRepository {
  constructor(private readonly db: Db) {}

  latestFor(agentId: number, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('agent_applications')
      .selectAll()
      .where('agent_id', '=', agentId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async insert(
    row: {
      agent_id: number;
      real_name: string;
      phone: string;
      platform: Platform;
      channel_link: string;
      follower_range: string;
      experience: string;
      created_at: number;
    },
    executor: Kysely<Database>,
  ): Promise<number> {
    const inserted = await executor
      .insertInto('agent_applications')
      .values({ ...row, status: ApplicationStatus.Pending, reason: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  byId(id: number) {
    return this.db.selectFrom('agent_applications').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Moves a pending application to `status`; false when it was no longer pending (reviewed by someone else). */
  async review(
    id: number,
    status: typeof ApplicationStatus.Approved | typeof ApplicationStatus.Rejected,
    reason: string,
    reviewer: string,
    now: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('agent_applications')
      .set({ status, reason, reviewed_at: now, reviewed_by: reviewer })
      .where('id', '=', id)
      .where('status', '=', ApplicationStatus.Pending)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async markDialogSeen(agentId: number, now: number): Promise<void> {
    await this.db
      .updateTable('agent_applications')
      .set({ dialog_seen_at: now })
      .where('agent_id', '=', agentId)
      .where('status', '=', ApplicationStatus.Approved)
      .where('dialog_seen_at', 'is', null)
      .execute();
  }

  async page(status: ApplicationStatus | undefined, limit: number, offset: number) {
    const base = this.db
      .selectFrom('agent_applications')
      .$if(status !== undefined, (qb) => qb.where('status', '=', status!));
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    return { rows, total: Number(total.n) };
  }
}

export type ApplicationRow = NonNullable<Awaited<ReturnType<ApplyRepository['byId']>>>;
