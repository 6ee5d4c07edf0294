import { ErrorCode, OrderType, SettStatus, ShareType } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { seedDemoData } from '../content/demo-seed.js';
import { WalletRepository } from '../withdrawal/wallet.repository.js';
import { WalletService } from '../withdrawal/wallet.service.js';
import { signOpenRequest } from './partner-app.service.js';
import { rebuildShareRollup } from './share-rollup.js';

const OPERATOR_TOKEN = 'operator-token-for-income-tests-0123';
const HOLD_MS = 259200 * 1000;

interface Partner {
  app_id: number;
  key: string;
  name: string;
  webhook_secret: string;
}

describe(`income: open API, shares, settlement (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let partners: Partner[];
  let orderSeq = 0;

  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN });
    await seedDemoData(ctx.database.db, ctx.config.mediaDir, { now: ctx.clock.now() - 60_000 });
    partners = (await ops('GET', '/ops/v1/apps')).json.body.data;
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(() => ctx.close());

  function ops(method: 'GET' | 'POST', url: string, body?: unknown, token = OPERATOR_TOKEN) {
    return call(ctx.app, { method, url, body, token, vendor: null });
  }

  /** A creator with a receipt of the first task of `taskType`; their code and the partner app of that task. */
  async function creator(shareRateBp: number, taskType = 1) {
    const token = (await loginAs(ctx, nextPhone())).json.body.access_token as string;
    const agentId = (await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token })).json.body
      .agent_id as number;
    await ctx.database.db.updateTable('agents').set({ share_rate_bp: shareRateBp }).where('id', '=', agentId).execute();
    const task = (await call(ctx.app, { method: 'GET', url: `/agent/v1/task/page?task_type=${taskType}&page_size=1` }))
      .json.body.data[0];
    const received = await call(ctx.app, {
      url: '/agent/v1/task/receive',
      token,
      body: { task_id: task.task_id, task_type: taskType },
    });
    const partner = partners.find((p) => p.app_id === task.app_id)!;
    return { token, agentId, code: received.json.body.code as string, partner };
  }

  const newOrderId = () => `ord-${process.pid}-${(orderSeq += 1)}`;

  function post(
    partner: Partner,
    body: unknown,
    options: { timestamp?: number; secret?: string; key?: string; signed?: string } = {},
  ) {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const timestamp = String(options.timestamp ?? Math.floor(ctx.clock.now() / 1000));
    return ctx.app.inject({
      method: 'POST',
      url: '/open/v1/orders',
      headers: {
        'content-type': 'application/json',
        'x-app-key': options.key ?? partner.key,
        'x-timestamp': timestamp,
        'x-signature': signOpenRequest(options.secret ?? partner.webhook_secret, timestamp, options.signed ?? raw),
      },
      payload: raw,
    });
  }

  function recharge(partner: Partner, code: string, amount: string, orderId = newOrderId()) {
    return post(partner, {
      order_id: orderId,
      code,
      order_type: OrderType.Recharge,
      amount,
      order_at: new Date(ctx.clock.now()).toISOString(),
    });
  }

  function refund(partner: Partner, code: string, amount: string, refundOf: string) {
    return post(partner, {
      order_id: newOrderId(),
      code,
      order_type: OrderType.Refund,
      amount,
      order_at: new Date(ctx.clock.now()).toISOString(),
      refund_of: refundOf,
    });
  }

  const statusOf = (response: Awaited<ReturnType<typeof post>>) => response.json().body?.status;
  const sharesOf = (orderId: string) =>
    ctx.database.db
      .selectFrom('share_orders')
      .select([
        'agent_id',
        'share_type',
        'order_type',
        'share_amount_fen',
        'rate_bp',
        'sett_status',
        'expected_sett_date',
      ])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  const openOrderCount = async () =>
    Number(
      (
        await ctx.database.db
          .selectFrom('open_orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const wallet = () => new WalletService(ctx.database, new WalletRepository(ctx.database.db), ctx.clock);
  const run = async () => (await ops('POST', '/ops/v1/settlement/run')).json;

  /** Σ ledger = balance − debt for every agent with a wallet. */
  async function expectLedgersBalance() {
    const accounts = await ctx.database.db.selectFrom('wallet_accounts').selectAll().execute();
    for (const account of accounts) {
      const { sum } = await ctx.database.db
        .selectFrom('wallet_ledger')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('sum'))
        .where('agent_id', '=', account.agent_id)
        .executeTakeFirstOrThrow();
      expect(Number(sum)).toBe(Number(account.balance_fen) - Number(account.debt_fen));
    }
  }

  it('keeps the operator calls closed without the operator token', async () => {
    for (const [method, url] of [
      ['GET', '/ops/v1/apps'],
      ['POST', '/ops/v1/settlement/run'],
      ['POST', '/ops/v1/bonus'],
      ['POST', '/ops/v1/apps/1/rotate'],
      ['POST', '/ops/v1/orders/import?app_id=1'],
    ] as const) {
      const answer = await ops(method, url, method === 'POST' ? {} : undefined, 'wrong-token-wrong-token-wrong');
      expect(answer.status).toBe(401);
      expect(answer.json.code).toBe(ErrorCode.operatorUnauthorized);
    }
  });

  it('lists every app with its key and secret in the embedded profile', () => {
    expect(partners.length).toBeGreaterThanOrEqual(3);
    for (const p of partners) {
      expect(p.key).toMatch(/^ak_[0-9a-f]{24}$/);
      expect(p.webhook_secret).toMatch(/^sk_[0-9a-f]{64}$/);
    }
  });

  it('keeps secrets encrypted at rest', async () => {
    const stored = await ctx.database.db.selectFrom('partner_apps').select('secret_enc').execute();
    for (const row of stored) for (const p of partners) expect(row.secret_enc).not.toContain(p.webhook_secret.slice(3));
  });

  it('attributes a signed recharge to the code and creates the creator share in exact fen', async () => {
    const c = await creator(7000);
    const orderId = newOrderId();
    const answer = await recharge(c.partner, c.code, '12.34', orderId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ code: 0, body: { status: 'attributed' } });
    // 1234 × 70 % = 863.8 → 864 (half up, once).
    expect(await sharesOf(orderId)).toEqual([
      {
        agent_id: c.agentId,
        share_type: ShareType.Mine,
        order_type: OrderType.Recharge,
        share_amount_fen: 864,
        rate_bp: 7000,
        sett_status: SettStatus.ToBeSettled,
        expected_sett_date: '2026-11-24',
      },
    ]);
  });

  it('refuses a bad signature, an old or future timestamp, an unknown key and a bad body, storing nothing', async () => {
    const c = await creator(5000);
    const before = await openOrderCount();
    const body = {
      order_id: newOrderId(),
      code: c.code,
      order_type: 1,
      amount: '10.00',
      order_at: new Date(ctx.clock.now()).toISOString(),
    };
    const now = Math.floor(ctx.clock.now() / 1000);
    const cases: [Awaited<ReturnType<typeof post>>, number][] = [
      [await post(c.partner, body, { secret: 'sk_not-the-secret' }), ErrorCode.openSignatureInvalid],
      // Signed over other bytes (same JSON, other spacing): the raw body is what is signed.
      [await post(c.partner, body, { signed: JSON.stringify(body, null, 1) }), ErrorCode.openSignatureInvalid],
      [await post(c.partner, body, { timestamp: now - 301 }), ErrorCode.openTimestampInvalid],
      [await post(c.partner, body, { timestamp: now + 301 }), ErrorCode.openTimestampInvalid],
      [await post(c.partner, body, { key: 'ak_unknown' }), ErrorCode.openAppKeyUnknown],
      [await post(c.partner, { ...body, amount: '10.5' }), ErrorCode.openBodyInvalid],
      [await post(c.partner, { ...body, order_type: 2 }), ErrorCode.openBodyInvalid],
      [await post(c.partner, '{not json'), ErrorCode.openBodyInvalid],
    ];
    for (const [answer, code] of cases) {
      expect(answer.json().code).toBe(code);
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(cases[5]![0].json().msg).toContain('amount');
    expect(await openOrderCount()).toBe(before);
    // Within the five minutes either way it is accepted.
    expect(statusOf(await post(c.partner, body, { timestamp: now - 299 }))).toBe('attributed');
  });

  it('answers a replay as duplicate and stores one order under concurrent duplicates', async () => {
    const c = await creator(5000);
    const orderId = newOrderId();
    expect(statusOf(await recharge(c.partner, c.code, '20.00', orderId))).toBe('attributed');
    expect(statusOf(await recharge(c.partner, c.code, '20.00', orderId))).toBe('duplicate');

    const racing = newOrderId();
    const answers = await Promise.all(Array.from({ length: 20 }, () => recharge(c.partner, c.code, '8.00', racing)));
    const statuses = answers.map(statusOf).sort();
    expect(statuses.filter((s) => s === 'attributed')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(19);
    expect(await sharesOf(racing)).toHaveLength(1);
    expect(await sharesOf(orderId)).toHaveLength(1);
  });

  it("keeps an order whose code is not one of that app's receipts as unattributed, with no shares", async () => {
    const c = await creator(5000);
    const other = partners.find((p) => p.app_id !== c.partner.app_id)!;
    const wrongApp = newOrderId();
    expect(statusOf(await recharge(other, c.code, '5.00', wrongApp))).toBe('unattributed');
    const unknownCode = newOrderId();
    expect(statusOf(await recharge(c.partner, 'NOSUCHCODE', '5.00', unknownCode))).toBe('unattributed');
    expect(await sharesOf(wrongApp)).toEqual([]);
    const kept = await ctx.database.db
      .selectFrom('open_orders')
      .select(['attribution', 'amount_fen'])
      .where('order_id', 'in', [wrongApp, unknownCode])
      .execute();
    expect(kept).toEqual([
      { attribution: 'unattributed', amount_fen: 500 },
      { attribution: 'unattributed', amount_fen: 500 },
    ]);
  });

  it('pays the leader (own rate or the 10 % default) and the invite share to the leader of the leader', async () => {
    const inviter = await creator(0);
    const leader = await creator(0);
    const c = await creator(6000);
    await ctx.database.db
      .updateTable('agents')
      .set({ leader_id: leader.agentId })
      .where('id', '=', c.agentId)
      .execute();
    await ctx.database.db
      .updateTable('agents')
      .set({ leader_id: inviter.agentId })
      .where('id', '=', leader.agentId)
      .execute();
    const first = newOrderId();
    await recharge(c.partner, c.code, '99.99', first);
    expect((await sharesOf(first)).map((s) => [s.agent_id, s.share_type, s.rate_bp, s.share_amount_fen])).toEqual([
      [c.agentId, ShareType.Mine, 6000, 5999], // 9999 × 60 % = 5999.4
      [leader.agentId, ShareType.Leader, 1000, 1000], // 9999 × 10 % = 999.9
      [inviter.agentId, ShareType.Invite, 200, 200], // 9999 × 2 % = 199.98
    ]);

    await ctx.database.db
      .updateTable('agents')
      .set({ team_share_rate_bp: 1500 })
      .where('id', '=', leader.agentId)
      .execute();
    const second = newOrderId();
    await recharge(c.partner, c.code, '0.03', second);
    // 3 × 15 % = 0.45 → 0; 3 × 2 % → 0: empty shares are not written. 3 × 60 % = 1.8 → 2.
    expect((await sharesOf(second)).map((s) => [s.share_type, s.share_amount_fen])).toEqual([[ShareType.Mine, 2]]);
  });

  it('settles due shares once into the wallet, one ledger row per agent per run', async () => {
    const c = await creator(5000);
    await recharge(c.partner, c.code, '10.00');
    await recharge(c.partner, c.code, '30.01');
    expect(await wallet().canOutFen(c.agentId)).toBe(0);

    ctx.clock.advance(HOLD_MS + 1000);
    const first = await run();
    expect(first.code).toBe(0);
    expect(first.body.settled_count).toBeGreaterThanOrEqual(2);
    // 500 + 1500.5 → 1501 (each share rounded on its own).
    expect(await wallet().canOutFen(c.agentId)).toBe(2001);
    const ledger = await ctx.database.db
      .selectFrom('wallet_ledger')
      .select(['amount_fen', 'idempotency_key', 'title'])
      .where('agent_id', '=', c.agentId)
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount_fen: 2001, title: '分成结算' });
    expect(ledger[0]!.idempotency_key).toMatch(new RegExp(`^settle:[0-9a-f-]{36}:${c.agentId}$`));

    expect((await run()).body).toEqual({ settled_count: 0, amount: '0.00' });
    expect(await wallet().canOutFen(c.agentId)).toBe(2001);
    await expectLedgersBalance();
  });

  it('runs settlement as the scheduled job kind too', async () => {
    const c = await creator(5000);
    await recharge(c.partner, c.code, '4.00');
    ctx.clock.advance(HOLD_MS + 1000);
    const id = await ctx.app.jobs.enqueue('settlement.run', {});
    await ctx.app.jobs.start();
    try {
      await expect
        .poll(async () => (await ctx.app.jobs.get(id))?.status, { timeout: 10_000, interval: 50 })
        .toBe('succeeded');
    } finally {
      await ctx.app.jobs.stop();
    }
    expect(await wallet().canOutFen(c.agentId)).toBe(200);
  });

  it('cancels a refunded order before settlement: the wallet never sees it', async () => {
    const c = await creator(5000);
    const orderId = newOrderId();
    await recharge(c.partner, c.code, '10.01', orderId);
    expect(statusOf(await refund(c.partner, c.code, '4.00', orderId))).toBe('attributed');
    expect(statusOf(await refund(c.partner, c.code, '7.00', orderId))).toBeUndefined();
    expect(statusOf(await refund(c.partner, c.code, '6.01', orderId))).toBe('attributed');
    ctx.clock.advance(HOLD_MS + 1000);
    await run();
    expect(await wallet().figures(c.agentId)).toEqual({ balanceFen: 0, heldFen: 0, debtFen: 0 });
    const shares = await ctx.database.db
      .selectFrom('share_orders')
      .select(['share_amount_fen', 'order_type', 'sett_status'])
      .where('agent_id', '=', c.agentId)
      .orderBy('id')
      .execute();
    // 1001 × 50 % = 500.5 → 501; the partial refund takes 200, the last one exactly what is left.
    expect(shares.map((s) => [s.order_type, s.share_amount_fen, s.sett_status])).toEqual([
      [OrderType.Recharge, 501, SettStatus.Settled],
      [OrderType.Refund, -200, SettStatus.Settled],
      [OrderType.Refund, -301, SettStatus.Settled],
    ]);
    const refused = await refund(c.partner, c.code, '0.01', orderId);
    expect(refused.json().code).toBe(ErrorCode.openRefundExceeds);
  });

  it('claws a refund back after settlement: held money stays, the rest is debt that later income pays', async () => {
    const c = await creator(5000);
    const orderId = newOrderId();
    await recharge(c.partner, c.code, '20.00', orderId);
    ctx.clock.advance(HOLD_MS + 1000);
    await run();
    expect(await wallet().canOutFen(c.agentId)).toBe(1000);

    // A withdrawal of 6.00 is under way (its money held), then the order is refunded.
    await ctx.database.db.transaction().execute((trx) => wallet().hold(trx, c.agentId, 600));
    expect(statusOf(await refund(c.partner, c.code, '20.00', orderId))).toBe('attributed');
    await run();
    // 4.00 was available and is taken; 6.00 is held for the withdrawal, so 6.00 becomes debt.
    expect(await wallet().figures(c.agentId)).toEqual({ balanceFen: 600, heldFen: 600, debtFen: 600 });
    expect(await wallet().canOutFen(c.agentId)).toBe(0);

    // The withdrawal is rejected: the released hold pays the debt, nothing becomes withdrawable.
    await ctx.database.db.transaction().execute((trx) => wallet().release(trx, c.agentId, 400));
    expect(await wallet().figures(c.agentId)).toEqual({ balanceFen: 200, heldFen: 200, debtFen: 200 });
    expect(await wallet().canOutFen(c.agentId)).toBe(0);

    // Later income pays the rest of the debt first.
    await recharge(c.partner, c.code, '10.00');
    ctx.clock.advance(HOLD_MS + 1000);
    await run();
    expect(await wallet().figures(c.agentId)).toEqual({ balanceFen: 500, heldFen: 200, debtFen: 0 });
    expect(await wallet().canOutFen(c.agentId)).toBe(300);
    await expectLedgersBalance();
    // The stand-in withdrawal ends: a hold stands for a live withdrawal or order, and the books check says so.
    await ctx.database.db.transaction().execute((trx) => wallet().release(trx, c.agentId, 200));
  });

  it('grants an operator bonus that the next run settles', async () => {
    const c = await creator(5000);
    const granted = await ops('POST', '/ops/v1/bonus', {
      agent_id: c.agentId,
      amount: '50.5',
      reason: '月度优秀创作者',
    });
    expect(granted.json.code).toBe(0);
    const bonus = await ctx.database.db
      .selectFrom('share_orders')
      .select(['share_type', 'share_amount_fen', 'reason'])
      .where('id', '=', granted.json.body.id)
      .executeTakeFirstOrThrow();
    expect(bonus).toEqual({ share_type: ShareType.Bonus, share_amount_fen: 5050, reason: '月度优秀创作者' });
    const once = { agent_id: c.agentId, amount: '8.00', reason: '活动奖励', request_id: `bonus-${c.agentId}` };
    const repeats = await Promise.all([1, 2, 3].map(() => ops('POST', '/ops/v1/bonus', once)));
    expect(new Set(repeats.map((r) => r.json.body.id)).size).toBe(1);
    expect((await ops('POST', '/ops/v1/bonus', { ...once, amount: '9.00' })).json.code).toBe(
      ErrorCode.idempotencyConflict,
    );
    await run();
    expect(await wallet().canOutFen(c.agentId)).toBe(5850);
    expect((await ops('POST', '/ops/v1/bonus', { agent_id: 99999999, amount: '1', reason: 'x' })).json.code).toBe(
      ErrorCode.bonusAgentNotFound,
    );
    expect((await ops('POST', '/ops/v1/bonus', { agent_id: c.agentId, amount: '1.234', reason: 'x' })).json.code).toBe(
      ErrorCode.validation,
    );
  });

  it('imports orders from CSV with the same idempotency and a result per row', async () => {
    const c = await creator(5000);
    const id1 = newOrderId();
    const at = new Date(ctx.clock.now()).toISOString();
    const csv = [
      'order_id,code,order_type,amount,order_at,refund_of',
      `${id1},${c.code},1,15.00,${at},`,
      `${id1},${c.code},1,15.00,${at},`,
      `"${newOrderId()}",NOSUCH,1,"1.00",${at},`,
      `${newOrderId()},${c.code},1,abc,${at},`,
      `${newOrderId()},${c.code},2,5.00,${at},${id1}`,
    ].join('\r\n');
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/orders/import?app_id=${c.partner.app_id}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'text/csv' },
      payload: csv,
    });
    const body = answer.json().body;
    expect(body).toMatchObject({ total: 5, stored: 4, rejected: 1 });
    expect(body.rows.map((r: { line: number; status: string }) => [r.line, r.status])).toEqual([
      [2, 'attributed'],
      [3, 'duplicate'],
      [4, 'unattributed'],
      [5, 'rejected'],
      [6, 'attributed'],
    ]);
    expect(body.rows[3].msg).toContain('amount');
    expect((await sharesOf(id1)).map((s) => s.share_amount_fen)).toEqual([750]);

    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/orders/import?app_id=${c.partner.app_id}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'text/csv' },
      payload: 'a,b\n1,2',
    });
    expect(bad.json().code).toBe(ErrorCode.csvInvalid);
  });

  it('rotates an app secret: the old one stops working at once', async () => {
    const c = await creator(5000);
    const rotated = await ops('POST', `/ops/v1/apps/${c.partner.app_id}/rotate`);
    expect(rotated.json.body.key).toBe(c.partner.key);
    expect(rotated.json.body.webhook_secret).not.toBe(c.partner.webhook_secret);
    expect((await recharge(c.partner, c.code, '1.00')).json().code).toBe(ErrorCode.openSignatureInvalid);
    const renewed = { ...c.partner, webhook_secret: rotated.json.body.webhook_secret };
    expect(statusOf(await recharge(renewed, c.code, '1.00'))).toBe('attributed');
    partners = (await ops('GET', '/ops/v1/apps')).json.body.data;
    expect(partners.find((p) => p.app_id === c.partner.app_id)!.webhook_secret).toBe(renewed.webhook_secret);
    expect((await ops('POST', '/ops/v1/apps/999999/rotate')).json.code).toBe(ErrorCode.openAppNotFound);
  });

  it('lets the demo landing page report a recharge through the signed API', async () => {
    const c = await creator(5000);
    const page = await ctx.app.inject({ method: 'GET', url: `/demo/apps/hongguo?code=${c.code}` });
    expect(page.body).toContain('模拟充值');
    const demoKey = c.partner.name === '红果短剧' ? 'hongguo' : c.partner.name === '河马剧场' ? 'hema' : 'fanqie';
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/dev/demo/apps/${demoKey}/recharge`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `code=${c.code}&amount=30.00`,
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/demo/apps/${demoKey}?code=${c.code}&recharged=attributed`);
    const shares = await ctx.database.db
      .selectFrom('share_orders')
      .select('share_amount_fen')
      .where('agent_id', '=', c.agentId)
      .execute();
    expect(shares).toEqual([{ share_amount_fen: 1500 }]);
    const result = await ctx.app.inject({ method: 'GET', url: answer.headers.location as string });
    expect(result.body).toContain('待结算分成');

    const remote = await ctx.app.inject({
      method: 'POST',
      url: `/dev/demo/apps/${demoKey}/recharge`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `code=${c.code}`,
      remoteAddress: '203.0.113.9',
    });
    expect(remote.json().code).toBe(ErrorCode.devRoutesLocalOnly);
  });

  it('refuses a body that is not JSON by its content type, storing nothing', async () => {
    const c = await creator(5000);
    const before = await openOrderCount();
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/open/v1/orders',
      headers: { 'content-type': 'text/plain', 'x-app-key': c.partner.key },
      payload: 'order_id=1',
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.json().code).not.toBe(0);
    expect(await openOrderCount()).toBe(before);
  });

  // Last: after every flow above (orders, replays, leader and invite shares, refunds before and after settlement,
  // bonuses, CSV imports, runs), the figures kept per day must be exactly what the share rows add up to.
  it('keeps the per-day income figures equal to the sums of the share rows after every flow', async () => {
    const snapshot = async () =>
      (
        await ctx.database.db
          .selectFrom('share_daily_figures')
          .selectAll()
          .where('share_rows', '<>', 0)
          .orderBy(['agent_id', 'day', 'task_type', 'app_id', 'share_type', 'sett_status'])
          .execute()
      ).map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])));
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.some((row) => row.sett_status === SettStatus.Settled)).toBe(true);
    expect(kept.some((row) => (row.refund_count ?? 0) > 0)).toBe(true);
    // Rows whose shares all moved to another status keep zeros: they are not figures.
    const zeros = await ctx.database.db
      .selectFrom('share_daily_figures')
      .selectAll()
      .where('share_rows', '=', 0)
      .execute();
    expect(zeros.every((row) => Number(row.share_fen) === 0 && Number(row.order_count) === 0)).toBe(true);
    await rebuildShareRollup(ctx.database.db);
    expect(await snapshot()).toEqual(kept);
  });
});
