/**
 * The books check (`GET /ops/v1/reconciliation`): every balance recomputed from its ledger, for operators and for the
 * tests that run it after every money suite. Money in yuan strings, points as integer strings.
 */
import { z } from 'zod';

/** The invariants checked, one name each (docs/adr/0024-books-reconciliation.md). */
export const RECONCILIATION_CHECKS = [
  'wallet_ledger',
  'wallet_held',
  'wallet_nonnegative',
  'withdrawal_debits',
  'settlement_credits',
  'points_ledger',
  'points_grants',
] as const;
export type ReconciliationCheck = (typeof RECONCILIATION_CHECKS)[number];

export const reconciliationDiscrepancySchema = z.object({
  /** Which invariant failed. */
  check: z.enum(RECONCILIATION_CHECKS),
  agent_id: z.number().int(),
  /** What the ledger (or the records the figure stands for) says. */
  expected: z.string(),
  /** What the kept figure says. */
  actual: z.string(),
  /** The unit of both figures: yuan or points. */
  unit: z.enum(['yuan', 'points']),
});
export type ReconciliationDiscrepancy = z.infer<typeof reconciliationDiscrepancySchema>;

export const reconciliationReportSchema = z.object({
  /** True when no invariant failed for any creator. */
  balanced: z.boolean(),
  /** Creators with a wallet or a points account. */
  agents: z.number().int(),
  /** Σ wallet balances, Σ holds, Σ debts, Σ completed withdrawals, Σ settled shares (yuan). */
  totals: z.object({
    balance: z.string(),
    held: z.string(),
    debt: z.string(),
    withdrawn: z.string(),
    settled: z.string(),
  }),
  discrepancies: z.array(reconciliationDiscrepancySchema),
  checked_at: z.string(),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;
