/**
 * The settlement read side: a creator's share orders, headline figures, figures by app and by Beijing day, and the
 * rows of the export. Reads only; the settlement run and the wallet write elsewhere. `can_out` is the wallet's.
 */
import {
  ORDER_TYPE_LABELS,
  PLATFORM_LABELS,
  SETT_STATUS_LABELS,
  SETT_AGGREGATION_MAX_DAYS,
  SHARE_TYPE_LABELS,
  ShareType,
  fenToYuan,
  type OrderType,
  type Paged,
  type SettAggregation,
  type SettAggregationQuery,
  type SettAppFigures,
  type SettAppListRow,
  type SettDailyPageQuery,
  type SettDayFigures,
  type SettOrderAggr,
  type SettOrderPageQuery,
  type SettStatus,
  type ShareOrder,
  type TaskType,
} from '@cc/contracts';
import { beijingDayOf, dateOfDay, dayOfDate, dayStartMs, monthStartDay } from '../../beijing-time.js';
import type { Clock } from '../../clock.js';
import { appError } from '../../errors.js';
import type { WalletService } from '../withdrawal/wallet.service.js';
import { isoTime, offsetOf, paged } from '../paging.js';
import type {
  FiguresRow,
  SettlementQueryRepository,
  ShareCursor,
  ShareFilter,
  ShareOrderRow,
} from './settlement-query.repository.js';

/** Days `/sett/order/aggregation` covers when no range is given, today included. */
export const DEFAULT_AGGREGATION_DAYS = 30;
/** Rows the export reads per query: bounded memory whatever the number of rows. */
export const EXPORT_BATCH_ROWS = 1000;
const NO_APP_NAME = '其他';

/** The filters of a query string, as Beijing day bounds in epoch milliseconds. */
export function shareFilterOf(query: {
  task_type?: TaskType | undefined;
  app_id?: number | undefined;
  serial_id?: number | undefined;
  share_type?: ShareType | undefined;
  sett_status?: SettStatus | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}): ShareFilter {
  return {
    taskType: query.task_type,
    appId: query.app_id,
    serialId: query.serial_id,
    shareType: query.share_type,
    settStatus: query.sett_status,
    fromMs: query.start_date === undefined ? undefined : dayStartMs(dayOfDate(query.start_date)),
    toMs: query.end_date === undefined ? undefined : dayStartMs(dayOfDate(query.end_date) + 1),
  };
}

function toFigures(row: FiguresRow) {
  return {
    order_count: Number(row.order_count),
    refund_count: Number(row.refund_count),
    order_amount: fenToYuan(Number(row.order_fen)),
    share_amount: fenToYuan(Number(row.share_fen)),
    settled_amount: fenToYuan(Number(row.settled_fen)),
    to_be_settled_amount: fenToYuan(Number(row.to_be_settled_fen)),
  };
}

const ZERO_FIGURES: FiguresRow = {
  order_count: 0,
  refund_count: 0,
  order_fen: 0,
  share_fen: 0,
  settled_fen: 0,
  to_be_settled_fen: 0,
};

export function toShareOrder(row: ShareOrderRow): ShareOrder {
  return {
    id: row.id,
    // The app's own order number, so that what a partner reported and what a creator sees match.
    order_id: row.order_id || row.order_no,
    order_no: row.order_no,
    order_at: isoTime(Number(row.order_at)),
    sett_status: row.sett_status,
    sett_status_text: SETT_STATUS_LABELS[row.sett_status as SettStatus] ?? '',
    expected_sett_date: row.expected_sett_date,
    share_type: row.share_type,
    share_type_text: SHARE_TYPE_LABELS[row.share_type as ShareType] ?? '',
    attract_agent: row.attract_agent ?? '',
    platform: row.platform,
    platform_text: PLATFORM_LABELS[row.platform] ?? '',
    order_type: row.order_type,
    order_type_text: ORDER_TYPE_LABELS[row.order_type as OrderType] ?? '',
    share_amount: fenToYuan(Number(row.share_fen)),
    serial_id: row.serial_id,
    serial_name: row.serial_name ?? '',
    task_type: row.task_type,
    app_id: row.app_id,
    app_name: row.app_name ?? '',
    order_amount: fenToYuan(Number(row.ad_fen)),
    ad_amount: fenToYuan(Number(row.ad_amount_fen)),
  };
}

/** An app as the figures name it; app_id null gathers shares without an app (bonuses). */
type AppIdentity = { app_id: number | null; app_name: string | null; app_icon: string | null };

function toAppFigures(app: AppIdentity, row: FiguresRow): SettAppFigures {
  return {
    app_id: app.app_id,
    app_name: app.app_id === null ? NO_APP_NAME : (app.app_name ?? ''),
    app_icon: app.app_icon ?? '',
    ...toFigures(row),
  };
}

const byShareDesc = (a: { share_fen: number }, b: { share_fen: number }) => Number(b.share_fen) - Number(a.share_fen);

export class SettlementQueryService {
  constructor(
    private readonly shares: SettlementQueryRepository,
    private readonly wallet: WalletService,
    private readonly clock: Clock,
  ) {}

  async headline(agentId: number, taskType: TaskType | undefined): Promise<SettOrderAggr> {
    const today = beijingDayOf(this.clock.now());
    const [row, canOutFen] = await Promise.all([
      this.shares.headline(agentId, taskType, {
        yesterdayMs: dayStartMs(today - 1),
        todayMs: dayStartMs(today),
        tomorrowMs: dayStartMs(today + 1),
        monthMs: dayStartMs(monthStartDay(today)),
      }),
      this.wallet.canOutFen(agentId),
    ]);
    return {
      today: fenToYuan(Number(row.today_fen)),
      yesterday: fenToYuan(Number(row.yesterday_fen)),
      this_month: fenToYuan(Number(row.month_fen)),
      total: fenToYuan(Number(row.share_fen)),
      settled: fenToYuan(Number(row.settled_fen)),
      to_be_settled: fenToYuan(Number(row.to_be_settled_fen)),
      can_out: fenToYuan(canOutFen),
    };
  }

  async aggregation(agentId: number, query: SettAggregationQuery): Promise<SettAggregation> {
    const today = beijingDayOf(this.clock.now());
    const endDay = query.end_date === undefined ? today : dayOfDate(query.end_date);
    const startDay =
      query.start_date === undefined ? endDay - DEFAULT_AGGREGATION_DAYS + 1 : dayOfDate(query.start_date);
    // The schema judges a range only when both ends are given; a default end (today) is judged here.
    if (startDay > endDay) throw appError('settlementRangeReversed');
    if (endDay - startDay + 1 > SETT_AGGREGATION_MAX_DAYS) throw appError('settlementRangeTooLong');
    const range = { start_date: dateOfDay(startDay), end_date: dateOfDay(endDay) };
    const filter = shareFilterOf({ ...query, ...range });
    const [apps, days] = await Promise.all([
      this.shares.figuresByApp(agentId, filter),
      this.shares.figuresByDay(agentId, filter),
    ]);
    const dayRows = new Map(days.map((row) => [row.day, row]));
    const byDay: SettDayFigures[] = [];
    for (let day = startDay; day <= endDay; day += 1) {
      byDay.push({ date: dateOfDay(day), ...toFigures(dayRows.get(day) ?? ZERO_FIGURES) });
    }
    return {
      ...range,
      by_app: apps.sort(byShareDesc).map((row) => toAppFigures(row, row)),
      by_day: byDay,
    };
  }

  /**
   * Every listed app of the task type (zeros when it brought nothing), then apps with shares no longer listed; each
   * with what the creator's own tasks earned beside the total (the figure my tasks shows for them).
   */
  async appList(agentId: number, taskType: TaskType): Promise<SettAppListRow[]> {
    const [apps, figures, own] = await Promise.all([
      this.shares.appsOfTaskType(taskType),
      this.shares.figuresByApp(agentId, { taskType }),
      this.shares.figuresByApp(agentId, { taskType, shareType: ShareType.Mine }),
    ]);
    const ownOf = new Map(own.map((row) => [row.app_id, Number(row.share_fen)]));
    const figuresOf = new Map(figures.map((row) => [row.app_id, row]));
    const listed = apps.map((app) => ({ app, row: figuresOf.get(app.app_id) ?? ZERO_FIGURES }));
    const listedIds = new Set(apps.map((app) => app.app_id));
    const unlisted = figures
      .filter((row) => row.app_id === null || !listedIds.has(row.app_id))
      .map((row) => ({ app: row, row }));
    return [...listed, ...unlisted]
      .sort((a, b) => byShareDesc(a.row, b.row))
      .map(({ app, row }) => {
        const ownFen = ownOf.get(app.app_id) ?? 0;
        return {
          ...toAppFigures(app, row),
          own_share_amount: fenToYuan(ownFen),
          team_share_amount: fenToYuan(Number(row.share_fen) - ownFen),
        };
      });
  }

  async orderPage(agentId: number, query: SettOrderPageQuery): Promise<Paged<ShareOrder>> {
    const filter = shareFilterOf(query);
    const [total, rows] = await Promise.all([
      this.shares.countShares(agentId, filter),
      this.shares.shareOrders(agentId, filter, offsetOf(query)),
    ]);
    return paged(rows.map(toShareOrder), total, query);
  }

  async dailyPage(agentId: number, query: SettDailyPageQuery): Promise<Paged<SettDayFigures>> {
    const filter = shareFilterOf(query);
    const [total, rows] = await Promise.all([
      this.shares.countDays(agentId, filter),
      this.shares.figuresByDay(agentId, filter, offsetOf(query)),
    ]);
    return paged(
      rows.map((row) => ({ date: dateOfDay(row.day), ...toFigures(row) })),
      total,
      query,
    );
  }

  /** The matching share orders, newest first, in batches of EXPORT_BATCH_ROWS read by keyset: memory stays flat. */
  async *shareOrderBatches(agentId: number, filter: ShareFilter): AsyncGenerator<ShareOrderRow[]> {
    let after: ShareCursor | undefined;
    for (;;) {
      const rows = await this.shares.shareOrders(agentId, filter, { limit: EXPORT_BATCH_ROWS, after });
      if (rows.length > 0) yield rows;
      if (rows.length < EXPORT_BATCH_ROWS) return;
      const last = rows[rows.length - 1]!;
      after = { orderAt: Number(last.order_at), id: last.id };
    }
  }

  /** Every Beijing day with shares matching the filter, newest first (a few thousand rows at most). */
  async dailyFigures(agentId: number, filter: ShareFilter): Promise<SettDayFigures[]> {
    const rows = await this.shares.figuresByDay(agentId, filter);
    return rows.map((row) => ({ date: dateOfDay(row.day), ...toFigures(row) }));
  }
}
