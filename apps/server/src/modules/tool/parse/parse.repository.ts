/** SQL of 短剧解析's tables: transcripts per medium and language, episode parses per version, serial summaries. */
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { EpisodeParseTable, MediaTranscriptTable } from '../../../db/schema.js';

export type MediaTranscriptRow = Selectable<MediaTranscriptTable>;
export type EpisodeParseRow = Selectable<EpisodeParseTable>;

export class ParseRepository {
  constructor(private readonly db: Db) {}

  transcript(mediaId: number, language: string) {
    return this.db
      .selectFrom('media_transcripts')
      .selectAll()
      .where('media_id', '=', mediaId)
      .where('language', '=', language)
      .executeTakeFirst();
  }

  async saveTranscript(row: MediaTranscriptRow): Promise<void> {
    const { media_id: _media, language: _language, ...rest } = row;
    await this.db
      .insertInto('media_transcripts')
      .values(row)
      .onConflict((oc) => oc.columns(['media_id', 'language']).doUpdateSet(rest))
      .execute();
  }

  async parses(mediaIds: number[], version: number): Promise<EpisodeParseRow[]> {
    if (mediaIds.length === 0) return [];
    return this.db
      .selectFrom('episode_parses')
      .selectAll()
      .where('media_id', 'in', mediaIds)
      .where('version', '=', version)
      .execute();
  }

  async saveParse(row: EpisodeParseRow): Promise<void> {
    const { media_id: _media, version: _version, ...rest } = row;
    await this.db
      .insertInto('episode_parses')
      .values(row)
      .onConflict((oc) => oc.columns(['media_id', 'version']).doUpdateSet(rest))
      .execute();
  }

  async serialSummary(agentId: number, mediaKey: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('serial_parses')
      .select('summary')
      .where('agent_id', '=', agentId)
      .where('media_key', '=', mediaKey)
      .executeTakeFirst();
    return row?.summary ?? null;
  }

  async saveSerialSummary(agentId: number, mediaKey: string, summary: string, now: number): Promise<void> {
    await this.db
      .insertInto('serial_parses')
      .values({ agent_id: agentId, media_key: mediaKey, summary, created_at: now })
      .onConflict((oc) => oc.columns(['agent_id', 'media_key']).doUpdateSet({ summary, created_at: now }))
      .execute();
  }
}
