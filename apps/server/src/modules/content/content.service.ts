/**
 * Content as the app shows it: apps, banners, the support poster, help templates and the serial hit chart; and the
 * catalogue's writes, each item by its natural key (an app's name, a banner's or poster's title, a template's slug).
 * A write adds the item unless one with its key is there, and leaves that one as it is: importing the same items
 * again (the demo seed does on every start) changes nothing and never undoes an operator's edit.
 */
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
import type { Clock } from '../../clock.js';
import type { AppTable, BannerTable, PosterTable, TemplateTable } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { isoTime, offsetOf, paged, splitTags } from '../paging.js';
import type { ContentRepository } from './content.repository.js';

const toAppItem = (app: { id: number; name: string; icon_url: string; platform: string }): AppItem => ({
  app_id: app.id,
  name: app.name,
  icon_url: app.icon_url,
  platform: app.platform,
});

/** A drama or novel app we promote; its name is its key. */
export type CatalogueApp = Omit<AppTable, 'id' | 'created_at'>;
/** A banner of the home carousel; its title is its key. */
export type CatalogueBanner = Omit<BannerTable, 'id' | 'created_at'>;
/** The support poster (a QR code to contact us); its title is its key. */
export type CataloguePoster = Omit<PosterTable, 'id' | 'created_at'>;
/** A help page in markdown; its slug is its key. */
export type HelpTemplate = Omit<TemplateTable, 'id' | 'updated_at'>;

export class ContentService {
  constructor(
    private readonly content: ContentRepository,
    private readonly clock: Clock,
    /** The customer service's WeChat ID (SUPPORT_WECHAT_ID), given with the poster for phones to copy. */
    private readonly supportWechatId = '',
  ) {}

  /** Adds the app unless one of its name is listed; the id of the app of that name. */
  ensureApp(app: CatalogueApp): Promise<number> {
    return this.content.ensureApp({ ...app, created_at: this.clock.now() });
  }

  ensureBanner(banner: CatalogueBanner): Promise<void> {
    return this.content.ensureBanner({ ...banner, created_at: this.clock.now() });
  }

  ensurePoster(poster: CataloguePoster): Promise<void> {
    return this.content.ensurePoster({ ...poster, created_at: this.clock.now() });
  }

  ensureHelpTemplate(template: HelpTemplate): Promise<void> {
    return this.content.ensureTemplate({ ...template, updated_at: this.clock.now() });
  }

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
