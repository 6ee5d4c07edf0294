/**
 * Creator onboarding: one live application per agent (pending or approved; a rejected one may be followed by
 * a new one), the applicant's phone proven by an SMS code of type 2, an operator's review, and the one-time
 * '审核通过' dialog.
 */
import { ApplicationStatus, SmsType, type Application, type ApplySubmitParsed } from '@cc/contracts';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import { appError } from '../../errors.js';
import { throwUnlessOk, type CheckOutcome, type SmsCodeService } from '../verification/sms-code.service.js';
import { isoTime } from '../paging.js';
import { LIVE_STATUSES, type ApplicationRow, type ApplyRepository } from './apply.repository.js';

export function toApplication(row: ApplicationRow): Application {
  return {
    id: row.id,
    real_name: row.real_name,
    phone: row.phone,
    platform: row.platform,
    channel_link: row.channel_link,
    follower_range: row.follower_range,
    experience: row.experience,
    status: row.status,
    reason: row.reason,
    created_at: isoTime(row.created_at),
    reviewed_at: row.reviewed_at === null ? null : isoTime(row.reviewed_at),
    show_approved_dialog: row.status === ApplicationStatus.Approved && row.dialog_seen_at === null,
  };
}

export class ApplyService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly applications: ApplyRepository,
    private readonly smsCodes: SmsCodeService,
    private readonly clock: Clock,
  ) {}

  async submit(agentId: number, input: ApplySubmitParsed): Promise<Application> {
    type Result = { outcome: Exclude<CheckOutcome, 'ok'> } | { outcome: 'ok'; id: number };
    const result = await this.database.db.transaction().execute(async (trx): Promise<Result> => {
      await lockKey(trx, this.database.kind, `apply:${agentId}`);
      await this.smsCodes.lockPhone(trx, input.phone);
      // Refuse a second live application before the SMS code is used up: the user loses nothing.
      const latest = await this.applications.latestFor(agentId, trx);
      if (latest && LIVE_STATUSES.includes(latest.status)) throw appError('applicationLive');
      const outcome = await this.smsCodes.check(trx, input.phone, SmsType.Apply, input.code, { consume: true });
      if (outcome !== 'ok') return { outcome };
      const id = await this.applications.insert(
        {
          agent_id: agentId,
          real_name: input.real_name,
          phone: input.phone,
          platform: input.platform,
          channel_link: input.channel_link,
          follower_range: input.follower_range,
          experience: input.experience,
          created_at: this.clock.now(),
        },
        trx,
      );
      return { outcome, id };
    });
    if (result.outcome !== 'ok') return throwUnlessOk(result.outcome);
    return toApplication((await this.applications.byId(result.id))!);
  }

  async status(agentId: number): Promise<Application | null> {
    const latest = await this.applications.latestFor(agentId);
    return latest ? toApplication(latest) : null;
  }

  async acknowledgeApproval(agentId: number): Promise<void> {
    await this.applications.markDialogSeen(agentId, this.clock.now());
  }

  async review(id: number, decision: 'approve' | 'reject', reason: string, reviewer: string): Promise<Application> {
    const existing = await this.applications.byId(id);
    if (!existing) throw appError('applicationNotFound');
    const status = decision === 'approve' ? ApplicationStatus.Approved : ApplicationStatus.Rejected;
    if (!(await this.applications.review(id, status, reason, reviewer, this.clock.now()))) {
      throw appError('applicationNotPending');
    }
    return toApplication((await this.applications.byId(id))!);
  }

  async page(status: ApplicationStatus | undefined, limit: number, offset: number) {
    const { rows, total } = await this.applications.page(status, limit, offset);
    return { data: rows.map(toApplication), total };
  }
}
