/** SQL of the music library (`music_tracks`): tracks by style, oldest first; deleted rows are kept, hidden. */
import type { MusicStyle } from '@cc/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { MusicTrackTable } from '../../db/schema.js';

export type MusicTrackRow = Selectable<MusicTrackTable>;

export class MusicRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<MusicTrackTable>): Promise<number> {
    const inserted = await this.db.insertInto('music_tracks').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  get(id: number) {
    return this.db
      .selectFrom('music_tracks')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** A demo track by its seed key, deleted or not (an operator's delete is not undone by the next seed). */
  bySeedKey(seedKey: string) {
    return this.db.selectFrom('music_tracks').selectAll().where('seed_key', '=', seedKey).executeTakeFirst();
  }

  list(style?: MusicStyle) {
    let query = this.db.selectFrom('music_tracks').selectAll().where('deleted_at', 'is', null);
    if (style) query = query.where('style', '=', style);
    return query.orderBy('style').orderBy('id').execute();
  }

  /** The `index`-th live track of a style (wrapping), in the order they were added. */
  async nthOfStyle(style: MusicStyle, index: number): Promise<MusicTrackRow | undefined> {
    const count = await this.db
      .selectFrom('music_tracks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('style', '=', style)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const n = Number(count.n);
    if (n === 0) return undefined;
    return this.db
      .selectFrom('music_tracks')
      .selectAll()
      .where('style', '=', style)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .offset(((Math.trunc(index) % n) + n) % n)
      .executeTakeFirst();
  }

  async update(id: number, fields: Updateable<MusicTrackTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('music_tracks')
      .set(fields)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Marks deleted; true for the caller that did it. */
  async softDelete(id: number, now: number): Promise<boolean> {
    return this.update(id, { deleted_at: now });
  }
}
