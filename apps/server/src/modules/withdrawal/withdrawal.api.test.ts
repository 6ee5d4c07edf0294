import { ErrorCode, OutStatus } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import {
  addAlipay,
  codeFor,
  newCreator,
  readyCreator,
  signContract,
  walletOf,
  type Creator,
} from '../../../test/payee-fixtures.js';
import { call, createTestApp, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { DataCipher } from '../../data-cipher.js';
import { ContractRepository } from '../user/contract.repository.js';
import { ContractService } from '../user/contract.service.js';
import { PayeeRepository } from '../user/payee.repository.js';
import { PayeeService } from '../user/payee.service.js';
import { BuiltinESignProvider } from '../../providers/esign/builtin-esign.js';
import type { MoneySessionService } from '../verification/money-session.service.js';
import { CumulativeLabourTaxPolicy } from './tax-policy.js';
import { TaxWithholding } from './tax-withholding.js';
import { WithdrawalRepository } from './withdrawal.repository.js';
import { WithdrawalService } from './withdrawal.service.js';

const OPERATOR_TOKEN = 'operator-token-for-withdrawal-tests-0123456789';
const TRANSFER = 'alipay.fund.trans.uni.transfer';

describe(`withdrawals (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  const logLines: string[] = [];

  beforeAll(async () => {
    ctx = await createTestApp(
      { OPERATOR_TOKEN, LOG_LEVEL: 'info' },
      { jobs: { pollMs: 20, leaseMs: 5_000 }, logStream: { write: (line) => void logLines.push(line) } },
    );
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(() => ctx.close());

  const get = (token: string, url: string) => call(ctx.app, { method: 'GET', url, token });
  const canOut = async (c: Creator) => (await get(c.token, '/agent/v1/credit/income')).json.body.can_out as string;
  const ops = (url: string, body: unknown = {}) => call(ctx.app, { url, token: OPERATOR_TOKEN, body });
  const opsGet = (url: string) => call(ctx.app, { method: 'GET', url, token: OPERATOR_TOKEN });

  async function apply(c: Creator, amount: string | number, cashOutTo: 1 | 2 = 2) {
    const code = await codeFor(ctx, c, cashOutTo === 1 ? 3 : 4);
    return call(ctx.app, {
      url: '/agent/v1/sett/cash_out/apply',
      token: c.token,
      body: { amount, cash_out_to: cashOutTo, code },
    });
  }
  const previewTax = async (c: Creator, amount: string) =>
    (await call(ctx.app, { url: '/agent/v1/sett/cash_out/tax', token: c.token, body: { amount } })).json.body;
  const wallet = (agentId: number) =>
    ctx.database.db.selectFrom('wallet_accounts').selectAll().where('agent_id', '=', agentId).executeTakeFirstOrThrow();

  describe('apply', () => {
    it('needs a real name, a signed agreement and an account of the kind, with clear messages', async () => {
      const creator = await newCreator(ctx);
      await walletOf(ctx).deposit(creator.agentId, 10_000, `income-${creator.agentId}`, '推广收益结算');
      expect((await apply(creator, 10)).json).toMatchObject({
        code: ErrorCode.realNameRequired,
        msg: '请先添加收款账户并完成实名信息',
      });
      await addAlipay(ctx, creator);
      expect((await apply(creator, 10)).json).toMatchObject({
        code: ErrorCode.contractUnsigned,
        msg: '请先签署劳务服务协议',
      });
      await signContract(ctx, creator);
      expect((await apply(creator, 10, 1)).json.code).toBe(ErrorCode.payeeAccountMissing);
      expect(await canOut(creator)).toBe('100.00');
    });

    it('keeps the amount within the minimum, the maximum and can_out', async () => {
      const creator = await readyCreator(ctx, 10_000);
      const below = await apply(creator, '0.50');
      expect(below.json).toMatchObject({ code: ErrorCode.validation, msg: '提现金额不能低于1元' });
      const above = await apply(creator, 98_000.01);
      expect(above.json).toMatchObject({ code: ErrorCode.validation, msg: '单笔提现金额不能超过98000元' });
      const threeDecimals = await apply(creator, '1.001');
      expect(threeDecimals.json.code).toBe(ErrorCode.validation);
      const tooMuch = await apply(creator, '100.01');
      expect(tooMuch.json).toMatchObject({ code: ErrorCode.withdrawAboveBalance, msg: '提现金额不能超过可提现余额' });
      expect(await canOut(creator)).toBe('100.00');
    });

    it('holds the amount at once and records pending with the tax figures; SMS code of the matching type only', async () => {
      const creator = await readyCreator(ctx, 10_000);
      const bankCode = await codeFor(ctx, creator, 3);
      const wrongType = await call(ctx.app, {
        url: '/agent/v1/sett/cash_out/apply',
        token: creator.token,
        body: { amount: '60', cash_out_to: 2, code: bankCode },
      });
      expect(wrongType.json.code).toBe(ErrorCode.smsCodeInvalid);

      const first = await get(creator.token, '/agent/v1/sett/cash_out/first');
      expect(first.json.body).toMatchObject({
        is_first: true,
        min_amount: '1.00',
        max_amount: '98000.00',
        can_out: '100.00',
        has_real_name: true,
        sign_status: 1,
        alipay: { account_no: '138****8000', real_name: '张三' },
        bank: { bank_name: '招商银行', account_no: '6225 **** **** 5678' },
      });

      expect(await previewTax(creator, '60')).toMatchObject({
        income: '60.00',
        tax: '0.00',
        pay_amount: '60.00',
        months: 1,
        estimated: true,
      });

      const applied = await apply(creator, '60');
      expect(applied.json).toMatchObject({
        code: 0,
        msg: '提现申请已提交，个税为预估，以打款时计算为准',
        body: {
          out_status: 1,
          out_status_text: '已提交',
          out_status_style: 'waiting',
          amount: '60.00',
          pre_pay_amount: '60.00',
          tax: '0.00',
          pay_amount: '60.00',
          tax_estimated: true,
          cash_out_to: 2,
          alipay_id: '138****8000',
          bank_card_number: '',
          finish_at: null,
          is_offline: 0,
        },
      });
      expect(await canOut(creator)).toBe('40.00');
      expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 10_000, held_fen: 6_000 });
      const page = await get(creator.token, '/agent/v1/sett/cash_out/page?page_num=1&page_size=10');
      expect(page.json.body.page.total_count).toBe(1);
      expect(page.json.body.data[0].id).toBe(applied.json.body.id);
      const detail = await get(creator.token, `/agent/v1/sett/cash_out/detail?id=${applied.json.body.id}`);
      expect(detail.json.body.pre_pay_amount).toBe('60.00');
      expect((await get(creator.token, '/agent/v1/sett/cash_out/first')).json.body.is_first).toBe(false);
    });

    it('lets 100 concurrent applies with one code through once', async () => {
      const creator = await readyCreator(ctx, 10_000);
      const code = await codeFor(ctx, creator, 4);
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          call(ctx.app, {
            url: '/agent/v1/sett/cash_out/apply',
            token: creator.token,
            body: { amount: '3', cash_out_to: 2, code },
          }),
        ),
      );
      expect(answers.filter((a) => a.json.code === 0)).toHaveLength(1);
      expect(await wallet(creator.agentId)).toMatchObject({ held_fen: 300 });
    });

    it('never holds more than the wallet has under 100 concurrent applies (each with a valid code)', async () => {
      const creator = await readyCreator(ctx, 10_000);
      // The same service on the same database, with an SMS check that accepts every code: only the wallet decides.
      const acceptAll = {
        authorize: async () => 'ok',
        checkCodeAndOpen: async () => 'ok',
      } as unknown as MoneySessionService;
      const db = ctx.database.db;
      const cipher = new DataCipher(ctx.config.dataEncryption.key);
      const payees = new PayeeService(ctx.database, new PayeeRepository(db), acceptAll, cipher, ctx.clock);
      const contracts = new ContractService(
        ctx.database,
        new ContractRepository(db),
        new PayeeRepository(db),
        payees,
        acceptAll,
        new BuiltinESignProvider(),
        ctx.clock,
      );
      const withdrawalRepository = new WithdrawalRepository(db);
      const taxes = new TaxWithholding(withdrawalRepository, walletOf(ctx), new CumulativeLabourTaxPolicy(), ctx.clock);
      const service = new WithdrawalService({
        database: ctx.database,
        withdrawals: withdrawalRepository,
        wallet: walletOf(ctx),
        payees,
        contracts,
        moneySessions: acceptAll,
        taxes,
        alipay: undefined as never,
        payoutJobs: { ensure: async () => undefined },
        clock: ctx.clock,
        log: ctx.app.log,
      });
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, () =>
          service.apply(
            creator.agentId,
            { amount: '3', cash_out_to: 2 },
            { sessionId: 0, deviceId: null, code: '000000' },
          ),
        ),
      );
      const accepted = results.filter((r) => r.status === 'fulfilled').length;
      expect(accepted).toBe(33);
      expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 10_000, held_fen: 9_900 });
      const rows = await db
        .selectFrom('cash_outs')
        .select((eb) => eb.fn.sum<string | number>('amount_fen').as('sum'))
        .where('agent_id', '=', creator.agentId)
        .executeTakeFirstOrThrow();
      expect(Number(rows.sum)).toBe(9_900);
      expect(await canOut(creator)).toBe('1.00');
    });
  });

  describe('state machine and operators', () => {
    it('refuses operator calls without the operator token', async () => {
      const anonymous = await call(ctx.app, { method: 'GET', url: '/ops/v1/withdrawals' });
      expect(anonymous.json.code).toBe(ErrorCode.operatorUnauthorized);
      const creator = await newCreator(ctx);
      const asCreator = await call(ctx.app, { url: '/ops/v1/withdrawals/1/approve', token: creator.token, body: {} });
      expect(asCreator.json.code).toBe(ErrorCode.operatorUnauthorized);
    });

    it('rejects a pending withdrawal with a reason and releases the hold', async () => {
      const creator = await readyCreator(ctx, 10_000);
      const id = (await apply(creator, '50')).json.body.id as number;
      const listed = await opsGet('/ops/v1/withdrawals?status=1&page_size=100');
      expect(listed.json.body.data.find((w: { id: number }) => w.id === id)).toMatchObject({
        agent_id: creator.agentId,
        phone: `${creator.phone.slice(0, 3)}****${creator.phone.slice(-4)}`,
        out_status: 1,
      });
      const rejected = await ops(`/ops/v1/withdrawals/${id}/reject`, { reason: '收款信息有误' });
      expect(rejected.json.body).toMatchObject({
        out_status: 2,
        out_status_text: '已驳回',
        out_status_style: 'reject',
        reason: '收款信息有误',
      });
      expect(await canOut(creator)).toBe('100.00');
      for (const action of ['approve', 'reject', 'pay']) {
        const again = await ops(`/ops/v1/withdrawals/${id}/${action}`, action === 'reject' ? { reason: 'x' } : {});
        expect(again.json.code, action).toBe(ErrorCode.withdrawalBadTransition);
      }
      expect(await canOut(creator)).toBe('100.00');
      expect((await ops(`/ops/v1/withdrawals/${id}/reject`, { reason: '' })).json.code).toBe(ErrorCode.validation);
    });

    it('pays a single bank withdrawal offline: confirm, debit; nothing else moves it after (batches: bank-batch.api.test.ts)', async () => {
      const creator = await readyCreator(ctx, 10_000);
      const id = (await apply(creator, '80', 1)).json.body.id as number;
      expect((await ops(`/ops/v1/withdrawals/${id}/pay`, { offline: true })).json.code).toBe(
        ErrorCode.withdrawalBadTransition,
      );
      expect((await ops(`/ops/v1/withdrawals/${id}/approve`)).json.body).toMatchObject({
        out_status: 3,
        out_status_text: '已提交',
      });
      expect((await ops(`/ops/v1/withdrawals/${id}/approve`)).json.code).toBe(ErrorCode.withdrawalBadTransition);
      expect((await ops(`/ops/v1/withdrawals/${id}/pay`)).json.code).toBe(ErrorCode.withdrawalOfflineRequired);

      const paid = await ops(`/ops/v1/withdrawals/${id}/pay`, { offline: true });
      expect(paid.json.body).toMatchObject({
        out_status: 5,
        out_status_text: '提现成功',
        out_status_style: 'complete',
        is_offline: 1,
      });
      expect(paid.json.body.finish_at).not.toBeNull();
      expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 2_000, held_fen: 0 });
      for (const action of ['approve', 'reject', 'pay']) {
        const again = await ops(
          `/ops/v1/withdrawals/${id}/${action}`,
          action === 'reject' ? { reason: 'x' } : { offline: true },
        );
        expect(again.json.code, action).toBe(ErrorCode.withdrawalBadTransition);
      }
      expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 2_000, held_fen: 0 });
      const missing = await ops('/ops/v1/withdrawals/999999/approve');
      expect(missing.json.code).toBe(ErrorCode.withdrawalNotFound);
    });
  });

  describe('Alipay payouts through the sandbox', () => {
    async function agreed(amount: string) {
      const creator = await readyCreator(ctx, 10_000);
      const id = (await apply(creator, amount)).json.body.id as number;
      await ops(`/ops/v1/withdrawals/${id}/approve`);
      return { creator, id };
    }
    const row = (id: number) =>
      ctx.database.db.selectFrom('cash_outs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const setPayeeAccount = async (id: number, account: string) => {
      const cipher = new DataCipher(ctx.config.dataEncryption.key);
      await ctx.database.db
        .updateTable('cash_outs')
        .set({ payee_account_enc: cipher.encrypt(account) })
        .where('id', '=', id)
        .execute();
    };
    const transfersOf = (id: number) =>
      ctx.sandbox.transfersMade().filter((t) => new RegExp(`W${id}N\\d+$`).test(t.outBizNo));
    /** One run of the payout job of the withdrawal's current attempt. */
    const payout = async (id: number) => ctx.services.withdrawals.payout(id, (await row(id)).out_biz_no ?? '');

    it('pays once, debits the hold, and a replay pays nothing more', async () => {
      const { creator, id } = await agreed('70');
      const waiting = await ops(`/ops/v1/withdrawals/${id}/pay`);
      expect(waiting.json.body).toMatchObject({
        out_status: 4,
        out_status_text: '已提交',
        out_status_style: 'waiting',
      });
      expect(await payout(id)).toBe('paid');
      expect(await payout(id)).toBe('skipped');
      expect(transfersOf(id)).toMatchObject([{ amountFen: 7_000, identity: '13800138000', name: '张三' }]);
      expect(await row(id)).toMatchObject({ out_status: OutStatus.Complete, is_offline: 0 });
      expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 3_000, held_fen: 0 });
      const detail = await get(creator.token, `/agent/v1/sett/cash_out/detail?id=${id}`);
      expect(detail.json.body).toMatchObject({ out_status: 5, out_status_text: '提现成功' });
    });

    it('after a system error asks again and pays once; after a lost answer finds the transfer instead of paying twice', async () => {
      const { creator, id } = await agreed('20');
      await ops(`/ops/v1/withdrawals/${id}/pay`);
      ctx.sandbox.failNext(TRANSFER);
      await expect(payout(id)).rejects.toThrow();
      expect((await row(id)).out_status).toBe(OutStatus.Waiting);
      expect(transfersOf(id)).toHaveLength(0);
      expect(await payout(id)).toBe('paid');
      expect(transfersOf(id)).toHaveLength(1);

      const second = await agreed('30');
      await ops(`/ops/v1/withdrawals/${second.id}/pay`);
      ctx.sandbox.loseNextAnswer(TRANSFER);
      await expect(payout(second.id)).rejects.toThrow();
      expect(transfersOf(second.id)).toHaveLength(1);
      expect(await payout(second.id)).toBe('paid');
      expect(transfersOf(second.id)).toHaveLength(1);
      expect(await wallet(second.creator.agentId)).toMatchObject({ balance_fen: 7_000, held_fen: 0 });
      expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 8_000, held_fen: 0 });
    });

    it('a transfer Alipay made just before it restarted is found after the restart: the money leaves once', async () => {
      const { creator, id } = await agreed('20');
      await ops(`/ops/v1/withdrawals/${id}/pay`);
      ctx.sandbox.loseNextAnswer(TRANSFER);
      await expect(payout(id)).rejects.toThrow();
      const [made] = transfersOf(id);
      expect(made).toBeDefined();
      await ctx.restartSandbox();
      expect(await payout(id)).toBe('paid');
      // The job asked Alipay about its out_biz_no and found the first transfer: no second one was made.
      expect(transfersOf(id)).toEqual([made]);
      expect(await row(id)).toMatchObject({ out_status: OutStatus.Complete, pay_order_id: made!.orderId });
      expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 8_000, held_fen: 0 });
    });

    it('returns a refused payout to an operator, who pays again under a new out_biz_no or rejects', async () => {
      const { creator, id } = await agreed('40');
      // The payee account Alipay does not know (as if closed since): the transfer is refused.
      await setPayeeAccount(id, 'closed-account');
      await ops(`/ops/v1/withdrawals/${id}/pay`);
      expect(await payout(id)).toBe('refused');
      const back = await row(id);
      expect(back).toMatchObject({ out_status: OutStatus.Agreed });
      expect(back.out_biz_no).toMatch(new RegExp(`^[A-Z2-9]{6}W${id}N1$`));
      expect(back.reason).toContain('收款账号不存在');
      expect(await wallet(creator.agentId)).toMatchObject({ held_fen: 4_000 });

      await setPayeeAccount(id, '13800138000');
      await ops(`/ops/v1/withdrawals/${id}/pay`);
      expect((await row(id)).out_biz_no).toBe(back.out_biz_no!.replace(/N1$/, 'N2'));
      expect(await payout(id)).toBe('paid');
      expect(transfersOf(id)).toHaveLength(1);

      const other = await agreed('25');
      await setPayeeAccount(other.id, 'closed-account');
      await ops(`/ops/v1/withdrawals/${other.id}/pay`);
      expect(await payout(other.id)).toBe('refused');
      const rejected = await ops(`/ops/v1/withdrawals/${other.id}/reject`, {
        reason: '收款账户已注销，请更换账户后重新申请',
      });
      expect(rejected.json.body.out_status).toBe(2);
      expect(await wallet(other.creator.agentId)).toMatchObject({ balance_fen: 10_000, held_fen: 0 });
    });

    const payoutJobsOf = async (id: number) =>
      (await ctx.database.db.selectFrom('jobs').selectAll().where('kind', '=', 'withdrawal.payout').execute()).filter(
        (job) => (JSON.parse(job.input) as { cash_out_id: number }).cash_out_id === id,
      );
    const debitsOf = (agentId: number) =>
      ctx.database.db
        .selectFrom('wallet_ledger')
        .selectAll()
        .where('agent_id', '=', agentId)
        .where('title', '=', '提现')
        .execute();
    /** Runs the job workers until the withdrawal leaves 打款中 (or 10 s pass). */
    async function runJobsUntilSettled(id: number) {
      await ctx.services.jobs.start();
      try {
        const deadline = Date.now() + 10_000;
        while ((await row(id)).out_status === OutStatus.Waiting && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await ctx.services.jobs.stop();
      }
    }

    it('queues one job and makes one transfer for 30 pay clicks, ten of them at once', async () => {
      const { creator, id } = await agreed('12');
      const answers = await Promise.all(Array.from({ length: 10 }, () => ops(`/ops/v1/withdrawals/${id}/pay`)));
      for (let i = 0; i < 20; i++) answers.push(await ops(`/ops/v1/withdrawals/${id}/pay`));
      expect(answers.filter((a) => a.json.code === 0)).toHaveLength(1);
      const refused = answers.filter((a) => a.json.code !== 0);
      expect(new Set(refused.map((a) => a.json.code))).toEqual(new Set([ErrorCode.withdrawalPayoutUnresolved]));
      expect(refused[0]!.json.msg).toContain('支付宝尚未确认上一笔转账的结果');

      const jobs = await payoutJobsOf(id);
      const { out_biz_no: outBizNo } = await row(id);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.idempotency_key).toBe(outBizNo);
      // The out_biz_no carries this database's prefix, made once and kept.
      const prefix = await ctx.database.db
        .selectFrom('deployment_settings')
        .select('value')
        .where('name', '=', 'payout_prefix')
        .executeTakeFirstOrThrow();
      expect(outBizNo).toBe(`${prefix.value}W${id}N1`);

      await runJobsUntilSettled(id);
      expect((await row(id)).out_status).toBe(OutStatus.Complete);
      expect(transfersOf(id)).toHaveLength(1);
      expect(await debitsOf(creator.agentId)).toHaveLength(1);
      expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 8_800, held_fen: 0 });
    });

    it('lets a late refusal of an old attempt change nothing while the current one is paid', async () => {
      const { creator, id } = await agreed('33');
      await setPayeeAccount(id, 'closed-account');
      await ops(`/ops/v1/withdrawals/${id}/pay`);
      const n1 = (await row(id)).out_biz_no!;
      // Run A of attempt N1 reaches Alipay, which refuses it; the answer is slow to come back.
      const slow = ctx.sandbox.holdNextAnswer(TRANSFER);
      const runA = ctx.services.withdrawals.payout(id, n1);
      await slow.arrived;
      // Meanwhile run B of the same attempt (at-least-once delivery) hears the refusal: back to agreed.
      expect(await ctx.services.withdrawals.payout(id, n1)).toBe('refused');
      await setPayeeAccount(id, '13800138000');
      await ops(`/ops/v1/withdrawals/${id}/pay`);
      const n2 = (await row(id)).out_biz_no!;
      expect(n2).not.toBe(n1);
      // Run A's refusal of N1 arrives late: N2 is being paid, nothing moves.
      slow.release();
      expect(await runA).toBe('skipped');
      expect(await row(id)).toMatchObject({ out_status: OutStatus.Waiting, out_biz_no: n2 });
      expect((await ops(`/ops/v1/withdrawals/${id}/pay`)).json.code).toBe(ErrorCode.withdrawalPayoutUnresolved);
      expect((await ops(`/ops/v1/withdrawals/${id}/reject`, { reason: '测试' })).json.code).toBe(
        ErrorCode.withdrawalBadTransition,
      );
      expect(await ctx.services.withdrawals.payout(id, n2)).toBe('paid');
      expect(await ctx.services.withdrawals.payout(id, n1)).toBe('skipped');
      expect(transfersOf(id).map((t) => t.outBizNo)).toEqual([n2]);
      expect(await debitsOf(creator.agentId)).toHaveLength(1);
      expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 6_700, held_fen: 0 });
    });

    it('keeps 打款中 on an unknown outcome and asks again until Alipay settles it', async () => {
      const { creator, id } = await agreed('21');
      await ops(`/ops/v1/withdrawals/${id}/pay`);
      const n1 = (await row(id)).out_biz_no!;
      // Answers that say nothing final: a system error, "same out_biz_no, other figures", a transfer under way.
      ctx.sandbox.refuseNext(TRANSFER, 'SYSTEM_ERROR', '系统繁忙');
      ctx.sandbox.refuseNext(TRANSFER, 'PAYMENT_INFO_INCONSISTENCY', '两次请求商户单号一样，但是参数不一致');
      await expect(payout(id)).rejects.toThrow();
      await expect(payout(id)).rejects.toThrow();
      ctx.sandbox.dealNextTransfers();
      await expect(payout(id)).rejects.toThrow(/DEALING/);
      await expect(payout(id)).rejects.toThrow(/DEALING/);
      expect(await row(id)).toMatchObject({ out_status: OutStatus.Waiting, out_biz_no: n1 });
      expect((await ops(`/ops/v1/withdrawals/${id}/pay`)).json.code).toBe(ErrorCode.withdrawalPayoutUnresolved);
      expect(transfersOf(id)).toHaveLength(0);
      ctx.sandbox.settleTransfer(n1, 'SUCCESS');
      expect(await payout(id)).toBe('paid');
      expect(transfersOf(id)).toHaveLength(1);
      expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 7_900, held_fen: 0 });

      // A transfer under way that fails for good returns to agreed, and only then can it be paid again.
      const other = await agreed('22');
      await ops(`/ops/v1/withdrawals/${other.id}/pay`);
      ctx.sandbox.dealNextTransfers();
      await expect(payout(other.id)).rejects.toThrow(/DEALING/);
      ctx.sandbox.settleTransfer((await row(other.id)).out_biz_no!, 'FAIL', '收款方账户异常');
      expect(await payout(other.id)).toBe('refused');
      expect(await row(other.id)).toMatchObject({ out_status: OutStatus.Agreed, reason: '打款失败：收款方账户异常' });
      expect((await ops(`/ops/v1/withdrawals/${other.id}/pay`)).json.body.out_status).toBe(OutStatus.Waiting);
      expect(await payout(other.id)).toBe('paid');
      expect(transfersOf(other.id)).toHaveLength(1);
    });

    it('re-queues a payout left in 打款中 without a job (a crash before queueing) and one whose job gave up', async () => {
      const { creator, id } = await agreed('17');
      const outBizNo = `CRASHXW${id}N1`;
      await ctx.database.db
        .updateTable('cash_outs')
        .set({ out_status: OutStatus.Waiting, out_biz_no: outBizNo })
        .where('id', '=', id)
        .execute();
      expect(await payoutJobsOf(id)).toHaveLength(0);
      expect(await ctx.services.withdrawals.requeueWaitingPayouts()).toBeGreaterThanOrEqual(1);
      const [job] = await payoutJobsOf(id);
      expect(job).toMatchObject({ status: 'queued', idempotency_key: outBizNo });
      await ctx.database.db.updateTable('jobs').set({ status: 'failed' }).where('id', '=', job!.id).execute();
      await ctx.services.withdrawals.requeueWaitingPayouts();
      expect(await payoutJobsOf(id)).toMatchObject([{ id: job!.id, status: 'queued', attempts: 0 }]);
      await runJobsUntilSettled(id);
      expect((await row(id)).out_status).toBe(OutStatus.Complete);
      expect(transfersOf(id).map((t) => t.outBizNo)).toEqual([outBizNo]);
      expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 8_300, held_fen: 0 });
    });

    it('refuses offline pay for an Alipay withdrawal', async () => {
      const { creator, id } = await agreed('18');
      const answer = await ops(`/ops/v1/withdrawals/${id}/pay`, { offline: true });
      expect(answer.json).toMatchObject({
        code: ErrorCode.withdrawalOfflineBankOnly,
        msg: '支付宝提现只能通过支付宝打款，线下打款确认仅用于银行卡提现',
      });
      expect(await row(id)).toMatchObject({ out_status: OutStatus.Agreed, is_offline: 0 });
      expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 10_000, held_fen: 1_800 });
    });

    it('runs the payout as a withdrawal.payout job of the job engine', async () => {
      const { id } = await agreed('15');
      await ops(`/ops/v1/withdrawals/${id}/pay`);
      await runJobsUntilSettled(id);
      expect((await row(id)).out_status).toBe(OutStatus.Complete);
      expect(transfersOf(id)).toHaveLength(1);
      const logs = logLines.join('\n');
      expect(logs).toContain('withdrawal payout');
      for (const secret of ['13800138000', '6225880112345678']) expect(logs).not.toContain(secret);
    });
  });

  describe('tax withheld on what is paid, when it is paid', () => {
    /** Noon in Beijing (04:00 UTC) of a calendar day. */
    const beijingNoon = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day, 4, 0, 0);
    const approveAndPay = async (id: number, offline = false) => {
      expect((await ops(`/ops/v1/withdrawals/${id}/approve`)).json.code).toBe(0);
      const paid = await ops(`/ops/v1/withdrawals/${id}/pay`, offline ? { offline: true } : {});
      expect(paid.json.code, paid.json.msg).toBe(0);
      return paid.json.body;
    };
    const applied = async (creator: Creator, amount: string, cashOutTo: 1 | 2 = 2) => {
      const answer = await apply(creator, amount, cashOutTo);
      expect(answer.json.code, answer.json.msg).toBe(0);
      return answer.json.body;
    };
    const stored = (id: number) =>
      ctx.database.db.selectFrom('cash_outs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('withholds cumulatively over several months, each withdrawal when it is paid (hand-worked)', async () => {
      ctx.clock.set(beijingNoon(2027, 1, 10));
      const creator = await readyCreator(ctx, 20_000_000);
      // Jan: 10000 − 2000 − 5000 = 3000 × 3 % = 90.
      const jan = await applied(creator, '10000');
      expect(await approveAndPay(jan.id)).toMatchObject({ tax: '90.00', pay_amount: '9910.00', tax_estimated: false });
      ctx.clock.set(beijingNoon(2027, 2, 5));
      // A February withdrawal that is rejected counts for nothing.
      const rejected = await applied(creator, '5000');
      await ops(`/ops/v1/withdrawals/${rejected.id}/reject`, { reason: '测试驳回' });
      // Feb: 30000 − 6000 − 10000 = 14000 × 3 % = 420 − 90 = 330.
      expect(await previewTax(creator, '20000')).toMatchObject({
        tax: '330.00',
        cumulative_income: '30000.00',
        cumulative_expense: '6000.00',
        months: 2,
        cumulative_basic_deduction: '10000.00',
        taxable_income: '14000.00',
        rate_percent: 3,
        cumulative_tax: '420.00',
        withheld_before: '90.00',
        estimated: true,
      });
      const feb = await applied(creator, '20000');
      expect(feb).toMatchObject({ tax: '330.00', tax_estimated: true });
      expect(await approveAndPay(feb.id)).toMatchObject({ tax: '330.00', tax_estimated: false });
      ctx.clock.set(beijingNoon(2027, 3, 2));
      // Mar: 120000 − 24000 − 15000 = 81000 × 10 % − 2520 = 5580 − 420 = 5160.
      const mar = await applied(creator, '90000');
      expect(await approveAndPay(mar.id)).toMatchObject({ tax: '5160.00', pay_amount: '84840.00' });
      const rows = await Promise.all([jan.id, feb.id, mar.id].map(stored));
      expect(rows.map((r) => [r.tax_year, r.tax_month, r.tax_fen, r.tax_final])).toEqual([
        [2027, 1, 9_000, 1],
        [2027, 2, 33_000, 1],
        [2027, 3, 516_000, 1],
      ]);
      expect(JSON.parse(rows[2]!.tax_detail)).toMatchObject({ rate_percent: 10, quick_deduction: '2520.00' });
    });

    it('leaves a rejected withdrawal out of the history: the other one withholds 4820, not 8620', async () => {
      ctx.clock.set(beijingNoon(2027, 5, 10));
      const creator = await readyCreator(ctx, 19_600_000);
      // Each alone: 98000 − 19600 (20 %) − 5000 (one month) = 73400 × 10 % − 2520 = 4820.
      const first = await applied(creator, '98000');
      const second = await applied(creator, '98000');
      expect([first.tax, second.tax]).toEqual(['4820.00', '4820.00']);
      expect(second.tax_estimated).toBe(true);
      await ops(`/ops/v1/withdrawals/${first.id}/reject`, { reason: '测试驳回' });
      // Paid alone in May: nothing else paid this year, so 4820 (the old rule kept 8620 from the apply).
      expect(await approveAndPay(second.id)).toMatchObject({
        out_status: OutStatus.Waiting,
        tax: '4820.00',
        pay_amount: '93180.00',
        tax_estimated: false,
      });
      expect(await ctx.services.withdrawals.payout(second.id, (await stored(second.id)).out_biz_no!)).toBe('paid');
      const transfers = ctx.sandbox.transfersMade().filter((t) => t.outBizNo.endsWith(`W${second.id}N1`));
      expect(transfers).toMatchObject([{ amountFen: 9_318_000 }]);
      expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 9_800_000, held_fen: 0 });
    });

    it('both paid: 4820 then 8620, the second by offline confirmation', async () => {
      ctx.clock.set(beijingNoon(2027, 6, 10));
      const creator = await readyCreator(ctx, 19_600_000);
      const first = await applied(creator, '98000');
      const second = await applied(creator, '98000', 1);
      expect(await approveAndPay(first.id)).toMatchObject({ tax: '4820.00' });
      // 196000 − 39200 − 5000 = 151800 × 20 % − 16920 = 13440 − 4820 withheld = 8620.
      const paid = await approveAndPay(second.id, true);
      expect(paid).toMatchObject({ out_status: OutStatus.Complete, tax: '8620.00', pay_amount: '89380.00' });
      expect(JSON.parse((await stored(second.id)).tax_detail)).toMatchObject({
        cumulative_income: '196000.00',
        withheld_before: '4820.00',
        cumulative_tax: '13440.00',
      });
      // A replay of the payout start changes nothing: the withholding is final.
      await ctx.database.db.transaction().execute(async (trx) => {
        expect((await ctx.services.withdrawals.withholdTaxAtPayout(trx, first.id)).tax_fen).toBe(482_000);
      });
    });

    it('taxes a withdrawal applied on 31 December and paid on 2 January in January’s year, month count 1', async () => {
      // 31 Dec 2027, 20:00 in Beijing (12:00 UTC): still 2027 there.
      ctx.clock.set(Date.UTC(2027, 11, 31, 12, 0, 0));
      const creator = await readyCreator(ctx, 19_600_000);
      const december = await applied(creator, '98000');
      await approveAndPay(december.id);
      const applied31 = await applied(creator, '98000');
      // The estimate on 31 December counts December's payment: 8620, tax year 2027.
      expect(applied31).toMatchObject({ tax: '8620.00', tax_estimated: true });
      expect(await stored(applied31.id)).toMatchObject({ tax_year: 2027, tax_month: 12 });
      ctx.clock.set(beijingNoon(2028, 1, 2));
      // Paid 2 January 2028: nothing paid in 2028 yet, one month: 98000 − 19600 − 5000 = 73400 × 10 % − 2520 = 4820.
      expect(await approveAndPay(applied31.id)).toMatchObject({ tax: '4820.00', tax_estimated: false });
      const row = await stored(applied31.id);
      expect(row).toMatchObject({ tax_year: 2028, tax_month: 1, tax_fen: 482_000, tax_final: 1 });
      expect(JSON.parse(row.tax_detail)).toMatchObject({ tax_year: 2028, months: 1, withheld_before: '0.00' });
    });
  });

  it('shows a creator only their own withdrawals; another creator’s answers as missing', async () => {
    const owner = await readyCreator(ctx, 10_000);
    const id = (await apply(owner, '10')).json.body.id as number;
    const intruder = await newCreator(ctx);
    const detail = await get(intruder.token, `/agent/v1/sett/cash_out/detail?id=${id}`);
    expect(detail.json).toMatchObject({ code: ErrorCode.withdrawalNotFound });
    const page = await get(intruder.token, '/agent/v1/sett/cash_out/page');
    expect(page.json.body).toMatchObject({ data: [], page: { total_count: 0 } });
    const anonymous = await call(ctx.app, { method: 'GET', url: `/agent/v1/sett/cash_out/detail?id=${id}` });
    expect(anonymous.status).toBe(401);
  });
});
