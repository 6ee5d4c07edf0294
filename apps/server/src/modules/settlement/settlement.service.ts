/**
 * Settlement runs: every due share is claimed by one conditional update (sett_status 1 → 2 with the run's id) and
 * the wallets are credited in the same transaction, one ledger row per agent per run (`settle:{runId}:{agentId}`).
 * A run that dies anywhere rolls back whole; the next run settles what it left, exactly once (ADR 0012).
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { WalletService } from '../withdrawal/wallet.service.js';
import type { ShareRepository } from './share.repository.js';

export interface SettlementResult {
  runId: string | null;
  settledCount: number;
  amountFen: number;
}

/** Where a run stands, for logs (and for the crash test, which kills a run between two of these). */
export type SettlementProgress = { stage: 'claimed'; count: number } | { stage: 'credited'; agentId: number };

export class SettlementService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly shares: ShareRepository,
    private readonly wallet: Pick<WalletService, 'settleIncome'>,
    private readonly clock: Clock,
  ) {}

  async settleDueShares(onProgress?: (progress: SettlementProgress) => Promise<void>): Promise<SettlementResult> {
    const runId = randomUUID();
    const now = this.clock.now();
    return this.database.db.transaction().execute(async (trx) => {
      const settledCount = await this.shares.claimDue(trx, runId, now);
      if (settledCount === 0) return { runId: null, settledCount: 0, amountFen: 0 };
      await onProgress?.({ stage: 'claimed', count: settledCount });
      let amountFen = 0;
      for (const { agentId, amountFen: agentFen } of await this.shares.runTotals(trx, runId)) {
        amountFen += agentFen;
        if (agentFen === 0) continue;
        const title = agentFen > 0 ? '分成结算' : '退款冲回';
        await this.wallet.settleIncome(trx, agentId, agentFen, `settle:${runId}:${agentId}`, title);
        await onProgress?.({ stage: 'credited', agentId });
      }
      await this.shares.insertRun(trx, {
        id: runId,
        settled_count: settledCount,
        amount_fen: amountFen,
        created_at: now,
      });
      return { runId, settledCount, amountFen };
    });
  }
}
