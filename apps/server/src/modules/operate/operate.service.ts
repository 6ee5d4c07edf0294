/**
 * 智能运营 for one creator: which dramas to promote next (the hit chart weighed by their own results), when and
 * where their links convert (Beijing hours, platforms), and their publishing calendar of planned posts.
 */
import {
  fenToYuan,
  OPERATE_CALENDAR_LIMIT,
  OPERATE_SUGGESTION_COUNT,
  Platform,
  platformLabel,
  TaskType,
  type CalendarItem,
  type CalendarList,
  type HourFigures,
  type Insight,
  type PlatformFigures,
  type Suggestions,
  type calendarItemInputSchema,
  type calendarQuerySchema,
} from '@cc/contracts';
import type { z } from 'zod';
import { beijingDateTime, beijingDayOf, dateOfDay, dayOfDate, dayStartMs, HOUR_MS } from '../../beijing-time.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import { AppError, appError } from '../../errors.js';
import type { ContentService } from '../content/content.service.js';
import { isoTime } from '../paging.js';
import type { TaskService } from '../task/task.service.js';
import type { HourPlatformCount, OperateFiguresRepository } from './operate-figures.repository.js';
import type { CalendarRow, OperateRepository } from './operate.repository.js';
import { rankSuggestions } from './suggestion-rank.js';

/** How deep into the hit chart suggestions look. */
const CHART_DEPTH = 50;
/** Clicks a platform or hour needs before its conversion rate is trusted over another's. */
const MIN_CLICKS_FOR_RATE = 10;

type CalendarInput = z.output<typeof calendarItemInputSchema>;
type CalendarRange = z.output<typeof calendarQuerySchema>;

const conversion = (orders: number, clicks: number) => (clicks > 0 ? ((orders / clicks) * 100).toFixed(2) : '0.00');

function sumBy(rows: readonly HourPlatformCount[], key: 'hour' | 'platform'): Map<number, number> {
  const sums = new Map<number, number>();
  for (const row of rows) sums.set(row[key], (sums.get(row[key]) ?? 0) + row.count);
  return sums;
}

/** How the best bucket was chosen: by conversion, by clicks alone, or by orders alone (no click counted). */
type Basis = 'rate' | 'clicks' | 'orders';

/**
 * The bucket that converts best among those with enough clicks to judge; failing that, the one with most clicks;
 * failing that (links shared where no visit is counted), the one with most orders. Null when nothing happened.
 */
function bestOf<T extends { clicks: number; orders: number }>(buckets: readonly T[]): { best: T; basis: Basis } | null {
  const judged = buckets.filter((b) => b.clicks >= MIN_CLICKS_FOR_RATE && b.orders > 0);
  if (judged.length > 0) {
    return { best: judged.reduce((a, b) => (b.orders / b.clicks > a.orders / a.clicks ? b : a)), basis: 'rate' };
  }
  const most = (key: 'clicks' | 'orders') => {
    const some = buckets.filter((b) => b[key] > 0);
    return some.length === 0 ? null : some.reduce((a, b) => (b[key] > a[key] ? b : a));
  };
  const clicked = most('clicks');
  if (clicked) return { best: clicked, basis: 'clicks' };
  const ordered = most('orders');
  return ordered ? { best: ordered, basis: 'orders' } : null;
}

const hourText = (hour: number) => `${hour}:00–${hour + 1}:00`;

function platformAdvice(best: PlatformFigures, basis: Basis): string {
  if (basis === 'rate') {
    return `「${best.label}」转化最好：${best.clicks}次点击带来${best.orders}笔订单，转化率${best.conversion}%，建议优先在这里发布`;
  }
  if (basis === 'clicks') {
    return `点击最多的是「${best.label}」（${best.clicks}次），订单还不够多，暂时看不出哪个平台转化更好`;
  }
  return `订单最多的是「${best.label}」（${best.orders}笔）；推广链接的点击还没有统计到，转化率暂时算不出`;
}

function hourAdvice(best: HourFigures, basis: Basis): string {
  if (basis === 'rate') {
    return `北京时间${hourText(best.hour)}转化最好（转化率${best.conversion}%），建议在这个时段之前发布`;
  }
  if (basis === 'clicks') {
    return `点击最多的时段是北京时间${hourText(best.hour)}（${best.clicks}次），建议在这个时段之前发布`;
  }
  return `下单最多的时段是北京时间${hourText(best.hour)}（${best.orders}笔），建议在这个时段之前发布`;
}

export class OperateService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly calendar: OperateRepository,
    private readonly figures: OperateFiguresRepository,
    private readonly content: Pick<ContentService, 'radar'>,
    private readonly tasks: Pick<TaskService, 'info'>,
    private readonly clock: Clock,
  ) {}

  async suggestions(agentId: number): Promise<Suggestions> {
    const [chart, receipts] = await Promise.all([
      this.content.radar({ sort: 'total_income', task_type: TaskType.Playlet, page_num: 1, page_size: CHART_DEPTH }),
      this.figures.receipts(agentId),
    ]);
    const dramas = chart.data.flatMap((item) =>
      item.task_id === null
        ? []
        : [{ ...item, chart_rank: item.rank, task_id: item.task_id, publish_at: Date.parse(item.publish_at) }],
    );
    const ranked = rankSuggestions(dramas, receipts, this.clock.now(), OPERATE_SUGGESTION_COUNT);
    return {
      data: ranked.map((drama, index) => ({
        rank: index + 1,
        task_id: drama.task_id,
        serial_id: drama.serial_id,
        name: drama.name,
        cover_url: drama.cover_url,
        app_name: drama.app_name,
        tags: drama.tags,
        chart_rank: drama.chart_rank,
        total_income: drama.total_income,
        score: drama.score,
        reasons: drama.reasons,
      })),
      promoting_count: receipts.length,
    };
  }

  async insight(agentId: number, days: number): Promise<Insight> {
    const today = beijingDayOf(this.clock.now());
    const from = dayStartMs(today - days + 1);
    const to = dayStartMs(today + 1);
    const [clicks, orders, shares] = await Promise.all([
      this.figures.clicks(agentId, from, to),
      this.figures.orders(agentId, from, to),
      this.figures.shares(agentId, from, to),
    ]);
    const clicksByHour = sumBy(clicks, 'hour');
    const ordersByHour = sumBy(orders, 'hour');
    const clicksByPlatform = sumBy(clicks, 'platform');
    const ordersByPlatform = sumBy(orders, 'platform');
    const byHour: HourFigures[] = Array.from({ length: 24 }, (_, hour) => {
      const c = clicksByHour.get(hour) ?? 0;
      const o = ordersByHour.get(hour) ?? 0;
      return { hour, clicks: c, orders: o, conversion: conversion(o, c) };
    });
    const byPlatform: PlatformFigures[] = Object.values(Platform).map((platform) => {
      const c = clicksByPlatform.get(platform) ?? 0;
      // An order of a platform outside the list (none on file) counts as 其他, as its click would.
      const o =
        (ordersByPlatform.get(platform) ?? 0) + (platform === Platform.Other ? this.unlisted(ordersByPlatform) : 0);
      return { platform, label: platformLabel(platform), clicks: c, orders: o, conversion: conversion(o, c) };
    });
    const bestHour = bestOf(byHour);
    const bestPlatform = bestOf(byPlatform);
    return {
      days,
      start_date: dateOfDay(today - days + 1),
      end_date: dateOfDay(today),
      clicks: byHour.reduce((sum, h) => sum + h.clicks, 0),
      orders: byHour.reduce((sum, h) => sum + h.orders, 0),
      shares: shares.rows,
      share_amount: fenToYuan(shares.fen),
      by_hour: byHour,
      by_platform: byPlatform,
      best_hour: bestHour?.best.hour ?? null,
      best_platform: bestPlatform?.best.platform ?? null,
      advice: [
        ...(bestPlatform ? [platformAdvice(bestPlatform.best, bestPlatform.basis)] : []),
        ...(bestHour ? [hourAdvice(bestHour.best, bestHour.basis)] : []),
      ],
    };
  }

  private unlisted(ordersByPlatform: Map<number, number>): number {
    const listed = new Set<number>(Object.values(Platform));
    let sum = 0;
    for (const [platform, count] of ordersByPlatform) if (!listed.has(platform)) sum += count;
    return sum;
  }

  async listCalendar(agentId: number, range: CalendarRange): Promise<CalendarList> {
    const from = dayStartMs(dayOfDate(range.start_date));
    const to = dayStartMs(dayOfDate(range.end_date) + 1);
    const [rows, total] = await Promise.all([
      this.calendar.between(agentId, from, to),
      this.calendar.countOwn(agentId),
    ]);
    return { data: rows.map(toItem), total_count: total, limit: OPERATE_CALENDAR_LIMIT };
  }

  async createItem(agentId: number, input: CalendarInput): Promise<CalendarItem> {
    await this.requireTask(agentId, input.task_id);
    const now = this.clock.now();
    const row = { agent_id: agentId, ...writeOf(input), created_at: now, updated_at: now };
    const id = await this.database.db.transaction().execute(async (trx) => {
      // One creator's adds are serialised, so two at once cannot both pass the limit.
      await lockKey(trx, this.database.kind, `operate-calendar:${agentId}`);
      if ((await this.calendar.countOwn(agentId, trx)) >= OPERATE_CALENDAR_LIMIT) {
        throw appError('operateCalendarFull');
      }
      return this.calendar.insert(row, trx);
    });
    return toItem({ id, ...row });
  }

  async updateItem(agentId: number, id: number, input: CalendarInput): Promise<CalendarItem> {
    await this.requireTask(agentId, input.task_id);
    const changes = { ...writeOf(input), updated_at: this.clock.now() };
    if (!(await this.calendar.update(agentId, id, changes))) throw appError('operateItemNotFound');
    return toItem((await this.calendar.ownById(agentId, id))!);
  }

  async deleteItem(agentId: number, id: number): Promise<{ id: number }> {
    if (!(await this.calendar.remove(agentId, id))) throw appError('operateItemNotFound');
    return { id };
  }

  /** A planned post may name a task only while it is listed (the creator plans from the suggestions). */
  private async requireTask(agentId: number, taskId: number | undefined): Promise<void> {
    if (taskId === undefined) return;
    try {
      await this.tasks.info(taskId, agentId);
    } catch (error) {
      if (error instanceof AppError && error.key === 'taskNotFound') throw appError('operateTaskNotFound');
      throw error;
    }
  }
}

/** The instant of a Beijing date and HH:mm. */
function plannedAt(date: string, time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return dayStartMs(dayOfDate(date)) + hours! * HOUR_MS + minutes! * 60_000;
}

function writeOf(input: CalendarInput) {
  return {
    task_id: input.task_id ?? null,
    title: input.title,
    platform: input.platform,
    planned_at: plannedAt(input.date, input.time),
    note: input.note,
    status: input.status,
  };
}

function toItem(row: CalendarRow): CalendarItem {
  return {
    id: Number(row.id),
    task_id: row.task_id === null ? null : Number(row.task_id),
    title: row.title,
    platform: row.platform,
    platform_label: platformLabel(row.platform),
    date: dateOfDay(beijingDayOf(row.planned_at)),
    time: beijingDateTime(row.planned_at).slice(11, 16),
    note: row.note,
    status: row.status,
    created_at: isoTime(row.created_at),
  };
}
