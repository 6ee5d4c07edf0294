import { ErrorCode, OutStatus } from '@cc/contracts';
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { codeFor, readyCreator, type Creator } from '../../../test/payee-fixtures.js';
import { call, createTestApp, testDatabaseKind, type TestContext } from '../../../test/test-app.js';

const OPERATOR_TOKEN = 'operator-token-for-bank-batch-tests-0123456789';
const BATCHES = '/ops/v1/withdrawals/bank-batches';

describe(`bank batches (${testDatabaseKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const ops = (url: string, body?: unknown) => call(ctx.app, { url, token: OPERATOR_TOKEN, body });
  const opsGet = (url: string) => call(ctx.app, { method: 'GET', url, token: OPERATOR_TOKEN });
  const exportBatch = () => ops(BATCHES);
  const confirm = (batchId: number, body: unknown) => ops(`${BATCHES}/${batchId}/confirm`, body);
  const confirmFile = (batchId: number, csv: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${BATCHES}/${batchId}/confirm`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, vendor: 'default', 'content-type': 'text/csv' },
      payload: csv,
    });
  const download = (batchId: number) =>
    ctx.app.inject({
      method: 'GET',
      url: `${BATCHES}/${batchId}/file`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, vendor: 'default' },
    });
  const withdrawal = (id: number) =>
    db().selectFrom('cash_outs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const wallet = (agentId: number) =>
    db().selectFrom('wallet_accounts').selectAll().where('agent_id', '=', agentId).executeTakeFirstOrThrow();
  const debitsOf = (id: number) =>
    db().selectFrom('wallet_ledger').selectAll().where('idempotency_key', '=', `cash_out:${id}`).execute();
  const batchRows = () => db().selectFrom('bank_batch_rows').selectAll().execute();

  /** An agreed withdrawal of `amount` yuan to the creator's bank card (or Alipay). */
  async function agreed(creator: Creator, amount: string, cashOutTo: 1 | 2 = 1): Promise<number> {
    const code = await codeFor(ctx, creator, cashOutTo === 1 ? 3 : 4);
    const applied = await call(ctx.app, {
      url: '/agent/v1/sett/cash_out/apply',
      token: creator.token,
      body: { amount, cash_out_to: cashOutTo, code },
    });
    expect(applied.json.code, applied.json.msg).toBe(0);
    const id = applied.json.body.id as number;
    expect((await ops(`/ops/v1/withdrawals/${id}/approve`)).json.code).toBe(0);
    return id;
  }

  afterEach(() => expectBooksBalanced(ctx));

  it('exports agreed bank withdrawals once, to 打款中; a second export lists none; exported ones cannot be rejected', async () => {
    const first = await readyCreator(ctx, 10_000);
    const second = await readyCreator(ctx, 10_000);
    const a = await agreed(first, '80');
    const b = await agreed(second, '30');
    const alipay = await agreed(second, '5', 2);

    const created = await exportBatch();
    expect(created.json).toMatchObject({
      code: 0,
      msg: '已生成银行打款批次，共2笔，已转为打款中',
      body: {
        status: 1,
        status_text: '待确认',
        row_count: 2,
        total_pay_amount: '110.00',
        pending_count: 2,
        paid_count: 0,
        created_by: 'operator-token',
        completed_at: null,
      },
    });
    const batch = created.json.body;
    expect(batch.rows.map((r: { id: number }) => r.id)).toEqual([a, b]);
    expect(batch.rows[0]).toMatchObject({
      id: a,
      agent_id: first.agentId,
      real_name: '张三',
      bank_name: '招商银行',
      bank_card_number: '6225 **** **** 5678',
      pay_amount: '80.00',
      result: 'pending',
      result_text: '待确认',
      decided_at: null,
    });
    expect(JSON.stringify(batch)).not.toContain('6225880112345678');
    expect((await withdrawal(a)).out_status).toBe(OutStatus.Waiting);
    expect((await withdrawal(b)).out_status).toBe(OutStatus.Waiting);
    expect((await withdrawal(alipay)).out_status).toBe(OutStatus.Agreed);

    const again = await exportBatch();
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: ErrorCode.bankBatchEmpty, msg: expect.stringContaining('没有可导出') });
    const listed = await opsGet(`${BATCHES}?page_size=100`);
    expect(listed.json.body.page.total_count).toBe(1);
    expect(listed.json.body.data).toHaveLength(1);
    expect(await batchRows()).toHaveLength(2);

    const heldBefore = (await wallet(first.agentId)).held_fen;
    const rejected = await ops(`/ops/v1/withdrawals/${a}/reject`, { reason: '试图驳回已导出的提现' });
    expect(rejected.json.code).toBe(ErrorCode.withdrawalBadTransition);
    const paidOffline = await ops(`/ops/v1/withdrawals/${a}/pay`, { offline: true });
    expect(paidOffline.json.code).toBe(ErrorCode.withdrawalBadTransition);
    expect((await withdrawal(a)).out_status).toBe(OutStatus.Waiting);
    expect((await wallet(first.agentId)).held_fen).toBe(heldBefore);
    expect(await debitsOf(a)).toHaveLength(0);

    // The Alipay one is left to its own flow: reject it so no agreed withdrawal outlives the test.
    await ops(`/ops/v1/withdrawals/${alipay}/reject`, { reason: '测试结束' });
    const old = await call(ctx.app, { method: 'GET', url: '/ops/v1/withdrawals/bank-export', token: OPERATOR_TOKEN });
    expect(old.status).toBe(404);
  });

  it('serves the file again with identical bytes, card numbers in clear only there', async () => {
    const creator = await readyCreator(ctx, 10_000);
    const id = await agreed(creator, '12.34');
    const batch = (await exportBatch()).json.body;
    const one = await download(batch.id);
    const two = await download(batch.id);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toContain('text/csv');
    expect(one.headers['content-disposition']).toContain(`bank-batch-${batch.id}.csv`);
    expect(one.headers['cache-control']).toBe('no-store');
    expect(one.rawPayload.equals(two.rawPayload)).toBe(true);
    expect(createHash('sha256').update(one.rawPayload).digest('hex')).toBe(batch.file_sha256);
    expect(one.body).toBe(
      '\uFEFF"提现编号","收款人姓名","开户银行","银行卡号","打款金额（元）","申请时间"\r\n' +
        `"${id}","张三","招商银行","6225880112345678","12.34","${new Date((await withdrawal(id)).created_at).toISOString()}"\r\n`,
    );
    // Deciding rows changes nothing in the file.
    await confirm(batch.id, [{ id, result: 'paid', bank_ref: 'B-FILE-1' }]);
    expect((await download(batch.id)).rawPayload.equals(one.rawPayload)).toBe(true);
    expect((await download(999_999)).json()).toMatchObject({ code: ErrorCode.bankBatchNotFound });
  });

  it('splits the withdrawals of parallel exports without overlap, and a withdrawal has one live row at most', async () => {
    const creators = [await readyCreator(ctx, 10_000), await readyCreator(ctx, 10_000)];
    const ids: number[] = [];
    for (const creator of creators) for (const amount of ['11', '12', '13']) ids.push(await agreed(creator, amount));

    const answers = await Promise.all(Array.from({ length: 4 }, () => exportBatch()));
    const made = answers.filter((a) => a.json.code === 0).map((a) => a.json.body);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.json.code !== 0)) expect(a.json.code).toBe(ErrorCode.bankBatchEmpty);
    const exported = made.flatMap((b) => b.rows.map((r: { id: number }) => r.id)).sort((x, y) => x - y);
    expect(exported).toEqual(ids);
    for (const id of ids) expect((await withdrawal(id)).out_status).toBe(OutStatus.Waiting);
    const rows = (await batchRows()).filter((r) => ids.includes(r.cash_out_id));
    expect(rows).toHaveLength(ids.length);

    // The database itself refuses a second live row of a withdrawal, whatever the code above does.
    const { id: rowId, ...live } = rows[0]!;
    const spare = await db()
      .insertInto('bank_batches')
      .values({ status: 1, row_count: 1, total_pay_fen: 0, file_sha256: '', created_by: 'test', created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(rowId).toBeGreaterThan(0);
    await expect(
      db()
        .insertInto('bank_batch_rows')
        .values({ ...live, batch_id: Number(spare.id) })
        .execute(),
    ).rejects.toThrow();
    await db().deleteFrom('bank_batches').where('id', '=', Number(spare.id)).execute();

    const decisions = ids.map((id) => ({ id, result: 'paid' as const, bank_ref: `P-${id}` }));
    for (const b of made) {
      const mine = decisions.filter((d) => b.rows.some((r: { id: number }) => r.id === d.id));
      expect((await confirm(b.id, mine)).json.body.status).toBe(2);
    }
  });

  it('completes a paid row with the bank reference and one debit, even confirmed twice or concurrently', async () => {
    const creator = await readyCreator(ctx, 10_000);
    const id = await agreed(creator, '70');
    const other = await agreed(creator, '10');
    const batch = (await exportBatch()).json.body;
    const decision = [{ id, result: 'paid', bank_ref: 'CMB20261121-0001' }];

    const answers = await Promise.all(Array.from({ length: 6 }, () => confirm(batch.id, decision)));
    for (const a of answers) expect(a.json.code, a.json.msg).toBe(0);
    expect(await withdrawal(id)).toMatchObject({
      out_status: OutStatus.Complete,
      pay_order_id: 'CMB20261121-0001',
      is_offline: 1,
      reason: '',
    });
    expect(await debitsOf(id)).toMatchObject([{ amount_fen: -7_000 }]);
    expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 3_000, held_fen: 1_000 });
    expect((await confirm(batch.id, decision)).json.code).toBe(0);
    expect(await debitsOf(id)).toHaveLength(1);

    const conflict = await confirm(batch.id, [{ id, result: 'returned', reason: '户名不符' }]);
    expect(conflict.status).toBe(409);
    expect(conflict.json).toMatchObject({
      code: ErrorCode.bankBatchDecisionConflict,
      msg: `提现编号 ${id} 已确认为“已打款”，不能再确认为“银行退回”`,
    });
    const otherRef = await confirm(batch.id, [{ id, result: 'paid', bank_ref: 'CMB-OTHER' }]);
    expect(otherRef.json.code).toBe(ErrorCode.bankBatchDecisionConflict);
    expect((await withdrawal(id)).pay_order_id).toBe('CMB20261121-0001');

    const detail = (await opsGet(`${BATCHES}/${batch.id}`)).json.body;
    expect(detail).toMatchObject({ status: 1, paid_count: 1, pending_count: 1 });
    expect(detail.rows.find((r: { id: number }) => r.id === id)).toMatchObject({
      result: 'paid',
      result_text: '已打款',
      bank_ref: 'CMB20261121-0001',
      decided_by: 'operator-token',
    });
    const listed = await opsGet('/ops/v1/withdrawals?status=5&cash_out_to=1&page_size=100');
    expect(listed.json.body.data.find((w: { id: number }) => w.id === id)).toMatchObject({
      pay_order_id: 'CMB20261121-0001',
      is_offline: 1,
    });
    const seen = await call(ctx.app, {
      method: 'GET',
      url: `/agent/v1/sett/cash_out/detail?id=${id}`,
      token: creator.token,
    });
    expect(seen.json.body).toMatchObject({ out_status: 5, out_status_text: '提现成功' });

    const done = await confirm(batch.id, [{ id: other, result: 'paid', bank_ref: 'CMB20261121-0002' }]);
    expect(done.json.body).toMatchObject({ status: 2, status_text: '已完成', paid_count: 2, pending_count: 0 });
    expect(done.json.body.completed_at).not.toBeNull();
    expect(
      (await opsGet(`${BATCHES}?status=2&page_size=100`)).json.body.data.map((b: { id: number }) => b.id),
    ).toContain(batch.id);
  });

  it('returns a row to 已同意 with the reason (then into a later batch) and rejects another with its hold released', async () => {
    const creator = await readyCreator(ctx, 10_000);
    const back = await agreed(creator, '40');
    const gone = await agreed(creator, '25');
    const batch = (await exportBatch()).json.body;
    const reason = `退回 100% "户名不符" 'x' _%_`;
    const answer = await confirm(batch.id, [
      { id: back, result: 'returned', reason },
      { id: gone, result: 'rejected', reason: '收款卡已注销，请更换银行卡后重新申请' },
    ]);
    expect(answer.json.code, answer.json.msg).toBe(0);
    expect(answer.json.body).toMatchObject({ status: 2, returned_count: 1, rejected_count: 1 });
    expect(answer.json.body.rows.find((r: { id: number }) => r.id === back)).toMatchObject({
      result: 'returned',
      reason,
    });
    expect(await withdrawal(back)).toMatchObject({ out_status: OutStatus.Agreed, reason: `银行退回：${reason}` });
    expect(await withdrawal(gone)).toMatchObject({
      out_status: OutStatus.Rejected,
      reason: '收款卡已注销，请更换银行卡后重新申请',
    });
    expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 10_000, held_fen: 4_000 });
    expect(await debitsOf(back)).toHaveLength(0);

    const later = (await exportBatch()).json.body;
    expect(later.rows.map((r: { id: number }) => r.id)).toEqual([back]);
    expect((await withdrawal(back)).reason).toBe('');
    const repeat = await confirm(batch.id, [{ id: back, result: 'returned', reason }]);
    expect(repeat.json.code).toBe(0);
    expect((await withdrawal(back)).out_status).toBe(OutStatus.Waiting);
    const paid = await confirm(later.id, [{ id: back, result: 'paid', bank_ref: 'CMB-LATER-1' }]);
    expect(paid.json.body.status).toBe(2);
    expect(await wallet(creator.agentId)).toMatchObject({ balance_fen: 6_000, held_fen: 0 });
  });

  it('confirms from the bank result file (text/csv), all or nothing', async () => {
    const creator = await readyCreator(ctx, 10_000);
    const [a, b, c] = [await agreed(creator, '10'), await agreed(creator, '20'), await agreed(creator, '30')];
    const batch = (await exportBatch()).json.body;

    const noHeader = await confirmFile(batch.id, `${a},成功,R1,\r\n`);
    expect(noHeader.json()).toMatchObject({ code: ErrorCode.bankResultFileInvalid });
    const badWord = await confirmFile(batch.id, `提现编号,结果,银行流水号,原因\r\n${a},成功,R1,\r\n${b},失败,,\r\n`);
    expect(badWord.json()).toMatchObject({
      code: ErrorCode.bankResultFileInvalid,
      msg: '银行结果文件第3行：结果应为“成功”或“退回”',
    });
    const noRef = await confirmFile(batch.id, `提现编号,结果,银行流水号,原因\r\n${a},成功,,\r\n`);
    expect(noRef.json()).toMatchObject({ code: ErrorCode.validation, msg: `提现编号 ${a} 已打款：请填写银行流水号` });
    expect((await batchRows()).filter((r) => r.batch_id === batch.id).map((r) => r.result)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);

    // Columns in the bank's order, a BOM, quoted cells; c is not in the file and stays undecided.
    const file = `\uFEFF原因,提现编号,银行流水号,结果\r\n"",${a},"CMB-F-1",成功\n"账户冻结, 请核实",${b},,退回\r\n`;
    const answer = await confirmFile(batch.id, file);
    expect(answer.json()).toMatchObject({ code: 0, body: { status: 1, paid_count: 1, returned_count: 1 } });
    expect(await withdrawal(a)).toMatchObject({ out_status: OutStatus.Complete, pay_order_id: 'CMB-F-1' });
    expect(await withdrawal(b)).toMatchObject({ out_status: OutStatus.Agreed, reason: '银行退回：账户冻结, 请核实' });
    expect((await withdrawal(c)).out_status).toBe(OutStatus.Waiting);
    expect((await confirmFile(batch.id, file)).json().code).toBe(0);
    expect(await debitsOf(a)).toHaveLength(1);

    await confirm(batch.id, [{ id: c, result: 'rejected', reason: '测试结束' }]);
    const again = (await exportBatch()).json.body;
    await confirm(again.id, [{ id: b, result: 'rejected', reason: '测试结束' }]);
  });

  it('fixes the tax at the export, from what is paid or paying, and the file pays the final figure', async () => {
    const creator = await readyCreator(ctx, 19_600_000);
    const a = await agreed(creator, '98000');
    const b = await agreed(creator, '98000');
    // At apply both are estimates of 4820: nothing is paid yet. 98000 − 19600 − 5000 = 73400 × 10 % − 2520 = 4820.
    expect((await withdrawal(b)).tax_fen).toBe(482_000);
    expect((await withdrawal(b)).tax_final).toBe(0);
    const batchId = (await exportBatch()).json.body.id as number;
    // Exported in order: a first (4820), then b with a in its history:
    // 196000 − 39200 − 5000 = 151800 × 20 % − 16920 = 13440 − 4820 = 8620.
    expect([(await withdrawal(a)).tax_fen, (await withdrawal(b)).tax_fen]).toEqual([482_000, 862_000]);
    expect([(await withdrawal(a)).tax_final, (await withdrawal(b)).tax_final]).toEqual([1, 1]);
    const file = (await download(batchId)).body;
    const lineOf = (id: number) => file.split('\r\n').find((line) => line.startsWith(`"${id}",`));
    expect(lineOf(a)).toContain('"93180.00"');
    expect(lineOf(b)).toContain('"89380.00"');
    // a is returned by the bank (paid nothing), b paid: a is taxed afresh at its next export, with b in its history.
    const decided = await confirm(batchId, [
      { id: a, result: 'returned', reason: '账户异常' },
      { id: b, result: 'paid', bank_ref: 'BANK-TAX-1' },
    ]);
    expect(decided.json.code, decided.json.msg).toBe(0);
    expect((await withdrawal(a)).out_status).toBe(OutStatus.Agreed);
    await exportBatch();
    // 196000 cumulative again, 8620 withheld before: 13440 − 8620 = 4820.
    expect(await withdrawal(a)).toMatchObject({ out_status: OutStatus.Waiting, tax_fen: 482_000, tax_final: 1 });
    expect(JSON.parse((await withdrawal(a)).tax_detail)).toMatchObject({ withheld_before: '8620.00' });
  });

  it('answers bad inputs with clear errors and changes nothing', async () => {
    const creator = await readyCreator(ctx, 10_000);
    const id = await agreed(creator, '50');
    const batch = (await exportBatch()).json.body;
    const stranger = await agreed(creator, '5');
    const otherBatch = (await exportBatch()).json.body;
    const before = await batchRows();
    const walletBefore = await wallet(creator.agentId);

    const unknown = await confirm(999_999, [{ id, result: 'paid', bank_ref: 'R' }]);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: ErrorCode.bankBatchNotFound, msg: '银行打款批次不存在' });
    expect((await opsGet(`${BATCHES}/999999`)).json.code).toBe(ErrorCode.bankBatchNotFound);

    const notInBatch = await confirm(batch.id, [
      { id, result: 'paid', bank_ref: 'R-1' },
      { id: stranger, result: 'paid', bank_ref: 'R-2' },
    ]);
    expect(notInBatch.status).toBe(404);
    expect(notInBatch.json).toMatchObject({
      code: ErrorCode.bankBatchRowMissing,
      msg: `提现编号 ${stranger} 不在批次 ${batch.id} 中`,
    });

    const invalid: [unknown, string][] = [
      [[{ id: 'abc', result: 'paid', bank_ref: 'R' }], '提现编号应为数字'],
      [[{ id, result: 'lost', bank_ref: 'R' }], '结果只能是 paid（已打款）、returned（银行退回）或 rejected（驳回）'],
      [[{ id, result: 'paid' }], `提现编号 ${id} 已打款：请填写银行流水号`],
      [[{ id, result: 'returned', reason: '   ' }], `提现编号 ${id} 退回或驳回：请填写原因`],
      [[{ id, result: 'paid', bank_ref: 12 }], '银行流水号应为文字'],
      [[{ id, result: 'rejected', reason: '%'.repeat(201) }], '原因不能超过200个字'],
      [
        [
          { id, result: 'paid', bank_ref: 'R' },
          { id, result: 'returned', reason: 'x' },
        ],
        `提现编号 ${id} 出现了多次`,
      ],
      [{ id, result: 'paid', bank_ref: 'R' }, '请提交确认结果列表'],
      [[], '请至少提交一笔确认结果'],
    ];
    for (const [body, msg] of invalid) {
      const answer = await confirm(batch.id, body);
      expect(answer.json, JSON.stringify(body)).toMatchObject({ code: ErrorCode.validation, msg });
    }
    expect((await opsGet(`${BATCHES}/abc`)).json).toMatchObject({ code: ErrorCode.validation, msg: '批次编号不正确' });
    expect((await opsGet(`${BATCHES}?status=7`)).json.code).toBe(ErrorCode.validation);
    const anonymous = await call(ctx.app, { url: BATCHES });
    expect(anonymous.json.code).toBe(ErrorCode.operatorUnauthorized);

    expect(await batchRows()).toEqual(before);
    expect(await wallet(creator.agentId)).toEqual(walletBefore);
    expect((await withdrawal(id)).out_status).toBe(OutStatus.Waiting);
    expect(await debitsOf(id)).toHaveLength(0);

    await confirm(batch.id, [{ id, result: 'rejected', reason: '测试结束' }]);
    await confirm(otherBatch.id, [{ id: stranger, result: 'rejected', reason: '测试结束' }]);
  });
});
