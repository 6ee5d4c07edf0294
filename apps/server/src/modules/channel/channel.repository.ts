/** SQL for channel filings: the creator's list, the one live holder of a channel, soft deletes and reviews. */
import { ReportStatus, type Platform } from '@cc/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** The key a channel is held by while a filing of it is pending or approved: one holder per channel. */
export const liveKeyOf = (platform: number, channelKey: string): string => `${platform}:${channelKey}`;

/** A channel id compared without regard to case: `ABC` and `abc` on one platform are the same channel. */
export const channelKeyOf = (channelId: string): string => channelId.trim().toLowerCase();

export interface NewFiling {
  agent_id: number;
  platform: Platform;
  channel_name: string;
  channel_id: string;
  channel_url: string;
  cover_key: string | null;
  created_at: number;
}

export class ChannelRepository {
  constructor(private readonly db: Db) {}

  /** The platforms of the creator's approved, live filings (at most two: one is all a caller needs to know). */
  async approvedPlatforms(agentId: number): Promise<Platform[]> {
    const rows = await this.db
      .selectFrom('channel_filings')
      .select('platform')
      .distinct()
      .where('agent_id', '=', agentId)
      .where('deleted_at', 'is', null)
      .where('report_status', '=', ReportStatus.Approved)
      .limit(2)
      .execute();
    return rows.map((row) => row.platform);
  }

  /** The filing that holds this channel now (pending or approved, not deleted), whoever filed it. */
  holderOf(liveKey: string, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('channel_filings')
      .select(['id', 'agent_id'])
      .where('live_key', '=', liveKey)
      .executeTakeFirst();
  }

  async countOwn(agentId: number, executor: Kysely<Database>): Promise<number> {
    const row = await executor
      .selectFrom('channel_filings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('agent_id', '=', agentId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Retires this creator's rejected filings of a channel they file again: the new filing (or `keepId`, the rejected
   * one being resubmitted) replaces them.
   */
  async retireRejected(
    agentId: number,
    platform: Platform,
    channelKey: string,
    now: number,
    executor: Kysely<Database>,
    keepId?: number,
  ) {
    await executor
      .updateTable('channel_filings')
      .set({ deleted_at: now })
      .where('agent_id', '=', agentId)
      .where('platform', '=', platform)
      .where('channel_key', '=', channelKey)
      .where('report_status', '=', ReportStatus.Rejected)
      .where('deleted_at', 'is', null)
      .$if(keepId !== undefined, (qb) => qb.where('id', '!=', keepId!))
      .execute();
  }

  /**
   * A rejected, not deleted filing of this creator, corrected and back in review: it holds its channel again
   * (`live_key`, so the unique index refuses a concurrent second holder) and its last review is cleared. False when it
   * was not rejected any more.
   */
  async resubmitRejected(
    agentId: number,
    id: number,
    filing: Omit<NewFiling, 'agent_id' | 'created_at'>,
    executor: Kysely<Database>,
  ): Promise<boolean> {
    const channelKey = channelKeyOf(filing.channel_id);
    const result = await executor
      .updateTable('channel_filings')
      .set({
        ...filing,
        channel_key: channelKey,
        live_key: liveKeyOf(filing.platform, channelKey),
        report_status: ReportStatus.Pending,
        reason: '',
        reviewed_at: null,
        reviewed_by: null,
      })
      .where('id', '=', id)
      .where('agent_id', '=', agentId)
      .where('report_status', '=', ReportStatus.Rejected)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insert(row: NewFiling, executor: Kysely<Database>): Promise<number> {
    const channelKey = channelKeyOf(row.channel_id);
    const inserted = await executor
      .insertInto('channel_filings')
      .values({
        ...row,
        channel_key: channelKey,
        live_key: liveKeyOf(row.platform, channelKey),
        report_status: ReportStatus.Pending,
        reason: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  /** A filing of this creator that is not deleted; someone else's reads as none. */
  ownById(agentId: number, id: number, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('channel_filings')
      .selectAll()
      .where('id', '=', id)
      .where('agent_id', '=', agentId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async pageOwn(agentId: number, status: ReportStatus | undefined, limit: number, offset: number) {
    const base = this.db
      .selectFrom('channel_filings')
      .where('agent_id', '=', agentId)
      .where('deleted_at', 'is', null)
      .$if(status !== undefined, (qb) => qb.where('report_status', '=', status!));
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    return { rows, total: Number(total.n) };
  }

  listOwn(agentId: number) {
    return this.db
      .selectFrom('channel_filings')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .execute();
  }

  /** How many of `ids` are this creator's filings that are not deleted. */
  async countOwnAmong(agentId: number, ids: number[], executor: Kysely<Database>): Promise<number> {
    const row = await executor
      .selectFrom('channel_filings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('agent_id', '=', agentId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Soft-deletes this creator's filings among `ids`; clearing `live_key` frees their channels for a new filing. */
  async softDeleteOwn(agentId: number, ids: number[], now: number, executor: Kysely<Database>): Promise<number> {
    const result = await executor
      .updateTable('channel_filings')
      .set({ deleted_at: now, live_key: null })
      .where('agent_id', '=', agentId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Moves a pending, not deleted filing to `status`; false when it was not pending any more. A rejection frees the
   * channel (`live_key` null): a refused claim must not keep the real owner from filing it.
   */
  async review(
    id: number,
    status: typeof ReportStatus.Approved | typeof ReportStatus.Rejected,
    reason: string,
    reviewer: string,
    now: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('channel_filings')
      .set({
        report_status: status,
        reason,
        reviewed_at: now,
        reviewed_by: reviewer,
        ...(status === ReportStatus.Rejected && { live_key: null }),
      })
      .where('id', '=', id)
      .where('report_status', '=', ReportStatus.Pending)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  byIdWithAgent(id: number) {
    return this.opsRows().where('f.id', '=', id).executeTakeFirst();
  }

  async pageAll(status: ReportStatus | undefined, limit: number, offset: number) {
    const base = this.db
      .selectFrom('channel_filings')
      .where('deleted_at', 'is', null)
      .$if(status !== undefined, (qb) => qb.where('report_status', '=', status!));
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await this.opsRows()
      .where('f.deleted_at', 'is', null)
      .$if(status !== undefined, (qb) => qb.where('f.report_status', '=', status!))
      .orderBy('f.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, total: Number(total.n) };
  }

  private opsRows() {
    return this.db
      .selectFrom('channel_filings as f')
      .innerJoin('agents as a', 'a.id', 'f.agent_id')
      .selectAll('f')
      .select(['a.nickname as agent_nickname', 'a.phone as agent_phone']);
  }

  /** The cover images among these that some filing uses, deleted or not (an operator may still look at it). */
  async coversInUse(names: string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await this.db
      .selectFrom('channel_filings')
      .select('cover_key')
      .distinct()
      .where('cover_key', 'in', names)
      .execute();
    return rows.map((row) => row.cover_key ?? '');
  }
}

export type ChannelRow = NonNullable<Awaited<ReturnType<ChannelRepository['ownById']>>>;
export type OpsChannelRow = NonNullable<Awaited<ReturnType<ChannelRepository['byIdWithAgent']>>>;
