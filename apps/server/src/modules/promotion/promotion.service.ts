/**
 * Promotion: an agent receives a task and gets their own code with real, tracked links; copying a link puts
 * the task into "my tasks"; every visit to the short link is recorded, one visitor counts once per 24 h, and one
 * IP counts at most `clickCapPerIpPerDay` times per link in 24 h (however many User-Agents it rotates).
 */
import { createHmac } from 'node:crypto';
import { fenToYuan, type MyTaskRow, type PromotionOverview, type ReceiveResult, type TaskType } from '@cc/contracts';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import { appError } from '../../errors.js';
import { readableCode } from '../../readable-code.js';
import { isoTime } from '../paging.js';
import type { TaskRow, TaskService } from '../task/task.service.js';
import type { PromotionRepository } from './promotion.repository.js';

const CLICK_WINDOW_MS = 24 * 60 * 60 * 1000;
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
  constructor(
    private readonly database: DatabaseHandle,
    private readonly promotions: PromotionRepository,
    private readonly tasks: TaskService,
    private readonly clock: Clock,
    private readonly options: PromotionOptions,
  ) {}

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

  /** The receipt behind an app's reported promotion code (null when the code is not one of that app's). */
  receiptOfApp(appId: number, code: string) {
    return this.promotions.receiptOfApp(appId, code);
  }

  async activate(agentId: number, receiptId: number): Promise<{ atr_id: number; actived_at: string }> {
    const activedAt = await this.promotions.activate(agentId, receiptId, this.clock.now());
    if (activedAt === null) throw appError('receiptNotFound');
    return { atr_id: receiptId, actived_at: isoTime(activedAt) };
  }

  /** Records a visit to `/s/{code}` and answers where to send the visitor, or null for an unknown code. */
  async click(input: ClickInput): Promise<string | null> {
    const target = await this.promotions.linkTarget(input.code);
    if (!target) return null;
    const visitorHash = this.keyedHash(`${input.ip}|${input.userAgent}`);
    const ipHash = this.keyedHash(`ip|${input.ip}`);
    const now = this.clock.now();
    const since = now - CLICK_WINDOW_MS;
    await this.database.db.transaction().execute(async (trx) => {
      // One lock per link and IP: it covers every visitor behind that IP, so parallel visits respect the cap too.
      await lockKey(trx, this.database.kind, `click:${target.receipt_id}:${ipHash}`);
      const counts =
        !(await this.promotions.countedClickSince(trx, target.receipt_id, visitorHash, since)) &&
        (await this.promotions.countedClicksOfIpSince(trx, target.receipt_id, ipHash, since)) <
          this.options.clickCapPerIpPerDay;
      await this.promotions.insertClick(trx, {
        receipt_id: target.receipt_id,
        visitor_hash: visitorHash,
        ip_hash: ipHash,
        referrer: input.referrer.slice(0, 512),
        counted: counts ? 1 : 0,
        created_at: now,
      });
      if (counts) await this.promotions.incrementClickCount(trx, target.receipt_id);
    });
    return buildLandingUrl(target.landing_url, target.serial_id, input.code, this.options.publicBaseUrl);
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
    return createHmac('sha256', this.options.secret).update(value).digest('hex');
  }

  /**
   * Links shared with others (the short link) carry the public address; the tutorial videos are played by this page
   * and stay relative, so they load at whatever address the creator opened (issue 10 §6.1: an absolute
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
