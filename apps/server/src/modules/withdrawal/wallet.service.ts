/**
 * The wallet: income waiting to be withdrawn. `can_out` is balance minus holds (money set aside for a combo
 * payment in progress). Every change writes a ledger row with an idempotency key in the caller's transaction.
 */
import { fenToYuan } from '@cc/contracts';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { taxColumns, type TaxQuote } from './tax-withholding.js';
import type { WalletRepository } from './wallet.repository.js';

type Trx = Transaction<Database>;

export class WalletService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly wallets: WalletRepository,
    private readonly clock: Clock,
  ) {}

  /** Money available to spend or withdraw (balance minus holds); pass `trx` to read it under the wallet lock. */
  async canOutFen(agentId: number, trx?: Trx): Promise<number> {
    const account = await this.wallets.account(agentId, trx);
    return account ? account.balance_fen - account.held_fen : 0;
  }

  /** Takes the agent's wallet lock in `trx` and makes sure the account row exists. */
  async lock(trx: Trx, agentId: number): Promise<void> {
    await lockKey(trx, this.database.kind, `wallet:${agentId}`);
    await this.wallets.ensureAccount(trx, agentId, this.clock.now());
  }

  /** Money into the wallet (settled income); once per key. Income pays any debt first. */
  async deposit(agentId: number, amountFen: number, key: string, title: string): Promise<void> {
    await this.database.db.transaction().execute((trx) => this.settleIncome(trx, agentId, amountFen, key, title));
  }

  /**
   * Settled income (positive) or a settled claw-back (negative) in the caller's transaction, once per key; says
   * whether it applied. Income pays debt first; a claw-back never touches held money: what the available
   * balance cannot cover becomes debt (ADR 0012). Σ ledger = balance − debt.
   */
  async settleIncome(trx: Trx, agentId: number, amountFen: number, key: string, title: string): Promise<boolean> {
    await this.lock(trx, agentId);
    if (await this.wallets.ledgerByKey(trx, key)) return false;
    const now = this.clock.now();
    await this.wallets.applyIncome(trx, agentId, amountFen, now);
    await this.wallets.insertLedger(trx, {
      agent_id: agentId,
      title,
      amount_fen: amountFen,
      idempotency_key: key,
      created_at: now,
    });
    return true;
  }

  /** Balance, holds and debt, for statements and tests; zeros for an agent without a wallet yet. */
  async figures(agentId: number): Promise<{ balanceFen: number; heldFen: number; debtFen: number }> {
    const account = await this.wallets.account(agentId);
    return {
      balanceFen: account?.balance_fen ?? 0,
      heldFen: account?.held_fen ?? 0,
      debtFen: account?.debt_fen ?? 0,
    };
  }

  async hold(trx: Trx, agentId: number, amountFen: number): Promise<void> {
    if (amountFen > 0 && !(await this.wallets.move(trx, agentId, 0, amountFen, this.clock.now()))) {
      throw appError('walletInsufficient');
    }
  }

  /** Gives a hold back. A hold that cannot be released means the books disagree: stop rather than go on. */
  async release(trx: Trx, agentId: number, amountFen: number): Promise<void> {
    if (amountFen > 0 && !(await this.wallets.move(trx, agentId, 0, -amountFen, this.clock.now()))) {
      throw new Error(`wallet hold of agent ${agentId} is smaller than the ${amountFen} fen to release`);
    }
    await this.wallets.payDebtFromAvailable(trx, agentId, this.clock.now());
  }

  /**
   * A withdrawal its creator cancelled: its hold is given back, with a ledger row of no amount (the balance did not
   * move) keyed by the withdrawal, so the statement shows the cancellation and a replay cannot release twice.
   */
  async releaseCancelled(trx: Trx, agentId: number, cashOutId: number, amountFen: number): Promise<void> {
    const key = `cash_out_cancel:${cashOutId}`;
    if (await this.wallets.ledgerByKey(trx, key)) return;
    await this.release(trx, agentId, amountFen);
    await this.wallets.insertLedger(trx, {
      agent_id: agentId,
      title: `取消提现，${fenToYuan(amountFen)}元冻结金额已退回`,
      amount_fen: 0,
      idempotency_key: key,
      created_at: this.clock.now(),
    });
  }

  /**
   * Pays `amountFen` of an order from the wallet, recorded as a purchase (out_status 6) with its withholding: points
   * bought with wallet money are labour remuneration paid in kind, so `tax` (computed under this wallet lock by
   * `TaxWithholding`) leaves the wallet too, with its own ledger row. `holdFen` is the order's hold (its share plus
   * the tax estimated when it was taken), given back first. The caller has checked that the wallet covers both;
   * only a combo whose tax grew since its hold was taken can fall short, and that part of the tax becomes debt
   * rather than be left unwithheld (ADR 0012's debt).
   */
  async payOrder(trx: Trx, agentId: number, orderNo: string, amountFen: number, holdFen: number, tax: TaxQuote) {
    const now = this.clock.now();
    if (!(await this.wallets.move(trx, agentId, -amountFen, -holdFen, now))) throw appError('walletInsufficient');
    await this.wallets.insertLedger(trx, {
      agent_id: agentId,
      title: '购买积分',
      amount_fen: -amountFen,
      idempotency_key: `order:${orderNo}`,
      created_at: now,
    });
    if (tax.taxFen > 0) await this.settleIncome(trx, agentId, -tax.taxFen, `tax:order:${orderNo}`, '购买积分代扣个税');
    await this.wallets.recordPurchase(trx, agentId, orderNo, amountFen, taxColumns(tax), now);
  }

  /**
   * A withdrawal was paid: its hold becomes a debit (balance and hold both go down), with a ledger row keyed by the
   * withdrawal so a replay cannot debit twice. Throws when the hold is not there: the books disagree.
   */
  async payWithdrawal(trx: Trx, agentId: number, cashOutId: number, amountFen: number): Promise<void> {
    const key = `cash_out:${cashOutId}`;
    if (await this.wallets.ledgerByKey(trx, key)) return;
    if (!(await this.wallets.move(trx, agentId, -amountFen, -amountFen, this.clock.now()))) {
      throw new Error(`wallet hold of agent ${agentId} is smaller than the ${amountFen} fen withdrawn`);
    }
    await this.wallets.insertLedger(trx, {
      agent_id: agentId,
      title: '提现',
      amount_fen: -amountFen,
      idempotency_key: key,
      created_at: this.clock.now(),
    });
  }
}
