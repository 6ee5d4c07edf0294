/** SQL of 影视解说's narration scripts: kept previews by key, and the script each job rendered. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { CommentaryScriptTable } from '../../../db/schema.js';

export type CommentaryScriptRow = Selectable<CommentaryScriptTable>;

export class CommentaryRepository {
  constructor(private readonly db: Db) {}

  byKey(agentId: number, previewKey: string) {
    return this.db
      .selectFrom('commentary_scripts')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('preview_key', '=', previewKey)
      .executeTakeFirst();
  }

  byId(id: number) {
    return this.db.selectFrom('commentary_scripts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The script a job rendered (ready ones only). */
  ofJob(agentId: number, toolJobId: number) {
    return this.db
      .selectFrom('commentary_scripts')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('tool_job_id', '=', toolJobId)
      .where('status', '=', 'ready')
      .executeTakeFirst();
  }

  /** A preview row for the key, created or started again (working, progress 0); answers its id. */
  async startPreview(row: Insertable<CommentaryScriptTable> & { preview_key: string }): Promise<number> {
    const inserted = await this.db
      .insertInto('commentary_scripts')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['agent_id', 'preview_key']).doUpdateSet({
          status: 'working',
          progress: 0,
          error: null,
          lines: '[]',
          dialogue: null,
          updated_at: row.updated_at,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async update(id: number, fields: Updateable<CommentaryScriptTable>): Promise<void> {
    await this.db.updateTable('commentary_scripts').set(fields).where('id', '=', id).execute();
  }

  /** Keeps the script a job rendered (a re-run of the job replaces it). */
  async saveForJob(row: Insertable<CommentaryScriptTable> & { tool_job_id: number }): Promise<void> {
    await this.db
      .insertInto('commentary_scripts')
      .values(row)
      .onConflict((oc) => oc.column('tool_job_id').doUpdateSet({ lines: row.lines, updated_at: row.updated_at }))
      .execute();
  }
}
