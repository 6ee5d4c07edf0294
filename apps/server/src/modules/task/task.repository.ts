/** SQL for the task catalogue: open tasks with their serial and app, the serials' episodes, and their writes. */
import { ListingStatus } from '@cc/contracts';
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { ensureRow } from '../../db/ensure-row.js';
import type { Database, EpisodeTable, SerialTable, TaskTable } from '../../db/schema.js';

export interface TaskFilter {
  taskType: 1 | 2;
  appId?: number;
  keyword?: string;
  sort: 'publish_at' | 'total_income' | 'share_rate';
  now: number;
  limit: number;
  offset: number;
}

const SORT_COLUMN = {
  publish_at: 'serials.publish_at',
  total_income: 'serials.total_income_fen',
  share_rate: 'tasks.share_rate_bp',
} as const;

type TaskJoin = ExpressionBuilder<Database, 'tasks' | 'serials' | 'apps'>;

/** LIKE with the user's % and _ taken literally. */
function containsKeyword(eb: TaskJoin, keyword: string) {
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return eb.or([
    sql<boolean>`${eb.ref('serials.name')} like ${pattern} escape '\\'`,
    sql<boolean>`${eb.ref('serials.tags')} like ${pattern} escape '\\'`,
  ]);
}

export class TaskRepository {
  constructor(private readonly db: Db) {}

  private catalogue() {
    return this.db
      .selectFrom('tasks')
      .innerJoin('serials', 'serials.id', 'tasks.serial_id')
      .innerJoin('apps', 'apps.id', 'tasks.app_id');
  }

  private columns() {
    return [
      'tasks.id as task_id',
      'tasks.task_type',
      'tasks.app_id',
      'tasks.title',
      'tasks.share_rate_bp',
      'tasks.status',
      'tasks.open_at',
      'tasks.close_at',
      'tasks.tutorial_video_url',
      'tasks.tutorial_short_url',
      'apps.name as app_name',
      'apps.icon_url as app_icon',
      'apps.landing_url',
      'apps.deep_link_pattern',
      'serials.id as serial_id',
      'serials.name as serial_name',
      'serials.cover_url',
      'serials.intro',
      'serials.tags',
      'serials.channel',
      'serials.episode_count',
      'serials.publish_at',
      'serials.total_income_fen',
    ] as const;
  }

  async page(filter: TaskFilter) {
    const base = this.catalogue()
      .where('tasks.status', '=', ListingStatus.On)
      .where('apps.status', '=', ListingStatus.On)
      .where('tasks.task_type', '=', filter.taskType)
      .where('tasks.open_at', '<=', filter.now)
      .where((eb) => eb.or([eb('tasks.close_at', 'is', null), eb('tasks.close_at', '>', filter.now)]))
      .$if(filter.appId !== undefined, (qb) => qb.where('tasks.app_id', '=', filter.appId!))
      .$if(!!filter.keyword, (qb) => qb.where((eb) => containsKeyword(eb, filter.keyword!)));
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(this.columns())
      .orderBy(SORT_COLUMN[filter.sort], 'desc')
      .orderBy('tasks.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    return { rows, total: Number(total.n) };
  }

  byId(taskId: number) {
    return this.catalogue().select(this.columns()).where('tasks.id', '=', taskId).executeTakeFirst();
  }

  /** Task ids of `taskIds` the agent has received. */
  async receivedAmong(agentId: number, taskIds: number[]): Promise<Set<number>> {
    if (taskIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('task_receipts')
      .select('task_id')
      .where('agent_id', '=', agentId)
      .where('task_id', 'in', taskIds)
      .execute();
    return new Set(rows.map((r) => r.task_id));
  }

  async countPlayableEpisodes(serialId: number): Promise<number> {
    const row = await this.db
      .selectFrom('episodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('serial_id', '=', serialId)
      .where('media_path', '!=', '')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async episodes(serialId: number, limit: number, offset: number) {
    const base = this.db.selectFrom('episodes').where('serial_id', '=', serialId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base.selectAll().orderBy('number').limit(limit).offset(offset).execute();
    return { rows, total: Number(total.n) };
  }

  async serialName(serialId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('serials').select('name').where('id', '=', serialId).executeTakeFirst();
    return row?.name;
  }

  /** What a serial's task takes from it: its app and type. */
  serialKind(serialId: number) {
    return this.db.selectFrom('serials').select(['app_id', 'task_type']).where('id', '=', serialId).executeTakeFirst();
  }

  /** Inserts the serial unless its app has one of its name; the id of that app's serial of that name. */
  async ensureSerial(serial: Insertable<SerialTable>): Promise<number> {
    const row = await ensureRow(
      () =>
        this.db
          .selectFrom('serials')
          .select('id')
          .where('app_id', '=', serial.app_id)
          .where('name', '=', serial.name)
          .executeTakeFirst(),
      () =>
        this.db
          .insertInto('serials')
          .values(serial)
          .onConflict((oc) => oc.columns(['app_id', 'name']).doNothing())
          .execute(),
    );
    return row.id;
  }

  /** Inserts the task unless its serial has one (a serial is promoted by one task). */
  async ensureTask(task: Insertable<TaskTable>): Promise<void> {
    await ensureRow(
      () => this.db.selectFrom('tasks').select('id').where('serial_id', '=', task.serial_id).executeTakeFirst(),
      () =>
        this.db
          .insertInto('tasks')
          .values(task)
          .onConflict((oc) => oc.column('serial_id').doNothing())
          .execute(),
    );
  }

  /** Inserts the episode unless its serial has one of its number. */
  async ensureEpisode(episode: Insertable<EpisodeTable>): Promise<void> {
    await ensureRow(
      () =>
        this.db
          .selectFrom('episodes')
          .select('id')
          .where('serial_id', '=', episode.serial_id)
          .where('number', '=', episode.number)
          .executeTakeFirst(),
      () =>
        this.db
          .insertInto('episodes')
          .values(episode)
          .onConflict((oc) => oc.columns(['serial_id', 'number']).doNothing())
          .execute(),
    );
  }

  /**
   * Sets an episode's video, writing nothing when it is already the one given (so re-seeding leaves the table
   * untouched); whether the serial has that episode.
   */
  async setEpisodeVideo(
    serialId: number,
    number: number,
    video: Pick<EpisodeTable, 'media_path' | 'poster_path' | 'duration_ms' | 'size_bytes'>,
  ): Promise<boolean> {
    const episode = (eb: ExpressionBuilder<Database, 'episodes'>) =>
      eb.and([eb('serial_id', '=', serialId), eb('number', '=', number)]);
    const result = await this.db
      .updateTable('episodes')
      .set(video)
      .where(episode)
      .where((eb) =>
        eb.or([
          eb('media_path', '!=', video.media_path),
          eb('poster_path', '!=', video.poster_path),
          eb('duration_ms', '!=', video.duration_ms),
          eb('size_bytes', '!=', video.size_bytes),
        ]),
      )
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) return true;
    return (await this.db.selectFrom('episodes').select('id').where(episode).executeTakeFirst()) !== undefined;
  }

  episodeById(episodeId: number) {
    return this.db
      .selectFrom('episodes')
      .innerJoin('serials', 'serials.id', 'episodes.serial_id')
      .selectAll('episodes')
      .select('serials.name as serial_name')
      .where('episodes.id', '=', episodeId)
      .executeTakeFirst();
  }
}

export type TaskRow = NonNullable<Awaited<ReturnType<TaskRepository['byId']>>>;
export type EpisodeRow = Awaited<ReturnType<TaskRepository['episodes']>>['rows'][number];
