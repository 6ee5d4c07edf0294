/**
 * Values made once per database and kept for good (`deployment_settings`): the first process to need one makes
 * it, an insert that does nothing when another process won, so every process reads the same value.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export async function deploymentSetting(
  db: Kysely<Database>,
  name: string,
  make: () => string,
  now: number,
): Promise<string> {
  const read = () => db.selectFrom('deployment_settings').select('value').where('name', '=', name).executeTakeFirst();
  const found = await read();
  if (found) return found.value;
  await db
    .insertInto('deployment_settings')
    .values({ name, value: make(), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await read())!.value;
}
