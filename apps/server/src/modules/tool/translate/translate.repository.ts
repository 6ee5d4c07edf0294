/** SQL of 字幕翻译: the creator's glossary (replaced whole) and the subtitle lists made for review. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { TranslateSubtitlesTable } from '../../../db/schema.js';
import type { GlossaryTerm } from './translate-prompts.js';

export type TranslateSubtitlesRow = Selectable<TranslateSubtitlesTable>;

export class TranslateRepository {
  constructor(private readonly db: Db) {}

  async glossary(agentId: number): Promise<GlossaryTerm[]> {
    return this.db
      .selectFrom('translate_glossary_terms')
      .select(['source', 'target'])
      .where('agent_id', '=', agentId)
      .orderBy('position')
      .execute();
  }

  /** The whole list in one transaction: a reader sees the old list or the new one. */
  async replaceGlossary(agentId: number, terms: readonly GlossaryTerm[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('translate_glossary_terms').where('agent_id', '=', agentId).execute();
      if (terms.length === 0) return;
      await trx
        .insertInto('translate_glossary_terms')
        .values(terms.map((term, position) => ({ agent_id: agentId, position, ...term })))
        .execute();
    });
  }

  subtitles(cacheKey: string): Promise<TranslateSubtitlesRow | undefined> {
    return this.db.selectFrom('translate_subtitles').selectAll().where('cache_key', '=', cacheKey).executeTakeFirst();
  }

  /** Inserts the row unless one exists (parallel first requests meet here); answers the row that stands. */
  async ensureSubtitles(row: Insertable<TranslateSubtitlesTable>): Promise<TranslateSubtitlesRow> {
    await this.db
      .insertInto('translate_subtitles')
      .values(row)
      .onConflict((oc) => oc.column('cache_key').doNothing())
      .execute();
    return (await this.subtitles(row.cache_key))!;
  }

  /** Changes the row only while it is at `attempt`, so a late worker of an earlier attempt writes nothing. */
  async updateSubtitles(
    cacheKey: string,
    attempt: number,
    change: Updateable<TranslateSubtitlesTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('translate_subtitles')
      .set(change)
      .where('cache_key', '=', cacheKey)
      .where('attempt', '=', attempt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
