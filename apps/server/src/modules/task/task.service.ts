/**
 * The task center: open tasks for browsing, a task's detail, and its episodes (preview material). And the
 * catalogue's writes, each item by its natural key (a serial by its app and name, a task by its serial, an episode by
 * its serial and number): a write adds the item unless one with its key is there and leaves that one as it is, so
 * importing the same items again (the demo seed does on every start) changes nothing and never undoes an operator's
 * edit.
 */
import {
  ListingStatus,
  fenToYuan,
  type Episode,
  type RADAR_CHANNELS,
  type TaskCard,
  type TaskInfo,
} from '@cc/contracts';
import type { Clock } from '../../clock.js';
import type { EpisodeTable, SerialTable, TaskTable } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { isoTime, splitTags } from '../paging.js';
import type { EpisodeRow, TaskFilter, TaskRepository, TaskRow } from './task.repository.js';

export type { TaskRow };

export function toTaskCard(row: TaskRow, received: boolean): TaskCard {
  return {
    task_id: row.task_id,
    task_type: row.task_type,
    app_id: row.app_id,
    app_name: row.app_name,
    app_icon: row.app_icon,
    serial_id: row.serial_id,
    serial_name: row.serial_name,
    title: row.title,
    cover_url: row.cover_url,
    intro: row.intro,
    tags: splitTags(row.tags),
    channel: row.channel,
    episode_count: row.episode_count,
    share_rate: row.share_rate_bp / 100,
    publish_at: isoTime(row.publish_at),
    total_income: fenToYuan(row.total_income_fen),
    received,
  };
}

export function toEpisode(row: EpisodeRow): Episode {
  return {
    episode_id: row.id,
    serial_id: row.serial_id,
    number: row.number,
    title: row.title,
    duration: row.duration_ms / 1000,
    video_url: row.media_path ? `/media/${row.media_path}` : '',
    poster_url: row.poster_path ? `/media/${row.poster_path}` : '',
    size: row.size_bytes,
  };
}

/** A task can be promoted while it is on, opened, and not yet closed. */
export function isTaskOpen(task: Pick<TaskRow, 'status' | 'open_at' | 'close_at'>, now: number): boolean {
  return task.status === ListingStatus.On && task.open_at <= now && (task.close_at === null || task.close_at > now);
}

/**
 * How long a page of the catalogue is reused. The catalogue is the same for every creator and changes only when
 * operators list or close a task, so the task center (the most opened page) may show such a change this much later.
 */
export const CATALOGUE_CACHE_MS = 5_000;
const CATALOGUE_CACHE_ENTRIES = 500;

/** A drama or novel of an app; the app and its name are its key. */
export type CatalogueSerial = Omit<SerialTable, 'id' | 'created_at' | 'tags' | 'channel'> & {
  tags: string[];
  /** The readership it is written for, as the hit chart filters it. */
  channel: (typeof RADAR_CHANNELS)[number];
};
/** The promotion task of a serial (its app and type are the serial's); the serial is its key. */
export type CatalogueTask = Omit<TaskTable, 'id' | 'created_at' | 'app_id' | 'task_type'>;
/** A preview episode of a serial; the serial and its number are its key. It has no video until one is set. */
export type CatalogueEpisode = Pick<EpisodeTable, 'serial_id' | 'number' | 'title'>;
/** An episode's video file and poster, relative to the media folder. */
export type EpisodeVideo = Pick<EpisodeTable, 'media_path' | 'poster_path' | 'duration_ms' | 'size_bytes'>;

/** A catalogue page as cards (not yet marked received), with the number of tasks matching. */
interface CataloguePage {
  cards: TaskCard[];
  total: number;
}

export class TaskService {
  private readonly pages = new Map<string, { page: CataloguePage; until: number }>();

  constructor(
    private readonly tasks: TaskRepository,
    private readonly clock: Clock,
  ) {}

  /** A page of open tasks, from the short-lived catalogue cache when it holds it. */
  private async cataloguePage(filter: Omit<TaskFilter, 'now'>): Promise<CataloguePage> {
    const now = this.clock.now();
    const key = JSON.stringify([
      filter.taskType,
      filter.appId,
      filter.keyword,
      filter.sort,
      filter.limit,
      filter.offset,
    ]);
    const cached = this.pages.get(key);
    if (cached && cached.until > now) return cached.page;
    const { rows, total } = await this.tasks.page({ ...filter, now });
    // Cards are built once per cached page; an answer copies only the cards the creator has received.
    const page = { cards: rows.map((row) => toTaskCard(row, false)), total };
    this.pages.delete(key);
    if (this.pages.size >= CATALOGUE_CACHE_ENTRIES) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, { page, until: now + CATALOGUE_CACHE_MS });
    return page;
  }

  async page(filter: Omit<TaskFilter, 'now'>, agentId: number | null) {
    const { cards, total } = await this.cataloguePage(filter);
    const received = agentId
      ? await this.tasks.receivedAmong(
          agentId,
          cards.map((card) => card.task_id),
        )
      : new Set<number>();
    return { data: cards.map((card) => (received.has(card.task_id) ? { ...card, received: true } : card)), total };
  }

  async info(taskId: number, agentId: number): Promise<TaskInfo> {
    const task = await this.tasks.byId(taskId);
    if (!task || task.status !== ListingStatus.On) throw appError('taskNotFound');
    const received = await this.tasks.receivedAmong(agentId, [taskId]);
    return {
      ...toTaskCard(task, received.has(taskId)),
      app_landing_url: task.landing_url,
      available_episodes: await this.tasks.countPlayableEpisodes(task.serial_id),
      tutorial_video_url: task.tutorial_video_url,
      tutorial_short_url: task.tutorial_short_url,
    };
  }

  /** The task an agent may promote now, or the reason they may not: absent or off, another type, or closed. */
  async promotableTask(taskId: number, taskType: number): Promise<TaskRow> {
    const task = await this.tasks.byId(taskId);
    if (!task || task.status !== ListingStatus.On) throw appError('taskNotFound');
    if (task.task_type !== taskType) throw appError('taskTypeMismatch');
    if (!isTaskOpen(task, this.clock.now())) throw appError('taskClosed');
    return task;
  }

  async serialName(serialId: number): Promise<string | null> {
    return (await this.tasks.serialName(serialId)) ?? null;
  }

  async episodes(query: { task_id?: number; serial_id?: number }, limit: number, offset: number) {
    let serialId = query.serial_id;
    if (query.task_id !== undefined) {
      const task = await this.tasks.byId(query.task_id);
      if (!task) throw appError('taskNotFound');
      serialId = task.serial_id;
    }
    if (serialId === undefined) throw appError('taskOrSerialRequired');
    const { rows, total } = await this.tasks.episodes(serialId, limit, offset);
    return { data: rows.map(toEpisode), total };
  }

  /** A serial's name and its episodes' video files (relative to the media folder), for the media library. */
  async serialEpisodeFiles(serialId: number) {
    const name = await this.tasks.serialName(serialId);
    if (name === undefined) return null;
    const { rows } = await this.tasks.episodes(serialId, 1000, 0);
    return {
      name,
      episodes: rows.map((row) => ({ id: row.id, number: row.number, title: row.title, file: row.media_path })),
    };
  }

  async episode(episodeId: number) {
    const row = await this.tasks.episodeById(episodeId);
    if (!row) throw appError('episodeNotFound');
    return row;
  }

  /** Adds the serial unless its app has one of its name; the id of that app's serial of that name. */
  async ensureSerial(serial: CatalogueSerial): Promise<number> {
    const id = await this.tasks.ensureSerial({
      ...serial,
      tags: serial.tags.join(','),
      created_at: this.clock.now(),
    });
    this.pages.clear();
    return id;
  }

  /** Adds the serial's task unless it has one. */
  async ensureTask(task: CatalogueTask): Promise<void> {
    const serial = await this.tasks.serialKind(task.serial_id);
    if (!serial) throw appError('serialNotFound');
    await this.tasks.ensureTask({ ...task, ...serial, created_at: this.clock.now() });
    this.pages.clear();
  }

  /** Adds the episode unless its serial has one of its number. */
  async ensureEpisode(episode: CatalogueEpisode): Promise<void> {
    await this.tasks.ensureEpisode({
      ...episode,
      duration_ms: 0,
      media_path: '',
      poster_path: '',
      size_bytes: 0,
      created_at: this.clock.now(),
    });
  }

  /** Sets the video of a serial's episode (made after the episode was listed). */
  async setEpisodeVideo(serialId: number, number: number, video: EpisodeVideo): Promise<void> {
    if (!(await this.tasks.setEpisodeVideo(serialId, number, video))) throw appError('episodeNotFound');
  }
}
