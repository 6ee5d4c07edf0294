/**
 * The income figures kept per creator and Beijing day (`share_daily_figures`, ADR 0022): what a write adds, what a
 * settlement run moves from to-be-settled to settled, and a full rebuild. Every change goes through `apply`, one
 * upsert adding deltas, inside the transaction that writes the shares, so the figures never disagree with the rows.
 */
import { OrderType, SettStatus, ShareType } from '@cc/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { BEIJING_OFFSET_MS, beijingDayOf, DAY_MS } from '../../beijing-time.js';
import type { Database, ShareDailyFiguresTable } from '../../db/schema.js';

type Trx = Transaction<Database>;
type Key = Pick<ShareDailyFiguresTable, 'agent_id' | 'day' | 'task_type' | 'app_id' | 'share_type' | 'sett_status'>;
type Measures = Pick<ShareDailyFiguresTable, 'share_rows' | 'order_count' | 'refund_count' | 'order_fen' | 'share_fen'>;
export type RollupDelta = Key & Measures;

/** What one share row adds to its figures (the read side's rules: refunds negative, bonuses no orders). */
interface ShareLike {
  agent_id: number;
  order_at: number;
  serial_id?: number | null;
  app_id?: number | null;
  share_type?: number;
  order_type?: number;
  sett_status?: number;
  order_amount_fen: number;
  ad_amount_fen: number;
  share_amount_fen: number;
}

export function deltaOf(row: ShareLike, taskType: number): RollupDelta {
  const shareType = row.share_type ?? ShareType.Mine;
  const refund = (row.order_type ?? OrderType.Recharge) === OrderType.Refund;
  const shown = row.ad_amount_fen !== 0 ? row.ad_amount_fen : row.order_amount_fen;
  return {
    agent_id: row.agent_id,
    day: beijingDayOf(row.order_at),
    task_type: taskType,
    app_id: row.app_id ?? 0,
    share_type: shareType,
    sett_status: row.sett_status ?? SettStatus.ToBeSettled,
    share_rows: 1,
    order_count: !refund && shareType !== ShareType.Bonus ? 1 : 0,
    refund_count: refund ? 1 : 0,
    order_fen: refund ? -Math.abs(shown) : shown,
    share_fen: refund ? -Math.abs(row.share_amount_fen) : row.share_amount_fen,
  };
}

const MEASURES = ['share_rows', 'order_count', 'refund_count', 'order_fen', 'share_fen'] as const;
const KEY = ['agent_id', 'day', 'task_type', 'app_id', 'share_type', 'sett_status'] as const;

/** Sums deltas of the same key, so one upsert row per key (an upsert may not touch a row twice). */
function merged(deltas: RollupDelta[]): RollupDelta[] {
  const byKey = new Map<string, RollupDelta>();
  for (const delta of deltas) {
    const key = KEY.map((column) => delta[column]).join(':');
    const sum = byKey.get(key);
    if (!sum) byKey.set(key, { ...delta });
    else for (const measure of MEASURES) sum[measure] += delta[measure];
  }
  return [...byKey.values()];
}

/** Adds the deltas to the figures, creating rows as needed. */
export async function applyRollup(trx: Trx, deltas: RollupDelta[]): Promise<void> {
  const rows = merged(deltas);
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto('share_daily_figures')
      .values(rows.slice(start, start + 500))
      .onConflict((oc) =>
        oc.columns([...KEY]).doUpdateSet((eb) => ({
          share_rows: eb('share_daily_figures.share_rows', '+', eb.ref('excluded.share_rows')),
          order_count: eb('share_daily_figures.order_count', '+', eb.ref('excluded.order_count')),
          refund_count: eb('share_daily_figures.refund_count', '+', eb.ref('excluded.refund_count')),
          order_fen: eb('share_daily_figures.order_fen', '+', eb.ref('excluded.order_fen')),
          share_fen: eb('share_daily_figures.share_fen', '+', eb.ref('excluded.share_fen')),
        })),
      )
      .execute();
  }
}

/** Adds newly written share rows to their figures. */
export async function addSharesToRollup(trx: Trx, rows: ShareLike[]): Promise<void> {
  if (rows.length === 0) return;
  const serialIds = [...new Set(rows.map((row) => row.serial_id).filter((id): id is number => id != null))];
  const taskTypes = new Map<number, number>();
  if (serialIds.length > 0) {
    const serials = await trx.selectFrom('serials').select(['id', 'task_type']).where('id', 'in', serialIds).execute();
    for (const serial of serials) taskTypes.set(serial.id, serial.task_type);
  }
  await applyRollup(
    trx,
    rows.map((row) => deltaOf(row, row.serial_id == null ? 0 : (taskTypes.get(row.serial_id) ?? 0))),
  );
}

/** The figures of a set of share rows grouped by key (the same rules as `deltaOf`, in SQL). */
function groupedFigures(db: Kysely<Database>) {
  const shown = sql<number>`case when s.ad_amount_fen <> 0 then s.ad_amount_fen else s.order_amount_fen end`;
  const refund = sql`s.order_type = ${sql.lit(OrderType.Refund)}`;
  // `beijingDayOf` in SQL (integer division on both databases), spelled as the daily figures' migration spells it.
  const day = sql<number>`(s.order_at + ${sql.lit(BEIJING_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
  return db
    .selectFrom('share_orders as s')
    .leftJoin('serials as sr', 'sr.id', 's.serial_id')
    .select([
      's.agent_id',
      day.as('day'),
      sql<number>`coalesce(sr.task_type, 0)`.as('task_type'),
      sql<number>`coalesce(s.app_id, 0)`.as('app_id'),
      's.share_type',
      's.sett_status',
      sql<number>`count(*)`.as('share_rows'),
      sql<number>`sum(case when not (${refund}) and s.share_type <> ${sql.lit(ShareType.Bonus)} then 1 else 0 end)`.as(
        'order_count',
      ),
      sql<number>`sum(case when ${refund} then 1 else 0 end)`.as('refund_count'),
      sql<number>`sum(case when ${refund} then -abs(${shown}) else ${shown} end)`.as('order_fen'),
      sql<number>`sum(case when ${refund} then -abs(s.share_amount_fen) else s.share_amount_fen end)`.as('share_fen'),
    ])
    .groupBy([
      day,
      sql`coalesce(sr.task_type, 0)`,
      sql`coalesce(s.app_id, 0)`,
      's.agent_id',
      's.share_type',
      's.sett_status',
    ]);
}

/** A settlement run settled these rows (they were to be settled): their figures move to the settled status. */
export async function settleRunInRollup(trx: Trx, runId: string): Promise<void> {
  const groups = await groupedFigures(trx).where('s.sett_run_id', '=', runId).execute();
  const deltas: RollupDelta[] = [];
  for (const group of groups) {
    const measures = Object.fromEntries(MEASURES.map((m) => [m, Number(group[m])])) as Measures;
    const key = {
      agent_id: group.agent_id,
      day: Number(group.day),
      task_type: Number(group.task_type),
      app_id: Number(group.app_id),
      share_type: group.share_type,
    };
    deltas.push({ ...key, sett_status: SettStatus.Settled, ...measures });
    const negated = Object.fromEntries(MEASURES.map((m) => [m, -measures[m]])) as Measures;
    deltas.push({ ...key, sett_status: SettStatus.ToBeSettled, ...negated });
  }
  await applyRollup(trx, deltas);
}

/** Builds the figures again from the share rows (test fixtures that write shares directly, and repairs). */
export async function rebuildShareRollup(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('share_daily_figures').execute();
    await trx
      .insertInto('share_daily_figures')
      .columns([...KEY, ...MEASURES])
      .expression(groupedFigures(trx))
      .execute();
  });
}
