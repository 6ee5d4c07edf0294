/**
 * Flat cost as data grows: every query behind the creator's lists and figures reads through an index,
 * never a scan of a table that grows with the business. The test records the SQL each endpoint runs and asks the
 * database for its plan: on SQLite no `SCAN <table>` of those tables (not even of a whole index); on PostgreSQL, with sequential scans
 * discouraged (`enable_seqscan = off`: on a small test table the planner would rightly prefer them), no
 * `Seq Scan on <table>`, which then means no index could serve the query.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ManualClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { seedDemoData } from '../demo/demo-seed.js';
import { testDatabaseKind } from '../../test/test-app.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';

/** Tables that grow with visits, orders, points and creators. */
const GROWING = [
  'promotion_clicks',
  'task_receipts',
  'share_orders',
  'share_daily_figures',
  'credit_ledger',
  'credit_ledger_counts',
  'credit_grants',
  'agent_task_figures',
  'agents',
  'sessions',
  'withdrawals',
  'wallet_ledger',
];

const ROUTES = [
  '/agent/v1/user/info',
  '/agent/v1/credit/total',
  '/agent/v1/credit/detail?page_num=1&page_size=10',
  '/agent/v1/credit/detail?page_num=1&page_size=10&type=2',
  '/agent/v1/task/page?task_type=1&sort=total_income&page_size=12',
  '/agent/v1/task/my_task?page_num=1&page_size=10',
  '/agent/v1/task/my_task?page_num=1&page_size=10&task_type=1',
  '/agent/v1/task/overview',
  '/agent/v1/sett/order/page?page_num=1&page_size=10',
  '/agent/v1/sett/order/page?page_num=1&page_size=10&sett_status=1&start_date=2026-11-01&end_date=2026-11-21',
  '/agent/v1/sett/order/aggr',
  '/agent/v1/sett/order/aggregation',
  '/agent/v1/sett/daily/page?page_num=1&page_size=10',
  '/agent/v1/sett/app/list?task_type=1',
  '/agent/v1/sett/cash_out/page?page_num=1&page_size=10',
  '/agent/v1/team/page?page_num=1&page_size=10',
  '/agent/v1/team/summary',
];

describe(`query plans of the creator's lists and figures (${testDatabaseKind})`, () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let schema: string | undefined;
  const queries: CompiledQuery[] = [];
  let recording = false;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-plans-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      DATABASE_URL: process.env.TEST_DATABASE_URL,
    });
    if (config.database.kind === 'postgres') {
      schema = `t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: config.database.url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
    }
    // One connection on PostgreSQL, so `set enable_seqscan` holds for every EXPLAIN.
    database = openDatabase(config.database, {
      schema,
      max: 1,
      onQuery: (query) => {
        if (recording) queries.push(query);
      },
    });
    await migrateToLatest(database.db, schema);
    const clock = new ManualClock(Date.UTC(2026, 10, 21, 4, 0, 0));
    const built = await buildApp(config, { clock, database });
    app = built.app;
    await seedDemoData(built.services, config.mediaDir, { now: clock.now() - 60_000 });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    if (schema) await database.db.executeQuery(CompiledQuery.raw(`drop schema ${schema} cascade`));
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function plan(query: CompiledQuery): Promise<string> {
    const prefix = database.kind === 'sqlite' ? 'explain query plan ' : 'explain ';
    const result = await database.db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
    );
    return result.rows.map((row) => String(row.detail ?? row['QUERY PLAN'])).join('\n');
  }

  it('reads every growing table through an index', async () => {
    const headers = { vendor: 'default' };
    const phone = '13900006666';
    await app.inject({ method: 'POST', url: '/agent/v1/user/send_code', headers, payload: { phone, type: 1 } });
    const code = (await app.inject({ method: 'GET', url: `/dev/sms/outbox?phone=${phone}` })).json().body.data[0].code;
    const token = (
      await app.inject({ method: 'POST', url: '/agent/v1/user/login', headers, payload: { phone, code } })
    ).json().body.access_token as string;

    recording = true;
    for (const route of ROUTES) {
      const response = await app.inject({
        method: 'GET',
        url: route,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      expect(response.json().code, route).toBe(0);
    }
    recording = false;
    const selects = queries.filter((query) => /^\s*select/i.test(query.sql));
    expect(selects.length).toBeGreaterThan(ROUTES.length);

    if (database.kind === 'postgres') await database.db.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
    const scans: string[] = [];
    for (const query of selects) {
      const text = await plan(query);
      for (const table of GROWING) {
        const scan =
          database.kind === 'sqlite'
            ? new RegExp(`\\bSCAN ${table}\\b`).test(text)
            : new RegExp(`Seq Scan on ${table}\\b`).test(text);
        if (scan) scans.push(`${table}: ${query.sql}\n${text}`);
      }
      // A page that must sort all of a creator's rows first costs what those rows cost, however small the page.
      // (The task catalogue is the operators' few hundred tasks, not a growing table; its page is cached.)
      const growing = GROWING.some((table) => query.sql.includes(`"${table}"`));
      if (
        database.kind === 'sqlite' &&
        growing &&
        /\blimit\b/i.test(query.sql) &&
        /TEMP B-TREE FOR ORDER BY/.test(text)
      ) {
        scans.push(`sort before paging: ${query.sql}\n${text}`);
      }
    }
    expect(scans).toEqual([]);
  });
});
