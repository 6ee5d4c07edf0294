/** SQL for SMS verification codes. Every query here runs inside the caller's transaction. */
import type { SmsType } from '@cc/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Trx = Transaction<Database>;

export class SmsCodeRepository {
  /** This phone's codes of every purpose since `since`, newest first (a few dozen rows at most). */
  sendsForPhone(trx: Trx, phone: string, since: number): Promise<{ type: SmsType; created_at: number }[]> {
    return trx
      .selectFrom('sms_codes')
      .select(['type', 'created_at'])
      .where('phone', '=', phone)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Send times of one purpose's codes requested from `ip` since `since`. */
  async sendTimesForIp(trx: Trx, ip: string, type: SmsType, since: number): Promise<number[]> {
    const rows = await trx
      .selectFrom('sms_codes')
      .select('created_at')
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .where('type', '=', type)
      .execute();
    return rows.map((r) => r.created_at);
  }

  /** Retires the live codes of a phone and type: only the newest code sent is valid. */
  async retireLive(trx: Trx, phone: string, type: SmsType, now: number): Promise<void> {
    await trx
      .updateTable('sms_codes')
      .set({ consumed_at: now })
      .where('phone', '=', phone)
      .where('type', '=', type)
      .where('consumed_at', 'is', null)
      .execute();
  }

  async insert(
    trx: Trx,
    row: {
      phone: string;
      type: SmsType;
      code_hash: string;
      ip: string;
      vendor: string;
      created_at: number;
      expires_at: number;
    },
  ): Promise<number> {
    const inserted = await trx.insertInto('sms_codes').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async delete(trx: Trx, id: number): Promise<void> {
    await trx.deleteFrom('sms_codes').where('id', '=', id).execute();
  }

  async deleteForPhone(trx: Trx, phone: string): Promise<void> {
    await trx.deleteFrom('sms_codes').where('phone', '=', phone).execute();
  }

  findLive(trx: Trx, phone: string, type: SmsType) {
    return trx
      .selectFrom('sms_codes')
      .select(['id', 'code_hash', 'attempts', 'expires_at'])
      .where('phone', '=', phone)
      .where('type', '=', type)
      .where('consumed_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async recordWrongAttempt(trx: Trx, id: number): Promise<number> {
    const row = await trx
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return row.attempts;
  }

  async consume(trx: Trx, id: number, now: number): Promise<void> {
    await trx.updateTable('sms_codes').set({ consumed_at: now }).where('id', '=', id).execute();
  }
}
