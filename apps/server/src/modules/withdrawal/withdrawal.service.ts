/**
 * Withdrawals: apply with an SMS code, the amount held at once and the tax estimated; the tax is fixed
 * when the payout starts (`TaxWithholding`). The operator's approve / reject / pay; Alipay payouts
 * through `alipay.fund.trans.uni.transfer`, one job per out_biz_no, settled only by what Alipay says of the current
 * out_biz_no; bank payouts by batches or confirmed offline. The hold becomes a debit when paid and is
 * released when rejected: money is never lost or paid twice.
 */
import {
  CashOutTo,
  OutStatus,
  PayeeType,
  SmsType,
  WITHDRAW_MAX_YUAN,
  WITHDRAW_MIN_FIRST_YUAN,
  WITHDRAW_MIN_YUAN,
  fenToYuan,
  yuanToFen,
  type CashOutFirst,
  type CashOutTax,
} from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { deploymentSetting } from '../../db/deployment-settings.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { AlipayRefusal, type AlipayClient } from '../../providers/payment/alipay-client.js';
import { readableCode } from '../../readable-code.js';
import type { MoneyProof, MoneySessionService } from '../verification/money-session.service.js';
import { throwUnlessOk } from '../verification/sms-code.service.js';
import type { ContractService } from '../user/contract.service.js';
import type { PayeeService } from '../user/payee.service.js';
import type { TaxQuote, TaxWithholding } from './tax-withholding.js';
import type { WalletService } from './wallet.service.js';
import { TRANSITIONS, type WithdrawalAction } from './withdrawal-state.js';
import type { CashOutRow, WithdrawalRepository } from './withdrawal.repository.js';

type Trx = Transaction<Database>;

export interface WithdrawalDeps {
  database: DatabaseHandle;
  withdrawals: WithdrawalRepository;
  wallet: WalletService;
  payees: PayeeService;
  contracts: ContractService;
  moneySessions: MoneySessionService;
  taxes: TaxWithholding;
  alipay: AlipayClient;
  payoutJobs: PayoutJobs;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The `withdrawal.payout` jobs, one per out_biz_no (the job's key). */
export interface PayoutJobs {
  /** Makes sure the attempt's job is queued or running: queues it, or puts it back when it failed for good. */
  ensure(cashOutId: number, outBizNo: string): Promise<void>;
}

/** The Alipay outcome of an attempt is not known yet (no answer, an error, or under way): ask again later. */
export class PayoutUnresolved extends Error {
  override name = 'PayoutUnresolved';
}

/** Transfer states of `alipay.fund.trans.common.query` that mean the money did not go and will not (ADR 0013). */
const TRANSFER_FAILED = new Set(['FAIL', 'REFUND']);

/** Answers of the payout job, for its log. */
export type PayoutOutcome = 'paid' | 'refused' | 'skipped';

const minimumFen = (isFirst: boolean) => (isFirst ? WITHDRAW_MIN_FIRST_YUAN : WITHDRAW_MIN_YUAN) * 100;

export class WithdrawalService {
  private prefix: Promise<string> | undefined;

  constructor(private readonly deps: WithdrawalDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** The tax as if the withdrawal were paid now: an estimate, the payout fixes the final figure. */
  private estimateTax(executor: Kysely<Database>, agentId: number, amountFen: number): Promise<TaxQuote> {
    return this.deps.taxes.quote(executor, agentId, amountFen);
  }

  async previewTax(agentId: number, amountYuan: string): Promise<CashOutTax> {
    return { ...(await this.estimateTax(this.db, agentId, yuanToFen(amountYuan))).detail, estimated: true };
  }

  /**
   * Fixes the tax of a withdrawal whose payout starts, in the paying transaction and before it moves
   * to 打款中 or 已完成: the one call the Alipay payout, the bank batch export and the offline confirmation make.
   */
  withholdTaxAtPayout(trx: Trx, cashOutId: number): Promise<CashOutRow> {
    return this.deps.taxes.atPayout(trx, cashOutId);
  }

  async first(agentId: number): Promise<CashOutFirst> {
    const [count, canOut, payees, identity, signed] = await Promise.all([
      this.deps.withdrawals.countLive(this.db, agentId),
      this.deps.wallet.canOutFen(agentId),
      this.deps.payees.list(agentId),
      this.deps.payees.masked(agentId),
      this.deps.contracts.hasSigned(agentId),
    ]);
    const bank = payees.find((p) => p.type === PayeeType.Bank);
    const alipay = payees.find((p) => p.type === PayeeType.Alipay);
    return {
      is_first: count === 0,
      min_amount: fenToYuan(minimumFen(count === 0)),
      max_amount: fenToYuan(WITHDRAW_MAX_YUAN * 100),
      can_out: fenToYuan(Math.max(0, canOut)),
      has_real_name: identity.idCard !== '',
      sign_status: signed ? 1 : 0,
      bank: bank ? { bank_name: bank.bank_name, account_no: bank.account_no, real_name: bank.real_name } : null,
      alipay: alipay ? { account_no: alipay.account_no, real_name: alipay.real_name } : null,
    };
  }

  /**
   * One transaction, locks in the order identity → wallet → phone (as everywhere else): the creator's checks, the
   * balance under the wallet lock, then the SMS code consumed, the tax estimated (as if paid now) and the amount held. A refused check keeps the code for another try.
   */
  async apply(agentId: number, input: { amount: string; cash_out_to: CashOutTo }, proof: MoneyProof): Promise<number> {
    const amountFen = yuanToFen(input.amount);
    const kind = input.cash_out_to === CashOutTo.Bank ? PayeeType.Bank : PayeeType.Alipay;
    const now = this.deps.clock.now();
    const outcome = await this.db.transaction().execute(async (trx) => {
      const agent = await this.deps.payees.lockIdentity(trx, agentId);
      if (!agent.id_card_hash) throw appError('realNameRequired');
      if (!(await this.deps.contracts.hasSigned(agentId, trx))) throw appError('contractUnsigned');
      const account = await this.deps.payees.payoutAccount(trx, agentId, kind);
      if (!account) throw appError('payeeAccountMissing');
      await this.deps.wallet.lock(trx, agentId);
      const minFen = minimumFen((await this.deps.withdrawals.countLive(trx, agentId)) === 0);
      if (amountFen < minFen) throw appError('withdrawBelowMinimum', `提现金额不能低于${fenToYuan(minFen)}元`);
      if (amountFen > WITHDRAW_MAX_YUAN * 100) throw appError('withdrawAboveMaximum');
      if (amountFen > (await this.deps.wallet.canOutFen(agentId, trx))) throw appError('withdrawAboveBalance');
      const smsType = kind === PayeeType.Bank ? SmsType.Bank : SmsType.Alipay;
      const checked = await this.deps.moneySessions.authorize(trx, { id: agentId, phone: agent.phone }, smsType, proof);
      if (checked !== 'ok') return checked;
      const tax = await this.estimateTax(trx, agentId, amountFen);
      await this.deps.wallet.hold(trx, agentId, amountFen);
      return this.deps.withdrawals.insert(trx, {
        agent_id: agentId,
        out_status: OutStatus.Pending,
        amount_fen: amountFen,
        pre_pay_amount_fen: amountFen,
        pay_amount_fen: tax.payFen,
        tax_fen: tax.taxFen,
        tax_year: tax.year,
        tax_month: tax.month,
        tax_detail: JSON.stringify(tax.detail),
        cash_out_to: String(input.cash_out_to),
        bank_name: kind === PayeeType.Bank ? account.bankName : '',
        bank_card_number: kind === PayeeType.Bank ? account.mask : '',
        alipay_id: kind === PayeeType.Alipay ? account.mask : '',
        payee_real_name: account.realName,
        payee_account_enc: account.enc,
        order_no: null,
        out_biz_no: null,
        approved_at: null,
        created_at: now,
        updated_at: now,
        finish_at: null,
      });
    });
    if (typeof outcome === 'string') throwUnlessOk(outcome);
    return outcome;
  }

  /** The creator's own withdrawal; another creator's answers as missing. */
  async ownedBy(agentId: number, id: number): Promise<CashOutRow> {
    const row = await this.deps.withdrawals.byId(id);
    if (!row || row.agent_id !== agentId) throw appError('withdrawalNotFound');
    return row;
  }

  pageOf(agentId: number, status: number | undefined, limit: number, offset: number) {
    return this.deps.withdrawals.pageOf(agentId, status, limit, offset);
  }

  opsPage(filter: { status?: OutStatus; cashOutTo?: number }, limit: number, offset: number) {
    return this.deps.withdrawals.opsPage(filter, limit, offset);
  }

  async get(id: number): Promise<CashOutRow> {
    const row = await this.deps.withdrawals.byId(id);
    if (!row || row.cash_out_to === '') throw appError('withdrawalNotFound');
    return row;
  }

  /** Runs `action` on withdrawal `id` if its state allows; `withdrawalBadTransition` otherwise. */
  private async move(
    executor: Kysely<Database>,
    id: number,
    action: WithdrawalAction,
    changes: Omit<Parameters<WithdrawalRepository['transition']>[3], 'out_status'> = {},
  ): Promise<void> {
    const { from, to } = TRANSITIONS[action];
    const moved = await this.deps.withdrawals.transition(executor, id, from, {
      ...changes,
      out_status: to,
      updated_at: this.deps.clock.now(),
    });
    if (!moved) throw appError('withdrawalBadTransition');
  }

  async approve(id: number): Promise<CashOutRow> {
    await this.get(id);
    await this.move(this.db, id, 'approve', { approved_at: this.deps.clock.now() });
    return this.get(id);
  }

  /** Rejects a pending or agreed withdrawal (an agreed one whose payout Alipay refused, too) and releases its hold. */
  async reject(id: number, reason: string): Promise<CashOutRow> {
    const row = await this.get(id);
    await this.db.transaction().execute(async (trx) => {
      await this.deps.wallet.lock(trx, row.agent_id);
      await this.move(trx, id, 'reject', { reason });
      await this.deps.wallet.release(trx, row.agent_id, row.amount_fen);
    });
    return this.get(id);
  }

  /**
   * The creator cancels their own withdrawal while it is still pending: under the wallet lock (the lock every
   * writer of their money takes), the conditional move to 已取消, the hold released and a ledger row keyed by the
   * withdrawal, in one transaction. Of two cancels, or a cancel and an operator's approval, exactly one moves it; a
   * repeated cancel answers the cancelled record and releases nothing more.
   */
  async cancel(agentId: number, id: number): Promise<CashOutRow> {
    const row = await this.ownedBy(agentId, id);
    if (row.cash_out_to === '') throw appError('withdrawalNotFound');
    await this.db.transaction().execute(async (trx) => {
      await this.deps.wallet.lock(trx, agentId);
      const { from, to } = TRANSITIONS.cancel;
      const changes = { out_status: to, reason: '', updated_at: this.deps.clock.now() };
      if (await this.deps.withdrawals.transition(trx, id, from, changes)) {
        await this.deps.wallet.releaseCancelled(trx, agentId, id, row.amount_fen);
        return;
      }
      const now = (await this.deps.withdrawals.byId(id, trx))!;
      if (now.out_status === OutStatus.Cancelled) return;
      const taken = now.out_status === OutStatus.Agreed || now.out_status === OutStatus.Waiting;
      throw appError(taken ? 'withdrawalCancelTaken' : 'withdrawalCancelClosed');
    });
    return this.ownedBy(agentId, id);
  }

  /**
   * Pays an agreed withdrawal. `offline` (bank withdrawals only): the operator confirms a transfer made outside
   * (bank file) and the withdrawal completes at once. An Alipay withdrawal starts a payout attempt under a new
   * out_biz_no and its job is queued; while an attempt is unresolved (打款中) paying again is refused.
   */
  async pay(id: number, offline: boolean): Promise<CashOutRow> {
    const row = await this.get(id);
    const alipay = row.cash_out_to === String(CashOutTo.Alipay);
    if (offline) {
      if (alipay) throw appError('withdrawalOfflineBankOnly');
      await this.db.transaction().execute(async (trx) => {
        await this.deps.wallet.lock(trx, row.agent_id);
        await this.withholdTaxAtPayout(trx, id);
        await this.move(trx, id, 'payOffline', { is_offline: 1, finish_at: this.deps.clock.now(), reason: '' });
        await this.deps.wallet.payWithdrawal(trx, row.agent_id, id, row.amount_fen);
      });
      return this.get(id);
    }
    if (!alipay) throw appError('withdrawalOfflineRequired');
    const outBizNo = await this.startPayout(row);
    await this.deps.payoutJobs.ensure(id, outBizNo);
    return this.get(id);
  }

  /**
   * One transaction: the withdrawal moves to 打款中 under its next out_biz_no, on condition that it is still agreed
   * and its last attempt is the one read (so two clicks start one attempt). An earlier attempt that is still
   * unresolved keeps it in 打款中, and this answers `withdrawalPayoutUnresolved`.
   */
  private async startPayout(row: CashOutRow): Promise<string> {
    if (row.out_status === OutStatus.Waiting) throw appError('withdrawalPayoutUnresolved');
    const outBizNo = nextOutBizNo(await this.payoutPrefix(), row.id, row.out_biz_no);
    const { from, to } = TRANSITIONS.startPayout;
    await this.db.transaction().execute(async (trx) => {
      // The tax point is the payout: fixed first, under the creator's wallet lock, which every writer
      // of their money takes before touching a withdrawal's row (so a rejection racing this cannot deadlock).
      await this.withholdTaxAtPayout(trx, row.id);
      const changes = { out_status: to, out_biz_no: outBizNo, reason: '', updated_at: this.deps.clock.now() };
      if (!(await this.deps.withdrawals.transition(trx, row.id, from, changes, row.out_biz_no))) {
        const now = await this.deps.withdrawals.byId(row.id, trx);
        throw appError(
          now?.out_status === OutStatus.Waiting ? 'withdrawalPayoutUnresolved' : 'withdrawalBadTransition',
        );
      }
    });
    return outBizNo;
  }

  /** The deployment's out_biz_no prefix, made at the first payout of a database and read once per process. */
  private payoutPrefix(): Promise<string> {
    this.prefix ??= deploymentSetting(this.db, 'payout_prefix', () => readableCode(6), this.deps.clock.now()).catch(
      (error: unknown) => {
        this.prefix = undefined;
        throw error;
      },
    );
    return this.prefix;
  }

  /**
   * Alipay withdrawals in 打款中 whose job is gone or failed for good (a crash between the move and the queueing, a
   * query that kept failing) get it back; the job asks Alipay first. Answers how many payouts it looked at.
   */
  async requeueWaitingPayouts(): Promise<number> {
    const waiting = await this.deps.withdrawals.waitingAlipayPayouts();
    for (const { id, out_biz_no } of waiting) {
      try {
        await this.deps.payoutJobs.ensure(id, out_biz_no);
      } catch (error) {
        this.deps.log.error({ err: error, cashOutId: id, outBizNo: out_biz_no }, 'payout job could not be queued');
      }
    }
    return waiting.length;
  }

  /**
   * The payout job of attempt `outBizNo`. Idempotent: Alipay is first asked about the out_biz_no, and only a
   * transfer it has never seen is sent (a repeat of the same out_biz_no cannot pay twice anyway). Only SUCCESS, a
   * failed transfer or a refusal Alipay gives for good settles the attempt; anything else throws `PayoutUnresolved`
   * (or the network's error) so the job runs again and asks again. An attempt that is no longer current is skipped.
   */
  async payout(id: number, outBizNo: string): Promise<PayoutOutcome> {
    const row = await this.deps.withdrawals.byId(id);
    if (!row || row.out_status !== OutStatus.Waiting || row.out_biz_no !== outBizNo) return 'skipped';
    let result = await this.deps.alipay.transferQuery(outBizNo);
    if (!result) {
      try {
        result = await this.deps.alipay.transfer({
          outBizNo,
          amountYuan: fenToYuan(row.pay_amount_fen),
          payeeAccount: this.deps.payees.reveal(row.payee_account_enc),
          payeeName: row.payee_real_name,
          title: '创作者中心收益提现',
        });
      } catch (error) {
        if (!(error instanceof AlipayRefusal)) throw error;
        return this.payoutFailed(row, outBizNo, `打款失败：${error.subMsg || error.subCode}`);
      }
    }
    if (result.status === 'SUCCESS') return this.payoutSucceeded(row, outBizNo, result.orderId);
    if (TRANSFER_FAILED.has(result.status)) {
      return this.payoutFailed(row, outBizNo, `打款失败：${result.failReason || '支付宝转账失败'}`);
    }
    throw new PayoutUnresolved(`transfer ${outBizNo} is ${result.status || 'unknown'}; asking again later`);
  }

  /** 'skipped' when the attempt is no longer current or another run of the job completed it first. */
  private async payoutSucceeded(row: CashOutRow, outBizNo: string, orderId: string): Promise<PayoutOutcome> {
    return this.db.transaction().execute(async (trx) => {
      await this.deps.wallet.lock(trx, row.agent_id);
      const { from, to } = TRANSITIONS.payoutSucceeded;
      const now = this.deps.clock.now();
      const changes = { out_status: to, pay_order_id: orderId, finish_at: now, reason: '', updated_at: now };
      if (!(await this.deps.withdrawals.transition(trx, row.id, from, changes, outBizNo))) return 'skipped';
      await this.deps.wallet.payWithdrawal(trx, row.agent_id, row.id, row.amount_fen);
      return 'paid';
    });
  }

  private async payoutFailed(row: CashOutRow, outBizNo: string, reason: string): Promise<PayoutOutcome> {
    const { from, to } = TRANSITIONS.payoutFailed;
    const changes = { out_status: to, reason, updated_at: this.deps.clock.now() };
    if (!(await this.deps.withdrawals.transition(this.db, row.id, from, changes, outBizNo))) return 'skipped';
    this.deps.log.warn({ cashOutId: row.id, outBizNo }, 'withdrawal payout refused by Alipay');
    return 'refused';
  }
}

/**
 * `<prefix>W<id>N<attempt>`: a new out_biz_no for each payout attempt after a refusal (a refused one stays refused).
 * The attempt is read from the end of the previous number, whatever prefix it had (the oldest numbers have none).
 */
export function nextOutBizNo(prefix: string, id: number, previous: string | null): string {
  const attempt = Number(/N(\d+)$/.exec(previous ?? '')?.[1] ?? 0) + 1;
  return `${prefix}W${id}N${attempt}`;
}
