import { ErrorCode, OutStatus } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { codeFor, newCreator, readyCreator, type Creator } from '../../../test/payee-fixtures.js';
import { call, createTestApp, testDatabaseKind, type TestContext } from '../../../test/test-app.js';

const OPERATOR_TOKEN = 'operator-token-for-cancel-tests-0123456789';

/**
 * The creator cancels a withdrawal that is still 已提交: the hold is released with a ledger row, once,
 * whatever runs beside it; one an operator took up (agreed, exported, paying) or that ended cannot be cancelled.
 */
describe(`withdrawal cancellation (${testDatabaseKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN });
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(() => ctx.close());

  const get = (token: string, url: string) => call(ctx.app, { method: 'GET', url, token });
  const canOut = async (c: Creator) => (await get(c.token, '/agent/v1/credit/income')).json.body.can_out as string;
  const ops = (url: string, body: unknown = {}) => call(ctx.app, { url, token: OPERATOR_TOKEN, body });
  const cancel = (c: Creator, id: number) =>
    call(ctx.app, { url: '/agent/v1/sett/cash_out/cancel', token: c.token, body: { id } });
  const held = async (c: Creator) =>
    (
      await ctx.database.db
        .selectFrom('wallet_accounts')
        .select('held_fen')
        .where('agent_id', '=', c.agentId)
        .executeTakeFirstOrThrow()
    ).held_fen;
  const cancelRows = (id: number) =>
    ctx.database.db
      .selectFrom('wallet_ledger')
      .select(['title', 'amount_fen'])
      .where('idempotency_key', '=', `cash_out_cancel:${id}`)
      .execute();

  /** A ready creator with 100.00 who applied for a 60.00 Alipay withdrawal: its id. */
  async function pendingWithdrawal(): Promise<{ creator: Creator; id: number }> {
    const creator = await readyCreator(ctx, 10_000);
    const code = await codeFor(ctx, creator, 4);
    const applied = await call(ctx.app, {
      url: '/agent/v1/sett/cash_out/apply',
      token: creator.token,
      body: { amount: '60', cash_out_to: 2, code },
    });
    expect(applied.json.code, applied.json.msg).toBe(0);
    expect(applied.json.body).toMatchObject({ can_cancel: true, record_type: 'withdrawal', wallet_amount: '60.00' });
    expect(await canOut(creator)).toBe('40.00');
    return { creator, id: applied.json.body.id as number };
  }

  it('cancels a submitted withdrawal: 已取消, the hold back in can_out, a ledger row; a repeat changes nothing', async () => {
    const { creator, id } = await pendingWithdrawal();
    const cancelled = await cancel(creator, id);
    expect(cancelled.json).toMatchObject({
      code: 0,
      msg: '提现已取消，金额已退回可提现余额',
      body: { id, out_status: OutStatus.Cancelled, out_status_text: '已取消', can_cancel: false },
    });
    expect(await canOut(creator)).toBe('100.00');
    expect(await held(creator)).toBe(0);
    expect(await cancelRows(id)).toEqual([{ title: '取消提现，60.00元冻结金额已退回', amount_fen: 0 }]);

    const again = await cancel(creator, id);
    expect(again.json).toMatchObject({ code: 0, body: { out_status: OutStatus.Cancelled } });
    expect(await canOut(creator)).toBe('100.00');
    expect(await cancelRows(id)).toHaveLength(1);
    // A cancelled withdrawal is no withdrawal: the next one is the first again.
    expect((await get(creator.token, '/agent/v1/sett/cash_out/first')).json.body.is_first).toBe(true);
    const listed = await get(creator.token, `/agent/v1/sett/cash_out/page?page_num=1&page_size=10&out_status=7`);
    expect(listed.json.body.data).toEqual([expect.objectContaining({ id, out_status: 7 })]);
  });

  it('refuses once an operator took it up or it ended, with a clear message, and keeps the money where it was', async () => {
    const { creator, id } = await pendingWithdrawal();
    expect((await ops(`/ops/v1/withdrawals/${id}/approve`)).json.code).toBe(0);
    expect((await get(creator.token, `/agent/v1/sett/cash_out/detail?id=${id}`)).json.body.can_cancel).toBe(false);
    expect((await cancel(creator, id)).json).toMatchObject({
      code: ErrorCode.withdrawalCancelTaken,
      msg: '该提现已进入审核打款流程，不能取消；如有疑问请联系客服',
    });
    expect(await held(creator)).toBe(6_000);

    expect((await ops(`/ops/v1/withdrawals/${id}/reject`, { reason: '信息有误' })).json.code).toBe(0);
    expect((await cancel(creator, id)).json).toMatchObject({
      code: ErrorCode.withdrawalCancelClosed,
      msg: '该提现已结束，不能取消',
    });
    expect(await canOut(creator)).toBe('100.00');
    expect(await cancelRows(id)).toEqual([]);
  });

  it("answers another creator's withdrawal as missing and a bad id by its field", async () => {
    const { creator, id } = await pendingWithdrawal();
    const stranger = await newCreator(ctx);
    expect((await cancel(stranger, id)).json.code).toBe(ErrorCode.withdrawalNotFound);
    expect((await cancel(creator, 0)).json.code).toBe(ErrorCode.validation);
    expect(await held(creator)).toBe(6_000);
    expect((await cancel(creator, id)).json.code).toBe(0);
  });

  it('releases once when the creator cancels twice at the same time', async () => {
    const { creator, id } = await pendingWithdrawal();
    const answers = await Promise.all(Array.from({ length: 6 }, () => cancel(creator, id)));
    expect(answers.map((a) => a.json.code)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await held(creator)).toBe(0);
    expect(await canOut(creator)).toBe('100.00');
    expect(await cancelRows(id)).toHaveLength(1);
  });

  it('of a cancel and an operator approval at the same time, exactly one wins', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { creator, id } = await pendingWithdrawal();
      const [cancelled, approved] = await Promise.all([cancel(creator, id), ops(`/ops/v1/withdrawals/${id}/approve`)]);
      const winners = [cancelled.json.code, approved.json.code].filter((code) => code === 0);
      expect(winners, `round ${round}`).toHaveLength(1);
      const detail = (await get(creator.token, `/agent/v1/sett/cash_out/detail?id=${id}`)).json.body;
      if (cancelled.json.code === 0) {
        expect(approved.json.code).toBe(ErrorCode.withdrawalBadTransition);
        expect(detail.out_status).toBe(OutStatus.Cancelled);
        expect(await held(creator)).toBe(0);
      } else {
        expect(cancelled.json.code).toBe(ErrorCode.withdrawalCancelTaken);
        expect(detail.out_status).toBe(OutStatus.Agreed);
        expect(await held(creator)).toBe(6_000);
        expect(await cancelRows(id)).toEqual([]);
      }
    }
  });
});
