/**
 * What 智能运营 reads of the creator's promotion: their receipts with the serial's app and tags, their counted clicks
 * and their own recharge orders, grouped by Beijing hour and platform. Read-only across the promotion, task and
 * settlement tables on purpose, as the books check is (ADR 0024): advice is a report over many owners' rows, and
 * grouped sums in SQL cost a few index scans where going through each owner's service would page through every row.
 * Nothing here writes.
 */
import { CHANNEL_URL_HOSTS, OrderType, Platform, ShareType } from '@cc/contracts';
import { sql } from 'kysely';
import { BEIJING_OFFSET_MS, HOUR_MS } from '../../beijing-time.js';
import type { Db } from '../../db/database.js';

export interface ReceiptFigures {
  task_id: number;
  app_id: number;
  tags: string;
  clicks: number;
  orders: number;
  share_fen: number;
}

export interface HourPlatformCount {
  hour: number;
  platform: number;
  count: number;
}

/** The Beijing hour of an epoch-ms column, in integer arithmetic that SQLite and PostgreSQL agree on. */
const beijingHour = (column: string) =>
  sql<number>`((${sql.ref(column)} + ${sql.lit(BEIJING_OFFSET_MS)}) / ${sql.lit(HOUR_MS)}) % 24`;

/**
 * The platform a click came from, by its referrer's host (the hosts a channel filing of that platform may have;
 * browsers send at least `scheme://host/`); a click without a referrer, or from anywhere else, is `Other`.
 */
function referrerPlatform() {
  const cases = Object.entries(CHANNEL_URL_HOSTS).flatMap(([platform, rule]) =>
    rule.hosts.map(
      (host) =>
        sql`when c.referrer like ${sql.lit(`%://${host}/%`)} or c.referrer like ${sql.lit(`%.${host}/%`)} then ${sql.lit(Number(platform))}`,
    ),
  );
  return sql<number>`case ${sql.join(cases, sql` `)} else ${sql.lit(Platform.Other)} end`;
}

const counts = (rows: { hour: unknown; platform: unknown; n: unknown }[]): HourPlatformCount[] =>
  rows.map((row) => ({ hour: Number(row.hour), platform: Number(row.platform), count: Number(row.n) }));

export class OperateFiguresRepository {
  constructor(private readonly db: Db) {}

  /** Every task the creator has received, with what its link brought so far. */
  async receipts(agentId: number): Promise<ReceiptFigures[]> {
    const rows = await this.db
      .selectFrom('task_receipts as r')
      .innerJoin('tasks as t', 't.id', 'r.task_id')
      .innerJoin('serials as s', 's.id', 't.serial_id')
      .select(['r.task_id', 't.app_id', 's.tags', 'r.click_count', 'r.order_count', 'r.share_fen'])
      .where('r.agent_id', '=', agentId)
      .execute();
    return rows.map((row) => ({
      task_id: Number(row.task_id),
      app_id: Number(row.app_id),
      tags: row.tags,
      clicks: Number(row.click_count),
      orders: Number(row.order_count),
      share_fen: Number(row.share_fen),
    }));
  }

  /** Counted clicks on the creator's links within [from, to), by Beijing hour and referring platform. */
  async clicks(agentId: number, from: number, to: number): Promise<HourPlatformCount[]> {
    const platform = referrerPlatform();
    const hour = beijingHour('c.created_at');
    const rows = await this.db
      .selectFrom('promotion_clicks as c')
      .innerJoin('task_receipts as r', 'r.id', 'c.receipt_id')
      .select([hour.as('hour'), platform.as('platform'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('r.agent_id', '=', agentId)
      .where('c.counted', '=', 1)
      .where('c.created_at', '>=', from)
      .where('c.created_at', '<', to)
      .groupBy([hour, platform])
      .execute();
    return counts(rows);
  }

  /** The creator's own recharge orders within [from, to), by Beijing hour and the platform they promoted on. */
  async orders(agentId: number, from: number, to: number): Promise<HourPlatformCount[]> {
    const hour = beijingHour('order_at');
    const rows = await this.db
      .selectFrom('share_orders')
      .select([hour.as('hour'), 'platform', (eb) => eb.fn.countAll<number>().as('n')])
      .where('agent_id', '=', agentId)
      .where('share_type', '=', ShareType.Mine)
      .where('order_type', '=', OrderType.Recharge)
      .where('order_at', '>=', from)
      .where('order_at', '<', to)
      .groupBy([hour, 'platform'])
      .execute();
    return counts(rows);
  }

  /** The creator's own share rows within [from, to) (refunds subtract) and their sum in fen. */
  async shares(agentId: number, from: number, to: number): Promise<{ rows: number; fen: number }> {
    const row = await this.db
      .selectFrom('share_orders')
      .select([(eb) => eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(share_amount_fen), 0)`.as('fen')])
      .where('agent_id', '=', agentId)
      .where('share_type', '=', ShareType.Mine)
      .where('order_at', '>=', from)
      .where('order_at', '<', to)
      .executeTakeFirstOrThrow();
    return { rows: Number(row.n), fen: Number(row.fen) };
  }
}
