/**
 * SQL of the settlement read side: one creator's share rows, filtered, paged, summed by app and by Beijing day.
 * Every query starts from the creator's id, so it reads one creator's rows through an index, never a table. Sums
 * come from the figures kept per Beijing day (`share-rollup.ts`), from the share rows only when a serial is asked for.
 *
 * A refund row (order_type 2) counts negative whatever sign its amounts were written with (`-abs(...)`), so sums
 * are income net of refunds.
 */
import { ListingStatus, OrderType, SettStatus, ShareType, type TaskType } from '@cc/contracts';
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import { BEIJING_OFFSET_MS, DAY_MS, beijingDayOf } from '../../beijing-time.js';
import type { DialectKind } from '../../db/database.js';
import { precompileByShape } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';

export interface ShareFilter {
  taskType?: TaskType | undefined;
  appId?: number | undefined;
  serialId?: number | undefined;
  shareType?: ShareType | undefined;
  settStatus?: SettStatus | undefined;
  /** First instant included (epoch ms). */
  fromMs?: number | undefined;
  /** First instant excluded (epoch ms). */
  toMs?: number | undefined;
}

/** Sums over a set of share rows, in fen. */
export interface FiguresRow {
  order_count: number;
  refund_count: number;
  order_fen: number;
  share_fen: number;
  settled_fen: number;
  to_be_settled_fen: number;
}

export interface ShareOrderRow {
  id: number;
  order_no: string;
  /** The app's own order id ('' on a bonus). */
  order_id: string;
  order_at: number;
  sett_status: number;
  expected_sett_date: string | null;
  share_type: number;
  platform: number;
  order_type: number;
  share_fen: number;
  ad_fen: number;
  /** The ad revenue an app reported (order_type 3); 0 on other rows. */
  ad_amount_fen: number;
  serial_id: number | null;
  serial_name: string | null;
  task_type: number | null;
  app_id: number | null;
  app_name: string | null;
  attract_agent: string | null;
}

export type AppFiguresRow = FiguresRow & { app_id: number | null; app_name: string | null; app_icon: string | null };
export type DayFiguresRow = FiguresRow & { day: number };
export interface AppRow {
  app_id: number;
  app_name: string;
  app_icon: string;
}

/** Where the export's keyset paging stands: the last row written. */
export interface ShareCursor {
  orderAt: number;
  id: number;
}

type Scope = ExpressionBuilder<Database & { s: Database['share_orders'] }, 's'>;

/**
 * The arguments of a query over one creator's share rows: the filter, flat, so that a precompiled query
 * (`precompileByShape`) sees which filters are given.
 */
type ShareArgs = { agentId: number } & { [Key in keyof ShareFilter]: ShareFilter[Key] };

/** The arguments of a query over the kept figures: the filter's times as Beijing day numbers. */
type KeptArgs = {
  agentId: number;
  taskType?: TaskType | undefined;
  appId?: number | undefined;
  shareType?: ShareType | undefined;
  settStatus?: SettStatus | undefined;
  fromDay?: number | undefined;
  toDay?: number | undefined;
};

const shareArgs = (agentId: number, filter: ShareFilter): ShareArgs => ({ agentId, ...filter });

const keptArgs = (agentId: number, filter: ShareFilter): KeptArgs => ({
  agentId,
  taskType: filter.taskType,
  appId: filter.appId,
  shareType: filter.shareType,
  settStatus: filter.settStatus,
  fromDay: filter.fromMs === undefined ? undefined : beijingDayOf(filter.fromMs),
  toDay: filter.toMs === undefined ? undefined : beijingDayOf(filter.toMs),
});

/** A page of a list, or every row when absent. */
type PageArgs = { limit?: number | undefined; offset?: number | undefined };

/** Where the export's keyset paging continues: after the row at `afterOrderAt`, `afterId`. */
type CursorArgs = { afterOrderAt?: number | undefined; afterId?: number | undefined };

const REFUND = sql.lit(OrderType.Refund);
const signed = (amount: RawBuilder<number>) =>
  sql<number>`case when s.order_type = ${REFUND} then -abs(${amount}) else ${amount} end`;
const SIGNED_SHARE = signed(sql<number>`s.share_amount_fen`);
/**
 * The order amount a share row shows (`order_amount`): the ad amount an app reports for ad-revenue orders, and the
 * recharge amount itself for recharges, which carry no ad amount.
 */
const SIGNED_AD = signed(sql<number>`case when s.ad_amount_fen <> 0 then s.ad_amount_fen else s.order_amount_fen end`);
/** The Beijing day number of a row's order_at (integer division on both databases). */
export const BEIJING_DAY = sql<number>`(s.order_at + ${sql.lit(BEIJING_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;

const sumWhen = (condition: RawBuilder<unknown>, value: RawBuilder<number> | number) =>
  sql<number>`coalesce(sum(case when ${condition} then ${value} else 0 end), 0)`;

/** The figure columns of an aggregate query over `s`. */
function figures() {
  return [
    // Recharges and ad revenue are orders; refunds and bonuses are not (as the kept figures count them).
    sumWhen(sql`s.order_type <> ${REFUND} and s.share_type <> ${sql.lit(ShareType.Bonus)}`, 1).as('order_count'),
    sumWhen(sql`s.order_type = ${REFUND}`, 1).as('refund_count'),
    sql<number>`coalesce(sum(${SIGNED_AD}), 0)`.as('order_fen'),
    sql<number>`coalesce(sum(${SIGNED_SHARE}), 0)`.as('share_fen'),
    sumWhen(sql`s.sett_status = ${sql.lit(SettStatus.Settled)}`, SIGNED_SHARE).as('settled_fen'),
    sumWhen(sql`s.sett_status = ${sql.lit(SettStatus.ToBeSettled)}`, SIGNED_SHARE).as('to_be_settled_fen'),
  ];
}

/** The figure columns of an aggregate query over the kept figures `f`: the same names as `figures()`. */
function keptFigures() {
  const sum = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`;
  return [
    sum('f.order_count').as('order_count'),
    sum('f.refund_count').as('refund_count'),
    sum('f.order_fen').as('order_fen'),
    sum('f.share_fen').as('share_fen'),
    sumWhen(sql`f.sett_status = ${sql.lit(SettStatus.Settled)}`, sql<number>`f.share_fen`).as('settled_fen'),
    sumWhen(sql`f.sett_status = ${sql.lit(SettStatus.ToBeSettled)}`, sql<number>`f.share_fen`).as('to_be_settled_fen'),
  ];
}

/** Headline sums of one creator, with the Beijing boundaries of today, yesterday and this month. */
export interface HeadlineBounds {
  yesterdayMs: number;
  todayMs: number;
  tomorrowMs: number;
  monthMs: number;
}

export class SettlementQueryRepository {
  /*
   * Every query is compiled once per combination of given filters (`precompileByShape`): building and compiling a
   * query with Kysely cost about as much as running it on these pages.
   */
  private readonly headlineQuery;
  private readonly keptCountQuery;
  private readonly shareCountQuery;
  private readonly shareOrdersQuery;
  private readonly keptByAppQuery;
  private readonly sharesByAppQuery;
  private readonly keptByDayQuery;
  private readonly sharesByDayQuery;
  private readonly keptDayCountQuery;
  private readonly shareDayCountQuery;
  private readonly appsOfTaskTypeQuery;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DialectKind,
  ) {
    this.headlineQuery = precompileByShape(
      db,
      (args: KeptArgs & { todayDay: number; yesterdayDay: number; tomorrowDay: number; monthDay: number }) => {
        const within = (from: number, to: number) =>
          sumWhen(sql`f.day >= ${from} and f.day < ${to}`, sql<number>`f.share_fen`);
        return this.kept(args).select([
          within(args.todayDay, args.tomorrowDay).as('today_fen'),
          within(args.yesterdayDay, args.todayDay).as('yesterday_fen'),
          within(args.monthDay, args.tomorrowDay).as('month_fen'),
          ...keptFigures(),
        ]);
      },
    );
    this.keptCountQuery = precompileByShape(db, (args: KeptArgs) =>
      this.kept(args).select(sql<number>`coalesce(sum(f.share_rows), 0)`.as('n')),
    );
    this.shareCountQuery = precompileByShape(db, (args: ShareArgs) =>
      this.shares(args).select((eb) => eb.fn.countAll<number>().as('n')),
    );
    this.shareOrdersQuery = precompileByShape(db, (args: ShareArgs & PageArgs & CursorArgs) =>
      this.shareOrderRows(args),
    );
    this.keptByAppQuery = precompileByShape(db, (args: KeptArgs) =>
      this.kept(args)
        .leftJoin('apps', 'apps.id', 'f.app_id')
        .select([
          sql<number | null>`case when f.app_id = 0 then null else f.app_id end`.as('app_id'),
          'apps.name as app_name',
          'apps.icon_url as app_icon',
          ...keptFigures(),
        ])
        .groupBy(['f.app_id', 'apps.name', 'apps.icon_url'])
        .having(sql<boolean>`sum(f.share_rows) > 0`),
    );
    this.sharesByAppQuery = precompileByShape(db, (args: ShareArgs) =>
      this.shares(args)
        .leftJoin('apps', 'apps.id', 's.app_id')
        .select(['s.app_id', 'apps.name as app_name', 'apps.icon_url as app_icon', ...figures()])
        .groupBy(['s.app_id', 'apps.name', 'apps.icon_url']),
    );
    this.keptByDayQuery = precompileByShape(db, (args: KeptArgs & PageArgs) =>
      this.kept(args)
        .select(['f.day', ...keptFigures()])
        .groupBy('f.day')
        .having(sql<boolean>`sum(f.share_rows) > 0`)
        .orderBy('f.day', 'desc')
        .$if(args.limit !== undefined, (qb) => qb.limit(args.limit!).offset(args.offset ?? 0)),
    );
    this.sharesByDayQuery = precompileByShape(db, (args: ShareArgs & PageArgs) =>
      this.shares(args)
        .select([BEIJING_DAY.as('day'), ...figures()])
        .groupBy(BEIJING_DAY)
        .orderBy(BEIJING_DAY, 'desc')
        .$if(args.limit !== undefined, (qb) => qb.limit(args.limit!).offset(args.offset ?? 0)),
    );
    this.keptDayCountQuery = precompileByShape(db, (args: KeptArgs) =>
      db
        .selectFrom(
          this.kept(args)
            .select('f.day')
            .groupBy('f.day')
            .having(sql<boolean>`sum(f.share_rows) > 0`)
            .as('days'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n')),
    );
    this.shareDayCountQuery = precompileByShape(db, (args: ShareArgs) =>
      this.shares(args).select(sql<number>`count(distinct ${BEIJING_DAY})`.as('n')),
    );
    this.appsOfTaskTypeQuery = precompileByShape(db, (args: { taskType: TaskType }) =>
      db
        .selectFrom('apps')
        .select(['apps.id as app_id', 'apps.name as app_name', 'apps.icon_url as app_icon'])
        .where('apps.status', '=', ListingStatus.On)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('serials')
              .select('serials.id')
              .whereRef('serials.app_id', '=', 'apps.id')
              .where('serials.task_type', '=', args.taskType),
          ),
        )
        .orderBy('apps.sort')
        .orderBy('apps.id'),
    );
  }

  /** One creator's share rows matching the filter (the caller adds joins and columns). */
  private shares(args: ShareArgs) {
    return this.db
      .selectFrom('share_orders as s')
      .where('s.agent_id', '=', args.agentId)
      .where((eb: Scope) => {
        const conditions = [];
        if (args.taskType !== undefined) {
          const serials = eb.selectFrom('serials').select('serials.id').where('serials.task_type', '=', args.taskType);
          conditions.push(eb('s.serial_id', 'in', serials));
        }
        if (args.appId !== undefined) conditions.push(eb('s.app_id', '=', args.appId));
        if (args.serialId !== undefined) conditions.push(eb('s.serial_id', '=', args.serialId));
        if (args.shareType !== undefined) conditions.push(eb('s.share_type', '=', args.shareType));
        if (args.settStatus !== undefined) conditions.push(eb('s.sett_status', '=', args.settStatus));
        if (args.fromMs !== undefined) conditions.push(eb('s.order_at', '>=', args.fromMs));
        if (args.toMs !== undefined) conditions.push(eb('s.order_at', '<', args.toMs));
        return eb.and(conditions);
      });
  }

  /**
   * One creator's income figures matching the filter, from the figures kept per Beijing day (`share_daily_figures`):
   * the same sums as over the share rows, read from a few hundred rows a year. Day bounds only (the filters' dates).
   */
  private kept(args: KeptArgs) {
    return this.db
      .selectFrom('share_daily_figures as f')
      .where('f.agent_id', '=', args.agentId)
      .where((eb) => {
        const conditions = [];
        if (args.taskType !== undefined) conditions.push(eb('f.task_type', '=', args.taskType));
        if (args.appId !== undefined) conditions.push(eb('f.app_id', '=', args.appId));
        if (args.shareType !== undefined) conditions.push(eb('f.share_type', '=', args.shareType));
        if (args.settStatus !== undefined) conditions.push(eb('f.sett_status', '=', args.settStatus));
        if (args.fromDay !== undefined) conditions.push(eb('f.day', '>=', args.fromDay));
        if (args.toDay !== undefined) conditions.push(eb('f.day', '<', args.toDay));
        return eb.and(conditions);
      });
  }

  async headline(agentId: number, taskType: TaskType | undefined, bounds: HeadlineBounds) {
    const row = await this.headlineQuery.first({
      ...keptArgs(agentId, { taskType }),
      todayDay: beijingDayOf(bounds.todayMs),
      yesterdayDay: beijingDayOf(bounds.yesterdayMs),
      tomorrowDay: beijingDayOf(bounds.tomorrowMs),
      monthDay: beijingDayOf(bounds.monthMs),
    });
    return row!;
  }

  /** How many share rows match: from the kept figures (their row counts), from the rows when a serial is asked for. */
  async countShares(agentId: number, filter: ShareFilter): Promise<number> {
    const row =
      filter.serialId === undefined
        ? await this.keptCountQuery.first(keptArgs(agentId, filter))
        : await this.shareCountQuery.first(shareArgs(agentId, filter));
    return Number(row!.n);
  }

  /**
   * Share rows newest first with their serial, app and the nickname of the creator whose promotion brought the order.
   * `after` continues from a row already read (keyset paging for the export); otherwise `offset` applies.
   */
  async shareOrders(
    agentId: number,
    filter: ShareFilter,
    page: { limit: number; offset?: number; after?: ShareCursor },
  ): Promise<ShareOrderRow[]> {
    return this.shareOrdersQuery.rows({
      ...shareArgs(agentId, filter),
      limit: page.limit,
      offset: page.offset,
      afterOrderAt: page.after?.orderAt,
      afterId: page.after?.id,
    });
  }

  private shareOrderRows(args: ShareArgs & PageArgs & CursorArgs) {
    const rows = this.shares(args)
      .$if(args.afterOrderAt !== undefined, (qb) =>
        // The plain bound lets the index seek to where the last batch ended; the OR breaks ties on order_at.
        qb
          .where('s.order_at', '<=', args.afterOrderAt!)
          .where((eb) =>
            eb.or([
              eb('s.order_at', '<', args.afterOrderAt!),
              eb.and([eb('s.order_at', '=', args.afterOrderAt!), eb('s.id', '<', args.afterId!)]),
            ]),
          ),
      )
      .select([
        's.id',
        's.order_no',
        's.order_id',
        's.order_at',
        's.sett_status',
        's.expected_sett_date',
        's.share_type',
        's.platform',
        's.order_type',
        SIGNED_SHARE.as('share_fen'),
        SIGNED_AD.as('ad_fen'),
        's.ad_amount_fen',
        's.serial_id',
        's.app_id',
      ]);
    // The names: on PostgreSQL by scalar subqueries, which it plans cheaply — it plans a prepared page query again on
    // every call (limit and offset are parameters, so a generic plan never wins), and planning four joins cost four
    // times the query. SQLite plans nothing per call, and runs the joins faster than the subqueries.
    const named =
      this.kind === 'postgres'
        ? rows.select((eb) => [
            eb
              .selectFrom('serials')
              .select('serials.name')
              .whereRef('serials.id', '=', 's.serial_id')
              .as('serial_name'),
            eb
              .selectFrom('serials')
              .select('serials.task_type')
              .whereRef('serials.id', '=', 's.serial_id')
              .as('task_type'),
            eb.selectFrom('apps').select('apps.name').whereRef('apps.id', '=', 's.app_id').as('app_name'),
            eb
              .selectFrom('task_receipts as r')
              .innerJoin('agents as attractor', 'attractor.id', 'r.agent_id')
              .select('attractor.nickname')
              .whereRef('r.id', '=', 's.receipt_id')
              .as('attract_agent'),
          ])
        : rows
            .leftJoin('serials', 'serials.id', 's.serial_id')
            .leftJoin('apps', 'apps.id', 's.app_id')
            .leftJoin('task_receipts as r', 'r.id', 's.receipt_id')
            .leftJoin('agents as attractor', 'attractor.id', 'r.agent_id')
            .select([
              'serials.name as serial_name',
              'serials.task_type',
              'apps.name as app_name',
              'attractor.nickname as attract_agent',
            ]);
    return named
      .orderBy('s.order_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(args.limit!)
      .$if(args.offset !== undefined, (qb) => qb.offset(args.offset!));
  }

  async figuresByApp(agentId: number, filter: ShareFilter): Promise<AppFiguresRow[]> {
    return filter.serialId === undefined
      ? this.keptByAppQuery.rows(keptArgs(agentId, filter))
      : this.sharesByAppQuery.rows(shareArgs(agentId, filter));
  }

  /** Figures per Beijing day, newest first; all days when `page` is absent. */
  async figuresByDay(agentId: number, filter: ShareFilter, page?: { limit: number; offset: number }) {
    const rows: DayFiguresRow[] =
      filter.serialId === undefined
        ? await this.keptByDayQuery.rows({ ...keptArgs(agentId, filter), limit: page?.limit, offset: page?.offset })
        : await this.sharesByDayQuery.rows({ ...shareArgs(agentId, filter), limit: page?.limit, offset: page?.offset });
    return rows.map((row) => ({ ...row, day: Number(row.day) }));
  }

  async countDays(agentId: number, filter: ShareFilter): Promise<number> {
    const row =
      filter.serialId === undefined
        ? await this.keptDayCountQuery.first(keptArgs(agentId, filter))
        : await this.shareDayCountQuery.first(shareArgs(agentId, filter));
    return Number(row!.n);
  }

  /** Listed apps that carry serials of `taskType`, in their display order. */
  async appsOfTaskType(taskType: TaskType): Promise<AppRow[]> {
    return this.appsOfTaskTypeQuery.rows({ taskType });
  }
}
