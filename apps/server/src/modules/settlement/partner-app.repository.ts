/** SQL for partner apps' open API credentials (`partner_apps`, beside the catalogue's `apps`). */
import type { Db } from '../../db/database.js';

export class PartnerAppRepository {
  constructor(private readonly db: Db) {}

  byKey(appKey: string) {
    return this.db
      .selectFrom('partner_apps')
      .select(['app_id', 'app_key', 'secret_enc'])
      .where('app_key', '=', appKey)
      .executeTakeFirst();
  }

  byAppId(appId: number) {
    return this.db.selectFrom('partner_apps').select('app_key').where('app_id', '=', appId).executeTakeFirstOrThrow();
  }

  /** Every catalogue app with its credentials (null columns for an app that has none yet). */
  listWithApps() {
    return this.db
      .selectFrom('apps')
      .leftJoin('partner_apps', 'partner_apps.app_id', 'apps.id')
      .select(['apps.id as app_id', 'apps.name', 'partner_apps.app_key', 'partner_apps.secret_enc'])
      .orderBy('apps.id')
      .execute();
  }

  appExists(appId: number) {
    return this.db.selectFrom('apps').select('id').where('id', '=', appId).executeTakeFirst();
  }

  async insertIfMissing(row: {
    app_id: number;
    app_key: string;
    secret_enc: string;
    created_at: number;
  }): Promise<void> {
    await this.db
      .insertInto('partner_apps')
      .values(row)
      .onConflict((oc) => oc.column('app_id').doNothing())
      .execute();
  }

  /** The app's limits on reported orders; undefined for an app without credentials (the defaults apply). */
  limits(appId: number) {
    return this.db
      .selectFrom('partner_apps')
      .select(['max_amount_fen', 'max_age_days', 'future_skew_seconds'])
      .where('app_id', '=', appId)
      .executeTakeFirst();
  }

  async setLimits(
    appId: number,
    limits: { max_amount_fen: number; max_age_days: number; future_skew_seconds: number },
  ): Promise<void> {
    await this.db.updateTable('partner_apps').set(limits).where('app_id', '=', appId).execute();
  }

  async replaceSecret(appId: number, secretEnc: string, now: number): Promise<void> {
    await this.db
      .updateTable('partner_apps')
      .set({ secret_enc: secretEnc, rotated_at: now })
      .where('app_id', '=', appId)
      .execute();
  }
}
