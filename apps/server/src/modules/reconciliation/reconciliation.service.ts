/**
 * The books check (ADR 0024): every kept balance recomputed from its ledger, per creator.
 * - wallet_ledger: Σ wallet ledger = balance − debt.
 * - wallet_held: held = Σ live withdrawals (submitted, agreed, paying) + Σ wallet parts of points orders in progress.
 * - wallet_nonnegative: balance, held and debt ≥ 0, and held ≤ balance.
 * - withdrawal_debits: Σ completed withdrawals = −Σ payout debits (`cash_out:` ledger rows).
 * - settlement_credits: Σ settled shares = Σ settlement credits (`settle:` ledger rows).
 * - points_ledger: points total = Σ points ledger = bought + gifted.
 * - points_grants: bought (gifted) = Σ unspent points of bought (gifted) grants.
 */
import {
  CreditRecordType,
  fenToYuan,
  type ReconciliationCheck,
  type ReconciliationDiscrepancy,
  type ReconciliationReport,
} from '@cc/contracts';
import type { Clock } from '../../clock.js';
import type { ReconciliationRepository, SumsByAgent } from './reconciliation.repository.js';

const sumOf = (sums: SumsByAgent) => [...sums.values()].reduce((a, b) => a + b, 0);

export class ReconciliationService {
  constructor(
    private readonly books: ReconciliationRepository,
    private readonly clock: Clock,
  ) {}

  async check(): Promise<ReconciliationReport> {
    const [wallets, ledger, debits, credits, held, orderHolds, completed, settled, points, pointLedger, grants] =
      await Promise.all([
        this.books.wallets(),
        this.books.walletLedger(),
        this.books.walletLedger('cash_out:'),
        this.books.walletLedger('settle:'),
        this.books.heldWithdrawals(),
        this.books.orderHolds(),
        this.books.completedWithdrawals(),
        this.books.settledShares(),
        this.books.pointAccounts(),
        this.books.pointLedger(),
        this.books.grantRemainders(),
      ]);
    const found: ReconciliationDiscrepancy[] = [];
    const compare = (
      check: ReconciliationCheck,
      agentId: number,
      expected: number,
      actual: number,
      unit: 'yuan' | 'points',
    ) => {
      if (expected === actual) return;
      const show = unit === 'yuan' ? fenToYuan : String;
      found.push({ check, agent_id: agentId, expected: show(expected), actual: show(actual), unit });
    };

    const walletAgents = new Set([
      ...wallets.map((w) => Number(w.agent_id)),
      ...ledger.keys(),
      ...held.keys(),
      ...orderHolds.keys(),
      ...completed.keys(),
      ...settled.keys(),
    ]);
    const walletOf = new Map(wallets.map((w) => [Number(w.agent_id), w]));
    for (const agentId of walletAgents) {
      const wallet = walletOf.get(agentId) ?? { balance_fen: 0, held_fen: 0, debt_fen: 0 };
      const at = (sums: SumsByAgent) => sums.get(agentId) ?? 0;
      compare('wallet_ledger', agentId, at(ledger), wallet.balance_fen - wallet.debt_fen, 'yuan');
      compare('wallet_held', agentId, at(held) + at(orderHolds), wallet.held_fen, 'yuan');
      const lowest = Math.min(
        wallet.balance_fen,
        wallet.held_fen,
        wallet.debt_fen,
        wallet.balance_fen - wallet.held_fen,
      );
      compare('wallet_nonnegative', agentId, 0, Math.min(0, lowest), 'yuan');
      compare('withdrawal_debits', agentId, at(completed), -at(debits), 'yuan');
      compare('settlement_credits', agentId, at(settled), at(credits), 'yuan');
    }

    const pointAgents = new Set([...points.map((p) => Number(p.agent_id)), ...pointLedger.keys()]);
    const pointsOf = new Map(points.map((p) => [Number(p.agent_id), p]));
    const grantsOf = (agentId: number, kind: number) =>
      grants.find((g) => g.agent_id === agentId && g.kind === kind)?.total ?? 0;
    for (const agentId of pointAgents) {
      const account = pointsOf.get(agentId) ?? { total: 0, buy: 0, gift: 0 };
      compare('points_ledger', agentId, pointLedger.get(agentId) ?? 0, account.total, 'points');
      compare('points_ledger', agentId, account.buy + account.gift, account.total, 'points');
      compare('points_grants', agentId, grantsOf(agentId, CreditRecordType.Purchase), account.buy, 'points');
      compare('points_grants', agentId, grantsOf(agentId, CreditRecordType.Gift), account.gift, 'points');
    }

    return {
      balanced: found.length === 0,
      agents: new Set([...walletAgents, ...pointAgents]).size,
      totals: {
        balance: fenToYuan(wallets.reduce((s, w) => s + w.balance_fen, 0)),
        held: fenToYuan(wallets.reduce((s, w) => s + w.held_fen, 0)),
        debt: fenToYuan(wallets.reduce((s, w) => s + w.debt_fen, 0)),
        withdrawn: fenToYuan(sumOf(completed)),
        settled: fenToYuan(sumOf(settled)),
      },
      discrepancies: found,
      checked_at: new Date(this.clock.now()).toISOString(),
    };
  }
}
