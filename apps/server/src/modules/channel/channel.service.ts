/**
 * Channel filing (账号报备): a creator files the media channels they promote on and operators review them. One
 * channel (platform + channel id, any case) is held by one creator while its filing is pending or approved; the
 * unique `live_key` makes the database refuse a concurrent second holder. A rejected or deleted filing frees it.
 */
import {
  CHANNEL_LIMIT,
  PLATFORM_LABELS,
  Platform,
  REPORT_STATUS_LABELS,
  ReportStatus,
  maskPhone,
  type Channel,
  type ChannelCreateParsed,
  type ChannelUpdateParsed,
  type OpsChannel,
  type ReportCheck,
} from '@cc/contracts';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { ImageService } from '../image/image.service.js';
import { isoTime } from '../paging.js';
import {
  channelKeyOf,
  liveKeyOf,
  type ChannelRepository,
  type ChannelRow,
  type OpsChannelRow,
} from './channel.repository.js';

export function toChannel(row: ChannelRow): Channel {
  return {
    id: row.id,
    platform: row.platform,
    platform_name: PLATFORM_LABELS[row.platform] ?? '',
    channel_name: row.channel_name,
    channel_id: row.channel_id,
    channel_url: row.channel_url,
    cover: row.cover_key ? ImageService.url(row.cover_key) : '',
    report_status: row.report_status,
    reason: row.reason,
    created_at: isoTime(row.created_at),
    reviewed_at: row.reviewed_at === null ? null : isoTime(row.reviewed_at),
  };
}

function toOpsChannel(row: OpsChannelRow): OpsChannel {
  return {
    ...toChannel(row),
    agent_id: row.agent_id,
    agent_nickname: row.agent_nickname,
    agent_phone: maskPhone(row.agent_phone),
  };
}

/** The stored fields of a filing as the creator typed them. */
function filingOf(input: ChannelCreateParsed) {
  return {
    platform: input.platform as Platform,
    channel_name: input.channel_name,
    channel_id: input.channel_id,
    channel_url: input.channel_url.trim(),
    cover_key: input.cover ?? null,
  };
}

export class ChannelService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly channels: ChannelRepository,
    private readonly images: Pick<ImageService, 'requireOwn'>,
    private readonly clock: Clock,
  ) {}

  async create(agentId: number, input: ChannelCreateParsed): Promise<Channel> {
    const id = await this.holdChannel(agentId, input, null, async (trx, now) => {
      await this.channels.retireRejected(agentId, input.platform as Platform, channelKeyOf(input.channel_id), now, trx);
      if ((await this.channels.countOwn(agentId, trx)) >= CHANNEL_LIMIT) throw appError('channelLimit');
      return this.channels.insert({ agent_id: agentId, ...filingOf(input), created_at: now }, trx);
    });
    return toChannel((await this.channels.ownById(agentId, id))!);
  }

  /**
   * A rejected filing, corrected by its creator and back in review: only the owner's, only while rejected,
   * and under the same one-holder rule as a new filing (the channel may have been filed by someone else meanwhile).
   */
  async resubmit(agentId: number, input: ChannelUpdateParsed): Promise<Channel> {
    const requireRejected = async (trx: Transaction<Database>) => {
      const row = await this.channels.ownById(agentId, input.id, trx);
      if (!row) throw appError('channelNotFound');
      if (row.report_status !== ReportStatus.Rejected) throw appError('channelNotRejected');
    };
    await this.holdChannel(agentId, input, requireRejected, async (trx, now) => {
      const key = channelKeyOf(input.channel_id);
      await this.channels.retireRejected(agentId, input.platform as Platform, key, now, trx, input.id);
      await this.channels.resubmitRejected(agentId, input.id, filingOf(input), trx);
      return input.id;
    });
    return toChannel((await this.channels.ownById(agentId, input.id))!);
  }

  /**
   * Runs `write` once `precondition` holds and the channel is known to be free, in one transaction under the creator's
   * lock (one creator's filings change one at a time, so the limit holds; two creators race only on the unique key).
   */
  private async holdChannel(
    agentId: number,
    input: ChannelCreateParsed,
    precondition: ((trx: Transaction<Database>) => Promise<void>) | null,
    write: (trx: Transaction<Database>, now: number) => Promise<number>,
  ): Promise<number> {
    if (input.cover) await this.images.requireOwn(agentId, input.cover);
    const liveKey = liveKeyOf(input.platform, channelKeyOf(input.channel_id));
    try {
      return await this.database.db.transaction().execute(async (trx) => {
        await lockKey(trx, this.database.kind, `channel-filings:${agentId}`);
        await precondition?.(trx);
        const holder = await this.channels.holderOf(liveKey, trx);
        if (holder) throw appError(holder.agent_id === agentId ? 'channelDuplicate' : 'channelTaken');
        return write(trx, this.clock.now());
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another creator's filing of this channel committed between our check and our write.
      const holder = await this.channels.holderOf(liveKey);
      throw appError(holder?.agent_id === agentId ? 'channelDuplicate' : 'channelTaken');
    }
  }

  /**
   * The platform a creator promotes on, as far as it is known: the platform of their approved filings when these are
   * all on one platform, else 其他 (5). Share orders carry it from their attribution on.
   */
  async promotionPlatform(agentId: number): Promise<Platform> {
    const platforms = await this.channels.approvedPlatforms(agentId);
    return platforms.length === 1 ? platforms[0]! : Platform.Other;
  }

  async page(agentId: number, status: ReportStatus | undefined, limit: number, offset: number) {
    const { rows, total } = await this.channels.pageOwn(agentId, status, limit, offset);
    return { data: rows.map(toChannel), total };
  }

  /** Which of these uploaded images are a filing's cover (the image clean-up keeps them). */
  imagesUsedAsCovers(names: string[]): Promise<string[]> {
    return this.channels.coversInUse(names);
  }

  async list(agentId: number): Promise<Channel[]> {
    return (await this.channels.listOwn(agentId)).map(toChannel);
  }

  /** Deletes all of `ids` or none: an id that is not one of this creator's filings makes the whole call not found. */
  async remove(agentId: number, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)];
    return this.database.db.transaction().execute(async (trx) => {
      await lockKey(trx, this.database.kind, `channel-filings:${agentId}`);
      if ((await this.channels.countOwnAmong(agentId, unique, trx)) !== unique.length) {
        throw appError('channelNotFound');
      }
      return this.channels.softDeleteOwn(agentId, unique, this.clock.now(), trx);
    });
  }

  async check(agentId: number, id: number): Promise<ReportCheck> {
    const row = await this.channels.ownById(agentId, id);
    if (!row) throw appError('channelNotFound');
    return {
      id: row.id,
      report_status: row.report_status,
      status_label: REPORT_STATUS_LABELS[row.report_status],
      reason: row.reason,
      reviewed_at: row.reviewed_at === null ? null : isoTime(row.reviewed_at),
    };
  }

  async review(id: number, decision: 'approve' | 'reject', reason: string, reviewer: string): Promise<OpsChannel> {
    if (!(await this.channels.byIdWithAgent(id))) throw appError('channelNotFound');
    const status = decision === 'approve' ? ReportStatus.Approved : ReportStatus.Rejected;
    if (!(await this.channels.review(id, status, reason, reviewer, this.clock.now()))) {
      throw appError('channelNotPending');
    }
    return toOpsChannel((await this.channels.byIdWithAgent(id))!);
  }

  async opsPage(status: ReportStatus | undefined, limit: number, offset: number) {
    const { rows, total } = await this.channels.pageAll(status, limit, offset);
    return { data: rows.map(toOpsChannel), total };
  }
}
