/** SQL for the content the shell shows: the support poster and help templates. */
import type { Db } from '../../db/database.js';

export class ContentRepository {
  constructor(private readonly db: Db) {}

  activePoster() {
    return this.db
      .selectFrom('posters')
      .select(['id', 'title', 'image_url', 'description'])
      .where('status', '=', 1)
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
}
