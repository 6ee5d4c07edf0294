/**
 * Withdrawals (issue 8 §5): apply with an SMS code, the amount held at once and the tax estimated (it is fixed when
 * the payout starts, `TaxWithholding`);
 * the operator's approve / reject / pay; Alipay payouts through `alipay.fund.trans.uni.transfer` run as jobs and
 * idempotent on out_biz_no; bank payouts confirmed offline. The hold becomes a debit when paid and is released
 * when rejected: money is never lost or paid twice.
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
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { AlipayRefusal, type AlipayClient } from '../../providers/payment/alipay-client.js';
import { throwUnlessOk, type SmsCodeService } from '../auth/sms-code.service.js';
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
  smsCodes: SmsCodeService;
  taxes: TaxWithholding;
  alipay: AlipayClient;
  /** Queues the payout job of a withdrawal (the `withdrawal.payout` kind). */
  enqueuePayout(cashOutId: number, key: string): Promise<unknown>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Answers of the payout job, for its log. */
export type PayoutOutcome = 'paid' | 'refused' | 'skipped';

const minimumFen = (isFirst: boolean) => (isFirst ? WITHDRAW_MIN_FIRST_YUAN : WITHDRAW_MIN_YUAN) * 100;

export class WithdrawalService {
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
   * Fixes the tax of a withdrawal whose payout starts (issue 18 §2), in the paying transaction and before it moves
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
  async apply(agentId: number, input: { amount: string; cash_out_to: CashOutTo; code: string }): Promise<number> {
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
      await this.deps.smsCodes.lockPhone(trx, agent.phone);
      const smsType = kind === PayeeType.Bank ? SmsType.Bank : SmsType.Alipay;
      const checked = await this.deps.smsCodes.check(trx, agent.phone, smsType, input.code, { consume: true });
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

  agreedBank(): Promise<CashOutRow[]> {
    return this.deps.withdrawals.agreedBank();
  }

  /** The clear account number of a withdrawal's payee (bank file and payout only). */
  revealAccount(enc: string): string {
    return this.deps.payees.reveal(enc);
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
   * Pays an agreed withdrawal. `offline`: the operator confirms a transfer made outside (bank file) and the
   * withdrawal completes at once. Otherwise an Alipay withdrawal moves to waiting with a fresh out_biz_no and its
   * payout job is queued; calling it again while waiting queues the job again (it replays by out_biz_no).
   */
  async pay(id: number, offline: boolean): Promise<CashOutRow> {
    const row = await this.get(id);
    if (offline) {
      await this.db.transaction().execute(async (trx) => {
        await this.deps.wallet.lock(trx, row.agent_id);
        await this.withholdTaxAtPayout(trx, id);
        await this.move(trx, id, 'payOffline', { is_offline: 1, finish_at: this.deps.clock.now(), reason: '' });
        await this.deps.wallet.payWithdrawal(trx, row.agent_id, id, row.amount_fen);
      });
      return this.get(id);
    }
    if (row.cash_out_to !== String(CashOutTo.Alipay)) throw appError('withdrawalOfflineRequired');
    let outBizNo = row.out_biz_no;
    if (row.out_status !== OutStatus.Waiting) {
      outBizNo = nextOutBizNo(id, row.out_biz_no);
      await this.db.transaction().execute(async (trx) => {
        await this.withholdTaxAtPayout(trx, id);
        await this.move(trx, id, 'startPayout', { out_biz_no: outBizNo });
      });
    }
    await this.deps.enqueuePayout(id, `${outBizNo}:${this.deps.clock.now()}`);
    return this.get(id);
  }

  /**
   * The payout job. Idempotent: Alipay is first asked about the out_biz_no, and only a transfer it has never seen
   * is made; a repeat of the same out_biz_no cannot pay twice anyway. A refusal returns the withdrawal to agreed
   * for an operator; an unknown outcome (network, system error) throws so the job runs again and asks again.
   */
  async payout(id: number): Promise<PayoutOutcome> {
    const row = await this.deps.withdrawals.byId(id);
    if (!row || row.out_status !== OutStatus.Waiting || !row.out_biz_no) return 'skipped';
    const outBizNo = row.out_biz_no;
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
        await this.payoutFailed(row, `打款失败：${error.subMsg || error.subCode}`);
        return 'refused';
      }
    }
    if (result.status === 'SUCCESS') {
      return (await this.payoutSucceeded(row, result.orderId)) ? 'paid' : 'skipped';
    }
    if (result.status === 'FAIL') {
      await this.payoutFailed(row, `打款失败：${result.failReason || '支付宝转账失败'}`);
      return 'refused';
    }
    throw new Error(`transfer ${outBizNo} is ${result.status}; asking again later`);
  }

  /** False when another run of the job completed it first (the same transfer, answered twice by Alipay). */
  private async payoutSucceeded(row: CashOutRow, orderId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await this.deps.wallet.lock(trx, row.agent_id);
      const { from, to } = TRANSITIONS.payoutSucceeded;
      const now = this.deps.clock.now();
      const changes = { out_status: to, pay_order_id: orderId, finish_at: now, reason: '', updated_at: now };
      if (!(await this.deps.withdrawals.transition(trx, row.id, from, changes))) return false;
      await this.deps.wallet.payWithdrawal(trx, row.agent_id, row.id, row.amount_fen);
      return true;
    });
  }

  private async payoutFailed(row: CashOutRow, reason: string): Promise<void> {
    this.deps.log.warn({ cashOutId: row.id, outBizNo: row.out_biz_no }, 'withdrawal payout refused by Alipay');
    await this.move(this.db, row.id, 'payoutFailed', { reason });
  }
}

/** `W<id>N<attempt>`: a new out_biz_no for each payout attempt after a refusal (a refused one stays refused). */
export function nextOutBizNo(id: number, previous: string | null): string {
  const attempt = previous ? Number(previous.split('N').pop()) + 1 : 1;
  return `W${id}N${attempt}`;
}
