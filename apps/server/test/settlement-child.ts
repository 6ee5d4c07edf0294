/**
 * A settlement run in its own process, for the crash test: it runs on the test database of CC_SETTLE_TARGET and,
 * at the point CC_SETTLE_PAUSE names (`claimed`, or `credited:N` after N agents), says so on stdout and waits to
 * be killed with SIGKILL, its transaction still open.
 */
import { systemClock } from '../src/clock.js';
import { openDatabase } from '../src/db/database.js';
import { SettlementService, type SettlementProgress } from '../src/modules/settlement/settlement.service.js';
import { ShareRepository } from '../src/modules/settlement/share.repository.js';
import { WalletRepository } from '../src/modules/withdrawal/wallet.repository.js';
import { WalletService } from '../src/modules/withdrawal/wallet.service.js';
import type { TestDatabaseTarget } from './test-app.js';

const target = JSON.parse(process.env.CC_SETTLE_TARGET ?? '') as TestDatabaseTarget;
const pause = process.env.CC_SETTLE_PAUSE ?? 'claimed';
const database = openDatabase(target.config, { schema: target.schema, max: 2 });
const wallet = new WalletService(database, new WalletRepository(database.db), systemClock);
const settlement = new SettlementService(database, new ShareRepository(database.db), wallet, systemClock);

let credited = 0;
async function progress(event: SettlementProgress): Promise<void> {
  if (event.stage === 'credited') credited += 1;
  const here = event.stage === 'claimed' ? 'claimed' : `credited:${credited}`;
  if (here !== pause) return;
  process.stdout.write(`paused ${here}\n`);
  await new Promise(() => undefined);
}

await settlement.settleDueShares(progress);
process.stdout.write('finished\n');
