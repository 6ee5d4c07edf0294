/**
 * A settlement run killed with SIGKILL mid-way (after its claim, and after crediting some wallets) leaves nothing
 * behind; the next run settles every share exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SettStatus } from '@cc/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { systemClock } from '../../clock.js';
import { seedDueShares, type DueShares } from '../../../test/settlement-fixtures.js';
import { createTestDatabase, testDatabaseKind } from '../../../test/test-app.js';
import { WalletRepository } from '../withdrawal/wallet.repository.js';
import { WalletService } from '../withdrawal/wallet.service.js';
import { SettlementService } from './settlement.service.js';
import { ShareRepository } from './share.repository.js';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const childScript = path.join(repoRoot, 'apps/server/test/settlement-child.ts');

describe(`settlement survives a crash mid-run (${testDatabaseKind})`, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let seeded: DueShares;
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    db = await createTestDatabase();
    seeded = await seedDueShares(db.database.db, { agents: 6, shares: 3000, now: Date.now() });
  });
  afterEach(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await expectBooksBalanced(db);
    await db.close();
  });

  /** Starts a run in a child process and resolves once it has paused at `pause`, its transaction open. */
  async function startPausedRun(pause: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
      cwd: repoRoot,
      env: { ...process.env, CC_SETTLE_TARGET: JSON.stringify(db.target), CC_SETTLE_PAUSE: pause },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let seen = '';
    for await (const chunk of child.stdout!) {
      seen += String(chunk);
      if (seen.includes(`paused ${pause}`)) return child;
      if (seen.includes('finished')) break;
    }
    throw new Error(`the run did not pause at ${pause}: ${seen}`);
  }

  async function killHard(child: ChildProcess): Promise<void> {
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    const [, signal] = (await exited) as [number | null, string | null];
    expect(signal).toBe('SIGKILL');
  }

  const settledCount = async () =>
    Number(
      (
        await db.database.db
          .selectFrom('share_orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('sett_status', '=', SettStatus.Settled)
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function expectSettledOnce(): Promise<void> {
    const wallet = new WalletService(db.database, new WalletRepository(db.database.db), systemClock);
    const settlement = new SettlementService(db.database, new ShareRepository(db.database.db), wallet, systemClock);
    const result = await settlement.settleDueShares();
    expect(result).toMatchObject({ settledCount: 3000, amountFen: seeded.totalFen });
    for (const agentId of seeded.agentIds) expect(await wallet.canOutFen(agentId)).toBe(seeded.owed.get(agentId));
    const ledger = await db.database.db.selectFrom('wallet_ledger').select(['agent_id', 'idempotency_key']).execute();
    expect(ledger).toHaveLength(seeded.agentIds.length);
    expect(new Set(ledger.map((l) => l.idempotency_key.split(':')[1]))).toEqual(new Set([result.runId]));
    expect(await settlement.settleDueShares()).toMatchObject({ settledCount: 0, amountFen: 0 });
    expect(await wallet.canOutFen(seeded.agentIds[0]!)).toBe(seeded.owed.get(seeded.agentIds[0]!));
  }

  it('settles each share once when runs race (another process, or the job beside the operator call)', async () => {
    const wallet = new WalletService(db.database, new WalletRepository(db.database.db), systemClock);
    const runs = Array.from(
      { length: 4 },
      () => new SettlementService(db.database, new ShareRepository(db.database.db), wallet, systemClock),
    );
    const results = await Promise.all(runs.map((run) => run.settleDueShares()));
    expect(results.reduce((sum, r) => sum + r.settledCount, 0)).toBe(3000);
    expect(results.reduce((sum, r) => sum + r.amountFen, 0)).toBe(seeded.totalFen);
    for (const agentId of seeded.agentIds) expect(await wallet.canOutFen(agentId)).toBe(seeded.owed.get(agentId));
  });

  for (const pause of ['claimed', 'credited:3']) {
    it(`rolls a run killed at "${pause}" back whole; the next run settles each share once`, async () => {
      const child = await startPausedRun(pause);
      await killHard(child);
      expect(await settledCount()).toBe(0);
      expect(await db.database.db.selectFrom('wallet_ledger').select('id').execute()).toEqual([]);
      expect(await db.database.db.selectFrom('settlement_runs').select('id').execute()).toEqual([]);
      await expectSettledOnce();
    }, 60_000);
  }
});
