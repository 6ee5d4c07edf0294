/**
 * A settlement run over 100 000 due shares (1 000 creators): the real run (one claim update, the per-agent sums, a
 * wallet credit and ledger row per agent, all in one transaction) beside its baseline, the bare claim UPDATE over the
 * same rows. Each side runs in its own process on its own copy of the seeded data, so time and peak RSS belong to
 * that side alone. SQLite always; PostgreSQL too when BENCH_DATABASE_URL is set (a schema per side, dropped after).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { systemClock } from '../apps/server/src/clock.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { SettlementService } from '../apps/server/src/modules/settlement/settlement.service.js';
import { ShareRepository } from '../apps/server/src/modules/settlement/share.repository.js';
import { WalletRepository } from '../apps/server/src/modules/withdrawal/wallet.repository.js';
import { WalletService } from '../apps/server/src/modules/withdrawal/wallet.service.js';
import { seedDueShares } from '../apps/server/test/settlement-fixtures.js';

const SHARES = 100_000;
const AGENTS = 1_000;
type Side = 'baseline' | 'settlement';

interface Measured {
  side: Side;
  ms: number;
  settled: number;
  startRssMb: number;
  peakRssMb: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Where one side's data lives: a SQLite file, or a PostgreSQL schema. */
type Target = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema: string };

const open = (target: Target): DatabaseHandle =>
  target.kind === 'sqlite'
    ? openDatabase(target)
    : openDatabase({ kind: 'postgres', url: target.url }, { schema: target.schema, max: 2 });

async function seed(target: Target): Promise<void> {
  if (target.kind === 'postgres') await admin(target.url, `create schema ${target.schema}`);
  const database = open(target);
  await migrateToLatest(database.db, target.kind === 'postgres' ? target.schema : undefined);
  await seedDueShares(database.db, { agents: AGENTS, shares: SHARES, now: Date.now(), batch: 1000 });
  if (target.kind === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
  else await sql`analyze`.execute(database.db);
  await database.destroy();
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** In the child: one side over its target, printed as JSON. */
async function measureSide(side: Side, target: Target): Promise<void> {
  const database = open(target);
  const startRssMb = mb(process.memoryUsage().rss);
  const started = performance.now();
  let settled: number;
  if (side === 'baseline') {
    const result = await sql`update share_orders set sett_status = 2, sett_run_id = 'bare', settled_at = ${Date.now()}
      where sett_status = 1 and expected_sett_at <= ${Date.now()}`.execute(database.db);
    settled = Number(result.numAffectedRows);
  } else {
    const wallet = new WalletService(database, new WalletRepository(database.db), systemClock);
    const run = new SettlementService(database, new ShareRepository(database.db), wallet, systemClock);
    settled = (await run.settleDueShares()).settledCount;
  }
  const ms = Math.round(performance.now() - started);
  const peakRssMb = mb(process.resourceUsage().maxRSS * 1024);
  await database.destroy();
  process.stdout.write(`${JSON.stringify({ side, ms, settled, startRssMb, peakRssMb } satisfies Measured)}\n`);
}

async function runSide(side: Side, target: Target): Promise<Measured> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, side, JSON.stringify(target)], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += String(chunk)));
  await once(child, 'exit');
  return JSON.parse(out.trim()) as Measured;
}

function print(label: string, rows: Measured[]): void {
  console.log(`\nsettlement run over ${SHARES} due shares, ${AGENTS} creators, ${label}, ${os.cpus().length} cores`);
  console.table(
    rows.map((r) => ({
      side: r.side === 'baseline' ? 'bare claim UPDATE (baseline)' : 'settleDueShares (claim + wallets + ledger)',
      'time ms': r.ms,
      settled: r.settled,
      'RSS at start MB': r.startRssMb,
      'peak RSS MB': r.peakRssMb,
      'vs bare': `${((r.ms / Math.max(rows[0]!.ms, 1)) * 100).toFixed(0)}%`,
    })),
  );
  if (rows.some((r) => r.settled !== SHARES)) {
    console.error(`✖ a side settled other than ${SHARES} shares`);
    process.exitCode = 1;
  }
}

async function onSqlite(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-settle-bench-'));
  try {
    const seeded = path.join(dir, 'seeded.sqlite');
    await seed({ kind: 'sqlite', file: seeded });
    const rows: Measured[] = [];
    for (const side of ['baseline', 'settlement'] as const) {
      const file = path.join(dir, `${side}.sqlite`);
      fs.copyFileSync(seeded, file);
      rows.push(await runSide(side, { kind: 'sqlite', file }));
    }
    print('SQLite', rows);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(url: string): Promise<void> {
  const rows: Measured[] = [];
  for (const side of ['baseline', 'settlement'] as const) {
    const target: Target = { kind: 'postgres', url, schema: `bench_settle_${side}_${process.pid}` };
    try {
      await seed(target);
      rows.push(await runSide(side, target));
    } finally {
      await admin(url, `drop schema if exists ${target.schema} cascade`);
    }
  }
  print('PostgreSQL', rows);
}

const [side, target] = process.argv.slice(2);
if (side === 'baseline' || side === 'settlement') await measureSide(side, JSON.parse(target!) as Target);
else {
  await onSqlite();
  if (process.env.BENCH_DATABASE_URL) await onPostgres(process.env.BENCH_DATABASE_URL);
}
