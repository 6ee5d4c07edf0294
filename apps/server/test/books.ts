/**
 * The books check after a money suite: every wallet and points balance recomputed from its ledger
 * (`ReconciliationService`, ADR 0024). A suite calls it in `afterEach`, so the test that broke the books is named.
 */
import { expect } from 'vitest';
import { ReconciliationRepository } from '../src/modules/reconciliation/reconciliation.repository.js';
import { ReconciliationService } from '../src/modules/reconciliation/reconciliation.service.js';
import { systemClock, type Clock } from '../src/clock.js';
import type { DatabaseHandle } from '../src/db/database.js';

export async function expectBooksBalanced(ctx: { database: DatabaseHandle; clock?: Clock }): Promise<void> {
  const books = new ReconciliationService(new ReconciliationRepository(ctx.database.db), ctx.clock ?? systemClock);
  const report = await books.check();
  expect(report.discrepancies, 'the books must balance (Σ ledgers against kept balances)').toEqual([]);
}
