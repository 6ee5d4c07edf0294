import { ErrorCode, OrderType, SettStatus, ShareType, settlementApi } from '@cc/contracts';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { settledAndCredited } from '../../../test/settlement-fixtures.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { seedDemoData } from '../../demo/demo-seed.js';
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
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() - 60_000 });
    partners = (await ops('GET', '/ops/v1/apps')).json.body.data;
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(() => ctx.close());

  function ops(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = OPERATOR_TOKEN) {
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
    const raw = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
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

  /** An order's body, placed now. */
  const orderBody = (code: string, orderType: OrderType, amount: string, orderId = newOrderId()) => ({
    order_id: orderId,
    code,
    order_type: orderType,
    amount,
    order_at: new Date(ctx.clock.now()).toISOString(),
  });

  function recharge(partner: Partner, code: string, amount: string, orderId = newOrderId()) {
    return post(partner, orderBody(code, OrderType.Recharge, amount, orderId));
  }

  function refund(partner: Partner, code: string, amount: string, refundOf: string, orderId = newOrderId()) {
    return post(partner, { ...orderBody(code, OrderType.Refund, amount, orderId), refund_of: refundOf });
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

  it('refuses control and bidi characters in order_id, code and refund_of, storing nothing', async () => {
    // NUL cannot be stored in PostgreSQL text (a 500 the partner would retry for ever); CR/LF and bidi controls
    // would reach the creator's share orders, their export and the operator's queue as they came.
    const c = await creator(5000);
    const before = await openOrderCount();
    const cases: [Record<string, unknown>, string][] = [
      [orderBody(c.code, OrderType.Recharge, '1.00', 'nul\u0000id'), 'order_id'],
      [orderBody(c.code, OrderType.Recharge, '1.00', 'line\r\nbreak'), 'order_id'],
      [orderBody(c.code, OrderType.Recharge, '1.00', 'gpj\u202eexe'), 'order_id'],
      [orderBody(`${c.code}\u0000`, OrderType.Recharge, '1.00'), 'code'],
      [{ ...orderBody(c.code, OrderType.Refund, '1.00'), refund_of: 'A\u2066' }, 'refund_of'],
    ];
    for (const [body, field] of cases) {
      const answer = await post(c.partner, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().code).toBe(ErrorCode.openBodyInvalid);
      expect(answer.json().msg).toContain(field);
    }
    expect(await openOrderCount()).toBe(before);
  });

  it('refuses a body that is not valid UTF-8 (an order id would be stored with replacement characters)', async () => {
    const c = await creator(5000);
    const before = await openOrderCount();
    const json = JSON.stringify(orderBody(c.code, OrderType.Recharge, '1.00', 'utf8-XY'));
    // GBK bytes of 中 where UTF-8 was promised.
    const raw = Buffer.concat([
      Buffer.from(json.slice(0, json.indexOf('XY'))),
      Buffer.from([0xd6, 0xd0]),
      Buffer.from(json.slice(json.indexOf('XY') + 2)),
    ]);
    const answer = await post(c.partner, raw);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe(ErrorCode.openBodyInvalid);
    expect(answer.json().msg).toContain('UTF-8');
    expect(await openOrderCount()).toBe(before);
  });

  it("accepts the reference's example order as it stands, signed with an app's secret, and stores it", async () => {
    const example = settlementApi.openOrder.example.body;
    const before = await openOrderCount();
    const answer = await post(partners[0]!, example);
    expect(answer.statusCode).toBe(200);
    // No promotion owns the example's code: kept for an operator, which is still a stored order.
    expect(answer.json()).toEqual({ code: 0, msg: 'ok', body: { status: 'unattributed' } });
    expect(await openOrderCount()).toBe(before + 1);
    const document = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const content = document.paths['/open/v1/orders'].post.requestBody.content['application/json'];
    expect(content.example).toEqual(example);
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

  it('agrees with my tasks on what a task earned, refunds deducted; the team share shown apart', async () => {
    const leader = await creator(5000);
    const member = await creator(6000);
    await ctx.database.db
      .updateTable('agents')
      .set({ leader_id: leader.agentId })
      .where('id', '=', member.agentId)
      .execute();
    const own = newOrderId();
    await recharge(leader.partner, leader.code, '100.00', own);
    await recharge(leader.partner, leader.code, '30.00');
    await refund(leader.partner, leader.code, '100.00', own);
    const teams = newOrderId();
    await recharge(member.partner, member.code, '80.00', teams);
    await refund(member.partner, member.code, '20.00', teams);

    const get = (url: string) => call(ctx.app, { method: 'GET', url, token: leader.token });
    const task = (await get('/agent/v1/task/my_task?page_num=1&page_size=10')).json.body.data[0];
    // 30.00 × 50 %: the 100.00 recharge and its refund cancel out.
    expect(task).toMatchObject({ app_id: leader.partner.app_id, share_amount: '15.00' });
    const apps = (await get('/agent/v1/sett/app/list?task_type=1')).json.body.data as { app_id: number }[];
    // (80.00 − 20.00) × 10 % leader share.
    expect(apps.find((app) => app.app_id === leader.partner.app_id)).toMatchObject({
      own_share_amount: task.share_amount,
      team_share_amount: '6.00',
      share_amount: '21.00',
    });
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
    const id = await ctx.services.jobs.enqueue('settlement.run', {});
    await ctx.services.jobs.start();
    try {
      await expect
        .poll(async () => (await ctx.services.jobs.get(id))?.status, { timeout: 10_000, interval: 50 })
        .toBe('succeeded');
    } finally {
      await ctx.services.jobs.stop();
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

  it('grants an operator bonus that the next run settles, once per required request_id', async () => {
    const c = await creator(5000);
    const first = { agent_id: c.agentId, amount: '50.5', reason: '月度优秀创作者', request_id: `month-${c.agentId}` };
    // Without a request_id a retry could grant twice: refused.
    const { request_id: _omitted, ...withoutId } = first;
    expect((await ops('POST', '/ops/v1/bonus', withoutId)).json.code).toBe(ErrorCode.validation);
    const granted = await ops('POST', '/ops/v1/bonus', first);
    expect(granted.json.code).toBe(0);
    expect((await ops('POST', '/ops/v1/bonus', first)).json.body.id).toBe(granted.json.body.id);
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
    const missing = { agent_id: 99999999, amount: '1', reason: 'x', request_id: 'r-missing' };
    expect((await ops('POST', '/ops/v1/bonus', missing)).json.code).toBe(ErrorCode.bonusAgentNotFound);
    const badAmount = { agent_id: c.agentId, amount: '1.234', reason: 'x', request_id: 'r-bad' };
    expect((await ops('POST', '/ops/v1/bonus', badAmount)).json.code).toBe(ErrorCode.validation);
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

  it('answers 415 with its own code to a body that is not JSON, storing nothing; a BOM is allowed', async () => {
    const c = await creator(5000);
    const before = await openOrderCount();
    const body = `order_id=1&code=${c.code}`;
    const timestamp = String(Math.floor(ctx.clock.now() / 1000));
    const signed = { 'x-app-key': c.partner.key, 'x-timestamp': timestamp };
    const signature = signOpenRequest(c.partner.webhook_secret, timestamp, body);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/open/v1/orders',
        headers: { ...signed, 'x-signature': signature, ...(type && { 'content-type': type }) },
        payload: body,
      });
      expect(answer.statusCode).toBe(415);
      expect(answer.json().code).toBe(ErrorCode.openBodyNotJson);
      expect(answer.json().msg).toContain('JSON');
    }
    expect(await openOrderCount()).toBe(before);

    const order = orderBody(c.code, OrderType.Recharge, '1.00');
    expect(statusOf(await post(c.partner, `\uFEFF${JSON.stringify(order)}`))).toBe('attributed');
  });

  /** The creator's share orders as `/sett/order/page` answers them, newest first. */
  async function shareOrderPage(token: string) {
    const page = await call(ctx.app, { method: 'GET', url: '/agent/v1/sett/order/page?page_size=100', token });
    expect(page.json.code).toBe(0);
    return page.json.body.data as {
      order_id: string;
      order_no: string;
      order_type: number;
      order_type_text: string;
      share_amount: string;
      ad_amount: string;
    }[];
  }

  /** What the creator's own shares (type 1) of these orders add up to, in fen. */
  async function netShareFen(agentId: number, orderIds: string[]) {
    const rows = await ctx.database.db
      .selectFrom('share_orders')
      .select(['share_amount_fen', 'sett_status'])
      .where('agent_id', '=', agentId)
      .where('order_id', 'in', orderIds)
      .execute();
    return rows.reduce((sum, row) => sum + row.share_amount_fen, 0);
  }

  it("shows the partner's own order number on share orders and in the export, the internal one beside it", async () => {
    const c = await creator(5000);
    const orderId = `P-${newOrderId()}`;
    await recharge(c.partner, c.code, '10.00', orderId);
    const refundId = `PR-${newOrderId()}`;
    await refund(c.partner, c.code, '4.00', orderId, refundId);
    const rows = await shareOrderPage(c.token);
    expect(rows.map((r) => r.order_id)).toEqual([refundId, orderId]);
    expect(rows.every((r) => /^O\d+-1$/.test(r.order_no))).toBe(true);

    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/agent/v1/sett/data/export?kind=orders',
      headers: { vendor: 'default', authorization: `Bearer ${c.token}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect([sheet.getCell('A2').value, sheet.getCell('A3').value]).toEqual([refundId, orderId]);
  });

  it('reverses refunds that arrived before their recharge when it arrives, also after settlement', async () => {
    const c = await creator(5000);
    const orderId = newOrderId();
    const early = newOrderId();
    expect(statusOf(await refund(c.partner, c.code, '5.00', orderId, early))).toBe('unattributed');
    expect(statusOf(await recharge(c.partner, c.code, '20.00', orderId))).toBe('attributed');
    // 20.00 at 50 % is 10.00; the early refund of 5.00 took back 2.50 at once.
    expect(await netShareFen(c.agentId, [orderId, early])).toBe(750);
    // What is left can still be refunded: 15.00, not refused as if the early refund had not been taken back.
    const late = await refund(c.partner, c.code, '15.00', orderId);
    expect(statusOf(late)).toBe('attributed');
    expect((await refund(c.partner, c.code, '0.01', orderId)).json().code).toBe(ErrorCode.openRefundExceeds);

    // A recharge refunded in full before it arrived nets zero, and so does its settlement.
    const whole = newOrderId();
    const wholeRefund = newOrderId();
    await refund(c.partner, c.code, '8.00', whole, wholeRefund);
    expect(statusOf(await recharge(c.partner, c.code, '8.00', whole))).toBe('attributed');
    expect(await netShareFen(c.agentId, [whole, wholeRefund])).toBe(0);

    ctx.clock.advance(HOLD_MS + 1000);
    await run();
    const settled = await ctx.database.db
      .selectFrom('share_orders')
      .select(['share_amount_fen', 'sett_status'])
      .where('agent_id', '=', c.agentId)
      .execute();
    expect(settled.every((row) => row.sett_status === SettStatus.Settled)).toBe(true);
    expect(settled.reduce((sum, row) => sum + row.share_amount_fen, 0)).toBe(0);
    expect(await wallet().canOutFen(c.agentId)).toBe(0);
    await expectLedgersBalance();
  });

  it('answers a replay that changes the order with the conflict code, and an exact replay as duplicate', async () => {
    const c = await creator(5000);
    const orderId = newOrderId();
    const order = orderBody(c.code, OrderType.Recharge, '20.00', orderId);
    expect(statusOf(await post(c.partner, order))).toBe('attributed');
    for (const changed of [
      { ...order, amount: '21.00' },
      { ...order, code: 'OTHERCODE' },
      { ...order, order_type: OrderType.Ad },
      { ...order, order_type: OrderType.Refund, refund_of: 'elsewhere' },
    ]) {
      const answer = await post(c.partner, changed);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().code).toBe(ErrorCode.openOrderConflict);
    }
    const refundOrder = { ...order, order_id: newOrderId(), order_type: OrderType.Refund, amount: '1.00' };
    expect(statusOf(await post(c.partner, { ...refundOrder, refund_of: orderId }))).toBe('attributed');
    expect((await post(c.partner, { ...refundOrder, refund_of: 'another' })).json().code).toBe(
      ErrorCode.openOrderConflict,
    );
    expect(statusOf(await post(c.partner, { ...refundOrder, refund_of: orderId }))).toBe('duplicate');
    expect(statusOf(await post(c.partner, order))).toBe('duplicate');
    expect(await netShareFen(c.agentId, [orderId, refundOrder.order_id])).toBe(950);
  });

  it("holds an order over the app's cap or older than its window, and refuses one from the future", async () => {
    const c = await creator(5000);
    const limitsUrl = `/ops/v1/apps/${c.partner.app_id}/limits`;
    const defaults = { app_id: c.partner.app_id, max_amount: '10000.00', max_age_days: 90, future_skew_seconds: 300 };
    expect((await ops('GET', limitsUrl)).json.body).toEqual(defaults);
    const order = (amount: string, orderAt: number, orderId = newOrderId()) =>
      post(c.partner, {
        order_id: orderId,
        code: c.code,
        order_type: 1,
        amount,
        order_at: new Date(orderAt).toISOString(),
      });
    const now = ctx.clock.now();
    const future = await order('1.00', now + 6 * 60_000);
    expect(future.statusCode).toBe(400);
    expect(future.json().code).toBe(ErrorCode.openOrderAtFuture);
    expect(statusOf(await order('1.00', now + 4 * 60_000))).toBe('attributed');

    const overCap = newOrderId();
    expect(statusOf(await order('10000.01', now, overCap))).toBe('held');
    const tooOld = newOrderId();
    expect(statusOf(await order('1.00', now - 91 * 86_400_000, tooOld))).toBe('held');
    expect(statusOf(await order('10000.00', now - 89 * 86_400_000))).toBe('attributed');
    expect(await sharesOf(overCap)).toEqual([]);
    expect(await sharesOf(tooOld)).toEqual([]);

    const stricter = { max_amount: '100.00', max_age_days: 7, future_skew_seconds: 0 };
    expect((await ops('PUT', limitsUrl, stricter)).json.body).toEqual({
      app_id: c.partner.app_id,
      ...stricter,
    });
    expect(statusOf(await order('100.01', now))).toBe('held');
    expect(statusOf(await order('1.00', now - 8 * 86_400_000))).toBe('held');
    expect((await order('1.00', now + 1000)).json().code).toBe(ErrorCode.openOrderAtFuture);
    const bad = await ops('PUT', limitsUrl, { ...stricter, max_age_days: 0 });
    expect(bad.json.code).toBe(ErrorCode.validation);
    await ops('PUT', limitsUrl, defaults);

    const queue = (await ops('GET', `/ops/v1/orders/unattributed?app_id=${c.partner.app_id}&page_size=100`)).json.body;
    const reasons = new Map(queue.data.map((row: { order_id: string; reason: string }) => [row.order_id, row.reason]));
    expect(reasons.get(overCap)).toBe('over_cap');
    expect(reasons.get(tooOld)).toBe('too_old');
  });

  it('lets an operator attribute or reject a waiting order, keeping every decision; attributed ones settle', async () => {
    const c = await creator(5000);
    const stray = newOrderId();
    expect(statusOf(await recharge(c.partner, 'NOT-A-CODE', '30.00', stray))).toBe('unattributed');
    // A refund of it while it waits is kept, and reversed when it is attributed.
    expect(statusOf(await refund(c.partner, 'NOT-A-CODE', '10.00', stray))).toBe('unattributed');
    const rejected = newOrderId();
    await recharge(c.partner, 'NOT-A-CODE', '40.00', rejected);

    const page = (await ops('GET', `/ops/v1/orders/unattributed?app_id=${c.partner.app_id}&page_size=100`)).json.body;
    type Waiting = { id: number; order_id: string; reason: string; reason_text: string; refunded: string };
    const waiting = page.data as Waiting[];
    const strayRow = waiting.find((row) => row.order_id === stray)!;
    expect(strayRow).toMatchObject({ reason: 'no_code', refunded: '10.00', amount: '30.00' });
    expect(strayRow.reason_text).not.toBe('');
    const rejectedRow = waiting.find((row) => row.order_id === rejected)!;

    const base = `/ops/v1/orders/unattributed`;
    const decidedAt = ctx.clock.now();
    const unknownCode = await ops('POST', `${base}/${strayRow.id}/attribute`, {
      operator: '运营小王',
      reason: '用户提供了截图',
      code: 'NOPE-NOPE',
    });
    expect(unknownCode.json.code).toBe(ErrorCode.heldOrderCodeUnknown);
    const decide = { operator: '运营小王', reason: '用户提供了推广截图', code: c.code };
    // Three operators at once: one decision, one set of shares.
    const racing = await Promise.all([1, 2, 3].map(() => ops('POST', `${base}/${strayRow.id}/attribute`, decide)));
    const attributed = racing.find((answer) => answer.json.code === 0)!;
    expect(attributed.json.body).toEqual({ id: strayRow.id, decision: 'attributed', agent_id: c.agentId });
    expect(racing.map((answer) => answer.json.code).sort()).toEqual([
      0,
      ErrorCode.heldOrderDecided,
      ErrorCode.heldOrderDecided,
    ]);
    expect((await sharesOf(stray)).map((share) => share.share_amount_fen)).toEqual([1500]);
    expect((await ops('POST', `${base}/${strayRow.id}/attribute`, decide)).json.code).toBe(ErrorCode.heldOrderDecided);
    expect((await ops('POST', `${base}/${rejectedRow.id}/reject`, { operator: '运营小李' })).json.code).toBe(
      ErrorCode.validation,
    );
    const refused = await ops('POST', `${base}/${rejectedRow.id}/reject`, { operator: '运营小李', reason: '测试订单' });
    expect(refused.json.body).toEqual({ id: rejectedRow.id, decision: 'rejected', agent_id: null });
    expect((await ops('POST', `${base}/${rejectedRow.id}/attribute`, decide)).json.code).toBe(
      ErrorCode.heldOrderDecided,
    );
    expect((await ops('POST', `${base}/99999999/reject`, { operator: 'x', reason: 'y' })).json.code).toBe(
      ErrorCode.heldOrderNotFound,
    );

    const decisions = await ctx.database.db
      .selectFrom('open_order_decisions')
      .select(['open_order_id', 'decision', 'code', 'agent_id', 'operator', 'reason', 'created_at'])
      .where('open_order_id', 'in', [strayRow.id, rejectedRow.id])
      .orderBy('open_order_id')
      .execute();
    expect(decisions).toEqual([
      { ...decide, open_order_id: strayRow.id, decision: 'attributed', agent_id: c.agentId, created_at: decidedAt },
      {
        open_order_id: rejectedRow.id,
        decision: 'rejected',
        code: null,
        agent_id: null,
        operator: '运营小李',
        reason: '测试订单',
        created_at: decidedAt,
      },
    ]);
    const after = (await ops('GET', `${base}?app_id=${c.partner.app_id}&page_size=100`)).json.body.data as Waiting[];
    expect(after.map((row) => row.order_id)).not.toContain(stray);
    expect(after.map((row) => row.order_id)).not.toContain(rejected);

    // 30.00 at 50 % less the stored 10.00 refund: 10.00, settled at the next run after the hold.
    ctx.clock.advance(HOLD_MS + 1000);
    await run();
    expect(await wallet().canOutFen(c.agentId)).toBe(1000);
    expect(await sharesOf(rejected)).toEqual([]);
  });

  it('takes ad revenue (order_type 3) by API and CSV, shares it at the same rates, shows it as ad_amount', async () => {
    const c = await creator(4000);
    const adId = newOrderId();
    const ad = orderBody(c.code, OrderType.Ad, '30.00', adId);
    expect(statusOf(await post(c.partner, ad))).toBe('attributed');
    const csvId = newOrderId();
    const imported = await ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/orders/import?app_id=${c.partner.app_id}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'text/csv' },
      payload: `order_id,code,order_type,amount,order_at,refund_of\n${csvId},${c.code},3,5.00,${ad.order_at},`,
    });
    expect(imported.json().body.rows[0].status).toBe('attributed');
    // Ad revenue is final: a refund naming it reverses nothing.
    expect(statusOf(await refund(c.partner, c.code, '1.00', adId))).toBe('unattributed');
    expect(await sharesOf(adId)).toMatchObject([{ order_type: OrderType.Ad, share_amount_fen: 1200, rate_bp: 4000 }]);

    const rows = await shareOrderPage(c.token);
    const byId = new Map(rows.map((row) => [row.order_id, row]));
    expect(byId.get(adId)).toMatchObject({
      ad_amount: '30.00',
      order_type: 3,
      order_type_text: '广告',
      share_amount: '12.00',
    });
    expect(byId.get(csvId)).toMatchObject({ ad_amount: '5.00', share_amount: '2.00' });
    const plain = newOrderId();
    await recharge(c.partner, c.code, '10.00', plain);
    expect((await shareOrderPage(c.token)).find((row) => row.order_id === plain)!.ad_amount).toBe('0.00');
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

  // After every flow above: what runs settled is exactly what they credited to wallets.
  it('keeps Σ settled shares equal to Σ settlement credits in the wallet ledger', async () => {
    const { settledFen, creditedFen } = await settledAndCredited(ctx.database.db);
    expect(settledFen).toBeGreaterThan(0);
    expect(creditedFen).toBe(settledFen);
    await expectLedgersBalance();
  });
});
