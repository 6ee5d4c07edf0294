/**
 * Promotion: an agent receives a task and gets their own code with real, tracked links; copying a link puts
 * the task into "my tasks"; every visit to the short link is recorded, one visitor counts once per 24 h, and one
 * IP counts at most `clickCapPerIpPerDay` times per link in 24 h (however many User-Agents it rotates).
 */
import { fenToYuan, type MyTaskRow, type PromotionOverview, type ReceiveResult, type TaskType } from '@cc/contracts';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { lockKey } from '../../db/locks.js';
import { appError } from '../../errors.js';
import { keyedHasher } from '../../keyed-hash.js';
import { readableCode } from '../../readable-code.js';
import { isoTime } from '../paging.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { TaskRow, TaskService } from '../task/task.service.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { NewClick, PromotionRepository } from './promotion.repository.js';
import { addSharesToReceipts, type ShareRow } from './task-figures.js';
import { DEFAULT_VISIT_RECORDER, VisitRecorder, type Visit, type VisitRecorderOptions } from './visit-recorder.js';

const CLICK_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long a short link's target is reused; a task taken down stops sending visitors this much later at most. */
export const LINK_CACHE_MS = 30_000;
const UNKNOWN_LINK_CACHE_MS = 5_000;
const LINK_CACHE_ENTRIES = 100_000;

function chunks<T>(items: T[], size = 500): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
export const PROMOTION_CODE_LENGTH = 8;

export interface PromotionOptions {
  publicBaseUrl: string;
  secret: string;
  /** Counted clicks one IP may add to one link in 24 h (CLICK_CAP_PER_IP_PER_DAY). */
  clickCapPerIpPerDay: number;
}

export interface ClickInput {
  code: string;
  ip: string;
  userAgent: string;
  referrer: string;
}

/** Fills `{serial_id}` and `{code}` of an app's deep-link pattern. */
export function buildAppLink(pattern: string, serialId: number, code: string): string {
  return pattern.replaceAll('{serial_id}', String(serialId)).replaceAll('{code}', encodeURIComponent(code));
}

/**
 * The app's landing address carrying the promotion code (and the serial) as query parameters. A relative address
 * (the demo apps' pages) is on this product's own origin.
 */
export function buildLandingUrl(landingUrl: string, serialId: number, code: string, base: string): string {
  const url = new URL(landingUrl, base);
  url.searchParams.set('code', code);
  url.searchParams.set('serial_id', String(serialId));
  return url.toString();
}

export class PromotionService {
  private readonly visits: VisitRecorder;
  private readonly hasher: (value: string) => string;
  private readonly links = new Map<string, { link: { receiptId: number; url: string } | null; until: number }>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly promotions: PromotionRepository,
    private readonly tasks: TaskService,
    private readonly channels: Pick<ChannelService, 'promotionPlatform'>,
    private readonly clock: Clock,
    private readonly options: PromotionOptions,
    log: FastifyBaseLogger,
    recorder: VisitRecorderOptions = DEFAULT_VISIT_RECORDER,
  ) {
    this.visits = new VisitRecorder((batch) => this.recordVisits(batch), log, recorder);
    this.hasher = keyedHasher(options.secret);
  }

  /**
   * Adds shares just written by settlement to the figures of their receipts, in settlement's transaction: the
   * creator's own shares count on the receipt that earned them, and a receipt's first earning order activates it.
   */
  recordShares(trx: Transaction<Database>, rows: ShareRow[]): Promise<void> {
    return addSharesToReceipts(trx, rows);
  }

  async receive(agentId: number, taskId: number, taskType: number): Promise<ReceiveResult> {
    const task = await this.tasks.promotableTask(taskId, taskType);

    let receipt = await this.promotions.receiptFor(agentId, taskId);
    // A taken code or a concurrent receive of the same task makes the insert a no-op; the read settles which.
    for (let attempt = 0; !receipt && attempt < 5; attempt++) {
      await this.promotions.insertReceipt({
        agent_id: agentId,
        task_id: taskId,
        code: readableCode(PROMOTION_CODE_LENGTH),
        created_at: this.clock.now(),
      });
      receipt = await this.promotions.receiptFor(agentId, taskId);
    }
    if (!receipt) throw appError('internal');
    return this.resultFor(task, receipt.id, receipt.code);
  }

  /**
   * The receipt behind an app's reported promotion code (null when the code is not one of that app's), with the
   * platform its creator promotes on as far as their filed channels tell (`ChannelService.promotionPlatform`).
   */
  async receiptOfApp(appId: number, code: string) {
    const receipt = await this.promotions.receiptOfApp(appId, code);
    return receipt && { ...receipt, platform: await this.channels.promotionPlatform(receipt.agent_id) };
  }

  async activate(agentId: number, receiptId: number): Promise<{ atr_id: number; actived_at: string }> {
    const activedAt = await this.promotions.activate(agentId, receiptId, this.clock.now());
    if (activedAt === null) throw appError('receiptNotFound');
    return { atr_id: receiptId, actived_at: isoTime(activedAt) };
  }

  /**
   * Answers where `/s/{code}` sends the visitor (null for an unknown code) and queues the visit; it is written with
   * its batch within a second (`VisitRecorder`). The link's target comes from a short-lived cache.
   */
  async click(input: ClickInput): Promise<string | null> {
    const link = await this.linkOf(input.code);
    if (!link) return null;
    this.visits.record({
      receipt_id: link.receiptId,
      visitor_hash: this.keyedHash(`${input.ip}|${input.userAgent}`),
      ip_hash: this.keyedHash(`ip|${input.ip}`),
      referrer: input.referrer.slice(0, 512),
      created_at: this.clock.now(),
    });
    return link.url;
  }

  /** Starts writing visits every second. */
  startRecordingVisits(): void {
    this.visits.start();
  }

  /** Writes the visits that wait now (tests, and anything that must read them at once). */
  flushVisits(): Promise<void> {
    return this.visits.flush();
  }

  /** A graceful stop: every visit that waits is written. */
  closeVisits(): Promise<void> {
    return this.visits.close();
  }

  /**
   * Writes a batch of visits in one transaction and decides which count, in arrival order, exactly as one
   * transaction per visit would: a visitor counts once per link in 24 h, and an IP at most `clickCapPerIpPerDay`
   * times per link in 24 h. What earlier batches counted is read per link for all the batch's visitors and IPs at
   * once; what this batch counts is kept in memory as it goes. The (link, IP) locks, taken in one order, keep
   * batches of several processes from deciding on the same visitors at once.
   */
  async recordVisits(visits: Visit[]): Promise<void> {
    const byReceipt = new Map<number, Visit[]>();
    for (const visit of visits) {
      const group = byReceipt.get(visit.receipt_id);
      if (group) group.push(visit);
      else byReceipt.set(visit.receipt_id, [visit]);
    }
    await this.database.db.transaction().execute(async (trx) => {
      const lockKeys = [...new Set(visits.map((v) => `click:${v.receipt_id}:${v.ip_hash}`))].sort();
      for (const key of lockKeys) await lockKey(trx, this.database.kind, key);
      const rows: NewClick[] = [];
      for (const [receiptId, group] of byReceipt) {
        const since = Math.min(...group.map((v) => v.created_at)) - CLICK_WINDOW_MS;
        const lastCounted = new Map<string, number>();
        for (const hashes of chunks([...new Set(group.map((v) => v.visitor_hash))])) {
          for (const row of await this.promotions.lastCountedOfVisitors(trx, receiptId, hashes, since)) {
            lastCounted.set(row.visitor_hash, Number(row.last));
          }
        }
        const ipTimes = new Map<string, number[]>();
        for (const hashes of chunks([...new Set(group.map((v) => v.ip_hash))])) {
          for (const row of await this.promotions.countedTimesOfIps(trx, receiptId, hashes, since)) {
            const times = ipTimes.get(row.ip_hash) ?? [];
            times.push(Number(row.created_at));
            ipTimes.set(row.ip_hash, times);
          }
        }
        let counted = 0;
        for (const visit of group) {
          const windowStart = visit.created_at - CLICK_WINDOW_MS;
          const last = lastCounted.get(visit.visitor_hash);
          const times = ipTimes.get(visit.ip_hash) ?? [];
          const counts =
            (last === undefined || last <= windowStart) &&
            times.filter((time) => time > windowStart).length < this.options.clickCapPerIpPerDay;
          if (counts) {
            counted += 1;
            lastCounted.set(visit.visitor_hash, visit.created_at);
            times.push(visit.created_at);
            ipTimes.set(visit.ip_hash, times);
          }
          rows.push({ ...visit, counted: counts ? 1 : 0 });
        }
        if (counted > 0) await this.promotions.addClickCount(trx, receiptId, counted);
      }
      await this.promotions.insertClicks(trx, rows);
    });
  }

  /** The receipt and landing address behind a code, cached for a short while (unknown codes more briefly). */
  private async linkOf(code: string): Promise<{ receiptId: number; url: string } | null> {
    const now = this.clock.now();
    const cached = this.links.get(code);
    if (cached && cached.until > now) return cached.link;
    const target = await this.promotions.linkTarget(code);
    const link = target
      ? {
          receiptId: target.receipt_id,
          url: buildLandingUrl(target.landing_url, target.serial_id, code, this.options.publicBaseUrl),
        }
      : null;
    this.links.delete(code);
    if (this.links.size >= LINK_CACHE_ENTRIES) this.links.delete(this.links.keys().next().value!);
    this.links.set(code, { link, until: now + (link ? LINK_CACHE_MS : UNKNOWN_LINK_CACHE_MS) });
    return link;
  }

  async myTasks(agentId: number, taskType: TaskType | undefined, limit: number, offset: number) {
    const { rows, total } = await this.promotions.myTasks(agentId, taskType, limit, offset);
    const data: MyTaskRow[] = rows.map((row) => ({
      atr_id: row.atr_id,
      task_id: row.task_id,
      task_type: row.task_type,
      app_id: row.app_id,
      app_name: row.app_name,
      app_icon: row.app_icon,
      serial_name: row.serial_name,
      title: row.title,
      cover: row.cover,
      code: row.code,
      click_count: row.click_count,
      order_count: Number(row.order_count),
      order_amount: fenToYuan(Number(row.order_fen)),
      ad_amount: fenToYuan(Number(row.ad_fen)),
      share_amount: fenToYuan(Number(row.share_fen)),
      actived_at: isoTime(row.actived_at!),
    }));
    return { data, total };
  }

  async overview(agentId: number): Promise<PromotionOverview> {
    const row = await this.promotions.overview(agentId);
    return {
      task_count: Number(row.task_count),
      click_count: Number(row.click_count),
      order_count: Number(row.order_count),
      share_amount: fenToYuan(Number(row.share_fen)),
    };
  }

  /** Keyed by APP_SECRET, so no raw IP is stored and hashes cannot be reversed by trying every address. */
  private keyedHash(value: string): string {
    return this.hasher(value);
  }

  /**
   * Links shared with others (the short link) carry the public address; the tutorial videos are played by this page
   * and stay relative, so they load at whatever address the creator opened (an absolute
   * localhost address was refused by the page's CSP everywhere else).
   */
  private resultFor(task: TaskRow, receiptId: number, code: string): ReceiveResult {
    return {
      atr_id: receiptId,
      serial_link: `${this.options.publicBaseUrl}/s/${code}`,
      app_link: buildAppLink(task.deep_link_pattern, task.serial_id, code),
      code,
      facebook_url: task.tutorial_video_url,
      tiktok_url: task.tutorial_short_url,
    };
  }
}
