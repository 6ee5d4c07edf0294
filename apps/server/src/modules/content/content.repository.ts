/** SQL for content: apps, banners, the support poster, help templates and the serial hit chart. */
import { ListingStatus, type RadarRequest, type TaskType } from '@cc/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { ensureRow } from '../../db/ensure-row.js';
import type { AppTable, BannerTable, PosterTable, TemplateTable } from '../../db/schema.js';

export interface RadarFilter {
  channel?: RadarRequest['channel'];
  taskType?: TaskType;
  sort: 'publish_at' | 'total_income';
  limit: number;
  offset: number;
}

export class ContentRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the app unless one of its name exists; the id of the app of that name. */
  async ensureApp(app: Insertable<AppTable>): Promise<number> {
    const row = await ensureRow(
      () => this.db.selectFrom('apps').select('id').where('name', '=', app.name).executeTakeFirst(),
      () =>
        this.db
          .insertInto('apps')
          .values(app)
          .onConflict((oc) => oc.column('name').doNothing())
          .execute(),
    );
    return row.id;
  }

  async ensureBanner(banner: Insertable<BannerTable>): Promise<void> {
    await ensureRow(
      () => this.db.selectFrom('banners').select('id').where('title', '=', banner.title).executeTakeFirst(),
      () =>
        this.db
          .insertInto('banners')
          .values(banner)
          .onConflict((oc) => oc.column('title').doNothing())
          .execute(),
    );
  }

  async ensurePoster(poster: Insertable<PosterTable>): Promise<void> {
    await ensureRow(
      () => this.db.selectFrom('posters').select('id').where('title', '=', poster.title).executeTakeFirst(),
      () =>
        this.db
          .insertInto('posters')
          .values(poster)
          .onConflict((oc) => oc.column('title').doNothing())
          .execute(),
    );
  }

  async ensureTemplate(template: Insertable<TemplateTable>): Promise<void> {
    await ensureRow(
      () => this.db.selectFrom('templates').select('id').where('slug', '=', template.slug).executeTakeFirst(),
      () =>
        this.db
          .insertInto('templates')
          .values(template)
          .onConflict((oc) => oc.column('slug').doNothing())
          .execute(),
    );
  }

  activePoster() {
    return this.db
      .selectFrom('posters')
      .select(['id', 'title', 'image_url', 'description'])
      .where('status', '=', ListingStatus.On)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  templateById(id: number) {
    return this.db
      .selectFrom('templates')
      .select(['id', 'title', 'content', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  listTemplates() {
    return this.db.selectFrom('templates').select(['id', 'title']).orderBy('id').execute();
  }

  listApps(taskType?: TaskType) {
    let query = this.db
      .selectFrom('apps')
      .select(['apps.id', 'apps.name', 'apps.icon_url', 'apps.platform'])
      .where('apps.status', '=', ListingStatus.On);
    if (taskType !== undefined) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('tasks')
            .select('tasks.id')
            .whereRef('tasks.app_id', '=', 'apps.id')
            .where('tasks.task_type', '=', taskType)
            .where('tasks.status', '=', ListingStatus.On),
        ),
      );
    }
    return query.orderBy('apps.sort').orderBy('apps.id').execute();
  }

  listBanners(platform: number) {
    return this.db
      .selectFrom('banners')
      .select(['id', 'title', 'image_url', 'link_url'])
      .where('platform', '=', platform)
      .where('status', '=', ListingStatus.On)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async radar(filter: RadarFilter) {
    let base = this.db.selectFrom('serials').innerJoin('apps', 'apps.id', 'serials.app_id');
    if (filter.channel) base = base.where('serials.channel', '=', filter.channel);
    if (filter.taskType) base = base.where('serials.task_type', '=', filter.taskType);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const sortColumn = filter.sort === 'publish_at' ? 'serials.publish_at' : 'serials.total_income_fen';
    const rows = await base
      .leftJoin('tasks', (join) =>
        join.onRef('tasks.serial_id', '=', 'serials.id').on('tasks.status', '=', ListingStatus.On),
      )
      .select([
        'serials.id as serial_id',
        'serials.task_type',
        'serials.name',
        'serials.cover_url',
        'serials.channel',
        'serials.tags',
        'serials.publish_at',
        'serials.total_income_fen',
        'apps.id as app_id',
        'apps.name as app_name',
        'apps.icon_url as app_icon',
        'tasks.id as task_id',
      ])
      .orderBy(sortColumn, 'desc')
      .orderBy('serials.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    return { rows, total: Number(total.n) };
  }
}
