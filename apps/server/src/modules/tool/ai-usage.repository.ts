/** SQL of the AI usage record: one row per call to an AI service, written once and read by job. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AiUsageTable } from '../../db/schema.js';

export type AiUsageRow = Selectable<AiUsageTable>;

export class AiUsageRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<AiUsageTable>): Promise<void> {
    await this.db.insertInto('ai_usage').values(row).execute();
  }

  /** A job's calls in the order they were made. */
  forJob(toolJobId: number): Promise<AiUsageRow[]> {
    return this.db.selectFrom('ai_usage').selectAll().where('tool_job_id', '=', toolJobId).orderBy('id').execute();
  }
}
