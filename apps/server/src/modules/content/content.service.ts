/** Content as the app shows it: apps, banners, the support poster, help templates and the serial hit chart. */
import {
  fenToYuan,
  type AppItem,
  type Banner,
  type Paged,
  type Poster,
  type RadarItem,
  type Template,
  type TemplateSummary,
  type TaskType,
  type radarRequestSchema,
} from '@cc/contracts';
import type { z } from 'zod';
import { appError } from '../../errors.js';
import { isoTime, offsetOf, paged, splitTags } from '../paging.js';
import type { ContentRepository } from './content.repository.js';

const toAppItem = (app: { id: number; name: string; icon_url: string; platform: string }): AppItem => ({
  app_id: app.id,
  name: app.name,
  icon_url: app.icon_url,
  platform: app.platform,
});

export class ContentService {
  constructor(
    private readonly content: ContentRepository,
    /** The customer service's WeChat ID (SUPPORT_WECHAT_ID), given with the poster for phones to copy. */
    private readonly supportWechatId = '',
  ) {}

  async supportPoster(): Promise<Poster> {
    const poster = await this.content.activePoster();
    if (!poster) throw appError('posterNotFound');
    return { ...poster, wechat_id: this.supportWechatId };
  }

  templates(): Promise<TemplateSummary[]> {
    return this.content.listTemplates();
  }

  async template(id: number): Promise<Template> {
    const template = await this.content.templateById(id);
    if (!template) throw appError('helpTemplateNotFound');
    return { ...template, updated_at: isoTime(template.updated_at) };
  }

  /** The apps of one task type, or all of them. */
  async apps(taskType?: TaskType): Promise<AppItem[]> {
    return (await this.content.listApps(taskType)).map(toAppItem);
  }

  banners(platform: number): Promise<Banner[]> {
    return this.content.listBanners(platform);
  }

  /** One page of the serial hit chart, ranked from 1 across pages. */
  async radar(query: z.output<typeof radarRequestSchema>): Promise<Paged<RadarItem>> {
    const { limit, offset } = offsetOf(query);
    const { rows, total } = await this.content.radar({
      channel: query.channel,
      taskType: query.task_type,
      sort: query.sort,
      limit,
      offset,
    });
    const data = rows.map((row, index) => ({
      rank: offset + index + 1,
      serial_id: row.serial_id,
      task_id: row.task_id,
      task_type: row.task_type,
      name: row.name,
      cover_url: row.cover_url,
      app_id: row.app_id,
      app_name: row.app_name,
      app_icon: row.app_icon,
      channel: row.channel,
      tags: splitTags(row.tags),
      publish_at: isoTime(row.publish_at),
      total_income: fenToYuan(row.total_income_fen),
    }));
    return paged(data, total, query);
  }
}
