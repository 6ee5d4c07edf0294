/**
 * The job engine inside the app: not started by building an app, stopped by closing it, jobs kept across a
 * restart, the order timeout sweep run as a scheduled kind, and the operator routes `/ops/v1/jobs`.
 */
import { ErrorCode, OrderStatus } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { seedDemoData } from '../demo/demo-seed.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../test/test-app.js';
import { waitFor } from '../../test/job-queue-suite.js';

const OPERATOR = 'operator-token-for-tests-0123456789';
const SWEEP = 'order.timeout-sweep';

describe(`job engine in the app (${testDatabaseKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { jobs: { pollMs: 20, leaseMs: 1_000 } });
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() });
  });
  afterAll(() => ctx.close());

  const ops = (url: string, token: string | null = OPERATOR, method: 'GET' | 'POST' = 'GET') =>
    call(ctx.app, { method, url, vendor: null, ...(token && { token }) });

  /** Another app on the same database, as a restarted or second server process would be. */
  async function anotherApp() {
    const built = await buildApp(ctx.config, {
      clock: ctx.clock,
      database: ctx.database,
      alipaySandbox: ctx.sandbox,
      jobs: { pollMs: 20, leaseMs: 1_000 },
    });
    await built.app.ready();
    return { jobs: built.services.jobs, close: () => built.app.close() };
  }

  it('does not start workers when an app is built (tests and API-only servers start none)', async () => {
    const id = await ctx.services.jobs.enqueue(SWEEP, {}, { key: 'not-started' });
    const schedules = await ctx.database.db.selectFrom('job_schedules').selectAll().execute();
    expect(schedules).toEqual([]);
    expect((await ctx.services.jobs.get(id))?.status).toBe('queued');
  });

  it('keeps a queued job across a restart; the next process runs it, and closing it stops its workers', async () => {
    const id = await ctx.services.jobs.enqueue(SWEEP, {}, { key: 'across-restart' });
    const first = await anotherApp();
    await first.jobs.enqueue(SWEEP, {}, { key: 'across-restart' });
    await first.close();

    const second = await anotherApp();
    await second.jobs.start();
    await waitFor(async () => (await second.jobs.get(id))?.status === 'succeeded');
    await second.close();
    const afterClose = await ctx.services.jobs.enqueue(SWEEP, {}, { key: 'after-close' });
    expect((await ctx.services.jobs.get(afterClose))?.status).toBe('queued');
  });

  it('times out pending orders through the scheduled sweep kind', async () => {
    const { json } = await loginAs(ctx, nextPhone());
    const token: string = json.body.access_token;
    const order = (
      await call(ctx.app, { url: '/agent/v1/order/create', token, body: { type: 1, pro_id: 1, quantity: 1 } })
    ).json.body;
    ctx.clock.advance(600_000);
    const worker = await anotherApp();
    await worker.jobs.start();
    const row = await waitFor(async () => {
      const found = await ctx.database.db
        .selectFrom('orders')
        .select('status')
        .where('order_no', '=', order.order_no)
        .executeTakeFirstOrThrow();
      return found.status === OrderStatus.TimedOut && found;
    });
    await worker.close();
    expect(row.status).toBe(OrderStatus.TimedOut);
    const sweeps = await worker.jobs.list({ kind: SWEEP, status: 'succeeded', limit: 10, offset: 0 });
    expect(sweeps.total).toBeGreaterThanOrEqual(1);
  });

  it('cancels ended trades and refunds over-payments through the scheduled payment sweeps', async () => {
    const { json } = await loginAs(ctx, nextPhone());
    const token: string = json.body.access_token;
    const newScannedOrder = async () => {
      const order = (
        await call(ctx.app, { url: '/agent/v1/order/create', token, body: { type: 1, pro_id: 1, quantity: 1 } })
      ).json.body;
      const trade = await ctx.database.db
        .selectFrom('payment_trades')
        .innerJoin('orders', 'orders.id', 'payment_trades.order_id')
        .select('payment_trades.out_trade_no')
        .where('orders.order_no', '=', order.order_no)
        .executeTakeFirstOrThrow();
      return { order, trade: ctx.sandbox.scan(trade.out_trade_no)! };
    };
    // Paid at Alipay, but its cancel failed and no notification came: the cancel sweep's cancel refunds it.
    const first = await newScannedOrder();
    ctx.sandbox.failNext('alipay.trade.query');
    ctx.sandbox.failNext('alipay.trade.cancel');
    await call(ctx.app, { method: 'GET', url: `/agent/v1/order/cancel?order_no=${first.order.order_no}`, token });
    ctx.sandbox.pay(first.trade);
    // Paid after its order was cancelled, the refund refused once: the refund sweep refunds it.
    const second = await newScannedOrder();
    ctx.sandbox.failNext('alipay.trade.cancel');
    await call(ctx.app, { method: 'GET', url: `/agent/v1/order/cancel?order_no=${second.order.order_no}`, token });
    ctx.sandbox.failNext('alipay.trade.refund');
    const notice = new URLSearchParams(ctx.sandbox.pay(second.trade)).toString();
    const notified = await ctx.app.inject({
      method: 'POST',
      url: '/pay/alipay/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: notice,
    });
    expect(notified.body).toBe('success');
    expect(second.trade.refundedFen).toBe(0);

    const worker = await anotherApp();
    await worker.jobs.start();
    await waitFor(async () => first.trade.refundedFen === 1000 && second.trade.refundedFen === 1000);
    await worker.close();
    const refunds = await ctx.database.db.selectFrom('payment_refunds').select(['status', 'method']).execute();
    expect(refunds).toEqual(
      expect.arrayContaining([
        { status: 2, method: 'cancel' },
        { status: 2, method: 'refund' },
      ]),
    );
  });

  it('logs each run with the job id and kind', async () => {
    const lines: string[] = [];
    const { app: logged, services: loggedServices } = await buildApp(
      { ...ctx.config, logLevel: 'info' },
      {
        clock: ctx.clock,
        database: ctx.database,
        alipaySandbox: ctx.sandbox,
        logStream: { write: (line) => lines.push(line) },
      },
    );
    await logged.ready();
    const id = await loggedServices.jobs.enqueue(SWEEP, {}, { key: 'logged' });
    await loggedServices.jobs.start();
    await waitFor(async () => (await loggedServices.jobs.get(id))?.status === 'succeeded');
    await logged.close();
    const records = lines.map((line) => JSON.parse(line) as { jobId?: string; kind?: string; msg: string });
    expect(records).toContainEqual(expect.objectContaining({ jobId: id, kind: SWEEP, msg: 'job succeeded' }));
  });

  it('lists jobs for operators only, paged, with ISO timings', async () => {
    expect((await ops('/ops/v1/jobs', null)).json.code).toBe(ErrorCode.operatorUnauthorized);
    const denied = await ops('/ops/v1/jobs', 'not-the-operator-token-000000000');
    expect(denied.status).toBe(401);
    expect(denied.json.msg).toBe('运营凭证无效');

    for (const key of ['later-1', 'later-2']) {
      await ctx.services.jobs.enqueue(SWEEP, {}, { key, runAt: ctx.clock.now() + 3600_000 });
    }
    const { status, json } = await ops(`/ops/v1/jobs?kind=${SWEEP}&status=queued&page_num=1&page_size=1`);
    expect(status).toBe(200);
    expect(json.code).toBe(0);
    expect(json.body.page).toMatchObject({ page_num: 1, page_size: 1 });
    expect(json.body.page.total_count).toBeGreaterThanOrEqual(2);
    expect(json.body.data).toHaveLength(1);
    expect(json.body.data[0]).toMatchObject({ kind: SWEEP, status: 'queued', attempts: 0, last_error: null });
    expect(new Date(json.body.data[0].created_at).toISOString()).toBe(json.body.data[0].created_at);

    const bad = await ops('/ops/v1/jobs?status=sleeping');
    expect(bad.json.code).toBe(ErrorCode.validation);
    expect(bad.json.msg).toContain('任务状态不正确');
  });

  it('puts a failed job back in the queue; anything else gets a clear refusal', async () => {
    const id = await ctx.services.jobs.enqueue(SWEEP, {}, { key: 'to-fail' });
    await ctx.database.db
      .updateTable('jobs')
      .set({ status: 'failed', attempts: 1, last_error: 'Error: 支付宝超时', finished_at: ctx.clock.now() })
      .where('id', '=', Number(id))
      .execute();

    expect((await ops(`/ops/v1/jobs/${id}/retry`, null, 'POST')).status).toBe(401);
    const listed = (await ops('/ops/v1/jobs?status=failed')).json.body.data;
    expect(listed).toContainEqual(expect.objectContaining({ id, last_error: 'Error: 支付宝超时', attempts: 1 }));

    const retried = await ops(`/ops/v1/jobs/${id}/retry`, OPERATOR, 'POST');
    expect(retried.json).toMatchObject({ code: 0, msg: '已重新排队', body: { id, status: 'queued', attempts: 0 } });

    const again = await ops(`/ops/v1/jobs/${id}/retry`, OPERATOR, 'POST');
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: ErrorCode.jobNotRetryable, msg: '只有已失败的任务可以重试' });
    const missing = await ops('/ops/v1/jobs/987654/retry', OPERATOR, 'POST');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: ErrorCode.jobNotFound, msg: '任务不存在' });
  });
});
