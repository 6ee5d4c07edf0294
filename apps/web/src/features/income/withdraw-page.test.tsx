// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { withdrawalRecordSchema } from '@cc/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  contract,
  fail,
  fakeServer,
  first,
  ok,
  renderPage,
  tax,
  userInfo,
  withdrawal,
  type SentRequest,
} from './income-test-kit';
import { clearToken, setToken } from '../../lib/session/token';
import { WithdrawPage } from './withdraw-page';

const applied = withdrawalRecordSchema.parse({
  ...withdrawal,
  id: 21,
  out_status: 1,
  out_status_text: '已提交',
  out_status_style: 'waiting',
  amount: '4321.09',
  pre_pay_amount: '4321.09',
  tax: '12.63',
  pay_amount: '4308.46',
  reason: '',
});

const codeSent = ok({ expires_in: 300, resend_in: 60 });

const ready = {
  '/agent/v1/sett/cash_out/first': ok(first),
  '/agent/v1/sett/cash_out/tax': ok(tax),
  '/agent/v1/user/send_code_by_id': codeSent,
  '/agent/v1/sett/cash_out/apply': ok(applied),
};

const byPath = (sent: SentRequest[], path: string) => sent.filter((request) => request.path === `/agent/v1${path}`);
const field = (name: string, scope: HTMLElement = document.body) =>
  within(scope).getByRole('textbox', { name }) as HTMLInputElement;
const button = (name: string | RegExp, scope: HTMLElement = document.body) =>
  within(scope).getByRole('button', { name }) as HTMLButtonElement;
/** 银行卡 or 支付宝 of the withdraw method: a radio named by its kind and account. */
const method = (kind: string) => screen.getByRole('radio', { name: new RegExp(`^${kind}`) });
const dialog = (name: string) => screen.findByRole('dialog', { name });
// The balance, the tax preview's figures and the identity on file are text beside their labels, which no role is
// named by: test ids.

/** The agreement's three calls: unsigned until `sign_contract` is called, signed afterwards. */
function unsignedUntilSigned() {
  let signed = false;
  return {
    '/agent/v1/sett/cash_out/first': () => ok({ ...first, sign_status: signed ? 1 : 0 }),
    '/agent/v1/user/get_sign_contract': ok(contract),
    '/agent/v1/user/sign_contract': () => {
      signed = true;
      return ok({
        sign_status: 1,
        sign_phone: '138****8000',
        signed_at: '2026-11-23T06:00:00.000Z',
        version: '2026-11',
      });
    },
  };
}

describe('WithdrawPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 1000)));

  it('fills 全部提现, previews the tax once typing pauses, and submits to the Alipay account', async () => {
    const sent = fakeServer(ready);
    renderPage(<WithdrawPage />, '/income/withdraw');
    expect((await screen.findByTestId('withdraw-can-out')).textContent).toBe('¥4,321.09');
    expect(method('支付宝').getAttribute('aria-checked')).toBe('true');
    expect(method('银行卡').textContent).toContain('未添加');

    fireEvent.click(button('全部提现'));
    expect(field('提现金额').value).toBe('4321.09');
    expect((await screen.findByTestId('tax-pay')).textContent).toBe('¥4,308.46');
    expect(screen.getByTestId('tax-tax').textContent).toBe('¥12.63');
    expect(screen.getByText('代扣个税（预估）')).toBeTruthy();
    expect(screen.getByText(/以打款时为准$/)).toBeTruthy();
    expect(byPath(sent, '/sett/cash_out/tax')).toEqual([
      expect.objectContaining({ method: 'POST', body: { amount: '4321.09' } }),
    ]);

    fireEvent.click(button('获取验证码'));
    await screen.findByText('60s后重新发送');
    expect(byPath(sent, '/user/send_code_by_id')[0]!.body).toEqual({ type: 4 });

    fireEvent.change(field('验证码'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(button('确认提现'));
    });
    expect(await screen.findByText('提现申请已提交')).toBeTruthy();
    expect(screen.getByText(/^预计到账 ¥4,308.46（个税为预估/)).toBeTruthy();
    expect(byPath(sent, '/sett/cash_out/apply')[0]!.body).toEqual({
      amount: '4321.09',
      cash_out_to: 2,
      code: '123456',
    });
  });

  it('asks for the tax only once the typing pauses, and never for an amount above the balance', async () => {
    const sent = fakeServer(ready);
    renderPage(<WithdrawPage />, '/income/withdraw');
    await screen.findByRole('textbox', { name: '提现金额' });
    for (const value of ['1', '10', '100']) fireEvent.change(field('提现金额'), { target: { value } });
    await screen.findByText(/以打款时为准$/);
    expect(byPath(sent, '/sett/cash_out/tax').map((r) => r.body)).toEqual([{ amount: '100.00' }]);

    fireEvent.change(field('提现金额'), { target: { value: '5000' } });
    fireEvent.blur(field('提现金额'));
    expect(await screen.findByText('提现金额不能超过可提现金额')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(byPath(sent, '/sett/cash_out/tax')).toHaveLength(1);
  });

  it('never shows a kind without an account as chosen: picking it opens the form that adds one', async () => {
    fakeServer({ ...ready, '/agent/v1/sett/cash_out/first': ok({ ...first, alipay: null, bank: null }) });
    renderPage(<WithdrawPage />, '/income/withdraw');
    const bank = await screen.findByRole('radio', { name: /^银行卡/ });
    expect([bank, method('支付宝')].map((m) => m.getAttribute('aria-checked'))).toEqual(['false', 'false']);
    // The chosen kind's tick is a decorative icon, without a role: found by its class.
    expect(bank.querySelector('.arco-icon-check-circle-fill')).toBeNull();
    fireEvent.change(field('提现金额'), { target: { value: '10' } });
    // No code is asked for a method without an account.
    expect(screen.queryByRole('textbox', { name: '验证码' })).toBeNull();
    fireEvent.click(button('确认提现'));
    expect(await screen.findByText('请先添加银行卡收款账户')).toBeTruthy();
    fireEvent.click(bank);
    expect(await screen.findByText('银行卡信息')).toBeTruthy();
    expect(bank.getAttribute('aria-checked')).toBe('false');
  });

  it('shows the server’s refusal of a withdrawal', async () => {
    fakeServer({ ...ready, '/agent/v1/sett/cash_out/apply': fail(40022, '可提现金额不足') });
    renderPage(<WithdrawPage />, '/income/withdraw');
    fireEvent.change(await screen.findByRole('textbox', { name: '提现金额' }), { target: { value: '10' } });
    fireEvent.change(field('验证码'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(button('确认提现'));
    });
    expect((await screen.findAllByText('可提现金额不足')).length).toBeGreaterThan(0);
  });

  it('waits, disabled and saying why, while nothing can be withdrawn', async () => {
    const sent = fakeServer({ ...ready, '/agent/v1/sett/cash_out/first': ok({ ...first, can_out: '0.00' }) });
    renderPage(<WithdrawPage />, '/income/withdraw');
    expect(await screen.findByText('暂无可提现金额，收益结算后可提现')).toBeTruthy();
    expect(field('提现金额').disabled).toBe(true);
    expect(button('全部提现').disabled).toBe(true);
    expect(button('确认提现').disabled).toBe(true);
    expect(byPath(sent, '/sett/cash_out/apply')).toEqual([]);
  });

  it('leads back to /income, and 查看提现记录 to its records', async () => {
    fakeServer(ready);
    const router = renderPage(<WithdrawPage />, '/income/withdraw');
    fireEvent.click(await screen.findByRole('button', { name: '查看提现记录' }));
    await waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/income', hash: '#cash-out' }));
    await act(() => router.navigate('/income/withdraw'));
    fireEvent.click(await screen.findByRole('button', { name: '返回我的收益' }));
    await waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/income', hash: '' }));
  });

  it('signs the agreement with its own code (type 6) when it is unsigned', async () => {
    const sent = fakeServer({
      ...ready,
      ...unsignedUntilSigned(),
    });
    renderPage(<WithdrawPage />, '/income/withdraw');
    fireEvent.click(await screen.findByRole('button', { name: '签署协议' }));
    const agreement = await dialog('服务协议');
    expect((await within(agreement).findByRole('region', { name: '劳务服务协议' })).textContent).toContain(
      '第一条 服务内容',
    );
    fireEvent.click(button('获取验证码', agreement));
    await screen.findByText('60s后重新发送');
    expect(byPath(sent, '/user/send_code_by_id')[0]!.body).toEqual({ type: 6 });
    fireEvent.change(field('验证码', agreement), { target: { value: '654321' } });
    await act(async () => {
      fireEvent.click(button('同意并签署', agreement));
    });
    expect(await screen.findByText('已签署服务协议')).toBeTruthy();
    expect(byPath(sent, '/user/sign_contract')[0]!.body).toEqual({ code: '654321' });
  });

  it('adds a bank card: the ID is judged by the contracts’ validator, then a type-3 code saves it', async () => {
    const sent = fakeServer({ ...ready, '/agent/v1/user/update_bank': ok(null) });
    renderPage(<WithdrawPage />, '/income/withdraw');
    fireEvent.click(await screen.findByRole('button', { name: '添加账户（银行卡）' }));
    const form = await dialog('银行卡信息');
    expect(field('真实姓名', form).value).toBe('张三');

    fireEvent.change(field('身份证号', form), { target: { value: '110101199003071234' } });
    fireEvent.blur(field('身份证号', form));
    expect(await screen.findByText('身份证号码不正确')).toBeTruthy();
    fireEvent.change(field('身份证号', form), { target: { value: '11010119900307002X' } });
    await waitFor(() => expect(screen.queryByText('身份证号码不正确')).toBeNull());

    fireEvent.click(button('保存', form));
    expect(await screen.findByText('请从列表中选择开户银行')).toBeTruthy();
    expect(byPath(sent, '/user/update_bank')).toHaveLength(0);

    fireEvent.click(within(form).getByRole('combobox', { name: '开户银行' }));
    fireEvent.click(await screen.findByRole('option', { name: '招商银行' }));
    fireEvent.change(field('银行卡号', form), { target: { value: '6225 8801 2345 1234' } });
    fireEvent.change(field('预留手机号', form), { target: { value: '13800138000' } });
    fireEvent.click(button('获取验证码', form));
    await screen.findByText('60s后重新发送');
    expect(byPath(sent, '/user/send_code_by_id')[0]!.body).toEqual({ type: 3 });
    fireEvent.change(field('验证码', form), { target: { value: '112233' } });
    await act(async () => {
      fireEvent.click(button('保存', form));
    });
    await waitFor(() => expect(byPath(sent, '/user/update_bank')).toHaveLength(1));
    expect(byPath(sent, '/user/update_bank')[0]!.body).toEqual({
      real_name: '张三',
      id_card_number: '11010119900307002X',
      bank_name: '招商银行',
      account_no: '6225 8801 2345 1234',
      reserve_phone: '13800138000',
      code: '112233',
    });
  });

  it('before a real name, offers a payee account instead of the agreement, and asks for no code', async () => {
    const sent = fakeServer({
      ...ready,
      '/agent/v1/sett/cash_out/first': ok({ ...first, has_real_name: false, sign_status: 0, alipay: null }),
    });
    renderPage(<WithdrawPage />, '/income/withdraw');
    fireEvent.click(await screen.findByRole('button', { name: '添加收款账户' }));
    expect(screen.getByText('提现前需签署服务协议：请先添加收款账户并完成实名')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '签署协议' })).toBeNull();
    const form = await dialog('银行卡信息');
    expect(within(form).getByRole('textbox', { name: '真实姓名' })).toBeTruthy();
    expect(byPath(sent, '/user/get_sign_contract')).toHaveLength(0);
    expect(byPath(sent, '/user/send_code_by_id')).toHaveLength(0);
    // The payee form's code field is its own; the withdraw form has none.
    expect(screen.getAllByRole('textbox', { name: '验证码' }).filter((box) => !form.contains(box))).toEqual([]);
  });

  it('saving a payee account inside the withdraw form does not submit the withdrawal too', async () => {
    const sent = fakeServer({
      ...ready,
      '/agent/v1/user/money_session': ok({ open: true, expires_at: '2026-11-26T03:00:00.000Z', expires_in: 540 }),
      '/agent/v1/user/update_bank': ok(null),
    });
    renderPage(<WithdrawPage />, '/income/withdraw');
    fireEvent.change(await screen.findByRole('textbox', { name: '提现金额' }), { target: { value: '100' } });
    await screen.findByText(/内的资金操作无需再次输入验证码/);
    fireEvent.click(button('添加账户（银行卡）'));
    const form = await dialog('银行卡信息');
    fireEvent.change(field('身份证号', form), { target: { value: '11010119900307002X' } });
    fireEvent.click(within(form).getByRole('combobox', { name: '开户银行' }));
    fireEvent.click(await screen.findByRole('option', { name: '招商银行' }));
    fireEvent.change(field('银行卡号', form), { target: { value: '6225880123451234' } });
    fireEvent.change(field('预留手机号', form), { target: { value: '13800138000' } });
    fireEvent.change(field('验证码', form), { target: { value: '112233' } });
    await act(async () => {
      fireEvent.click(button('保存', form));
    });
    await waitFor(() => expect(byPath(sent, '/user/update_bank')).toHaveLength(1));
    expect(byPath(sent, '/sett/cash_out/apply')).toHaveLength(0);
  });

  it('inside a money session: no code field, the agreement and the withdrawal go without a code', async () => {
    const sent = fakeServer({
      ...ready,
      '/agent/v1/user/money_session': ok({ open: true, expires_at: '2026-11-26T03:00:00.000Z', expires_in: 540 }),
      ...unsignedUntilSigned(),
    });
    renderPage(<WithdrawPage />, '/income/withdraw');
    fireEvent.click(await screen.findByRole('button', { name: '签署协议' }));
    const agreement = await dialog('服务协议');
    const notice = await within(agreement).findByText(/内的资金操作无需再次输入验证码/);
    expect(notice.getAttribute('role')).toBe('status');
    expect(within(agreement).queryByRole('textbox', { name: '验证码' })).toBeNull();
    await act(async () => {
      fireEvent.click(button('同意并签署', agreement));
    });
    expect(await screen.findByText('已签署服务协议')).toBeTruthy();
    expect(byPath(sent, '/user/sign_contract')[0]!.body).toEqual({});

    expect((await screen.findByText(/内的资金操作无需再次输入验证码/)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('textbox', { name: '验证码' })).toBeNull();

    fireEvent.change(field('提现金额'), { target: { value: '100' } });
    await act(async () => {
      fireEvent.click(button('确认提现'));
    });
    expect(await screen.findByText('提现申请已提交')).toBeTruthy();
    expect(byPath(sent, '/sett/cash_out/apply')[0]!.body).toEqual({ amount: '100.00', cash_out_to: 2 });
    expect(byPath(sent, '/user/send_code_by_id')).toHaveLength(0);
  });

  it('adds Alipay for a creator with a verified identity: name and masked ID shown, not typed again', async () => {
    setToken('token-of-the-test');
    const sent = fakeServer({
      ...ready,
      '/agent/v1/sett/cash_out/first': ok({
        ...first,
        alipay: null,
        bank: { bank_name: '招商银行', account_no: '6225 **** **** 1234', real_name: '张三' },
      }),
      '/agent/v1/user/info': ok({ ...userInfo, real_name: '张三', id_card_number: '1101**********002X' }),
      '/agent/v1/user/update_alipay': ok(null),
    });
    renderPage(<WithdrawPage />, '/income/withdraw');
    await screen.findByTestId('withdraw-can-out');
    await waitFor(() => expect(byPath(sent, '/user/info')).toHaveLength(1));
    fireEvent.click(button('添加账户（支付宝）'));
    const form = await dialog('支付宝信息');
    const identity = within(form).getByTestId('payee-identity');
    expect(identity.textContent).toContain('张三');
    expect(identity.textContent).toContain('1101**********002X');
    expect(within(form).queryByRole('textbox', { name: '真实姓名' })).toBeNull();
    expect(within(form).queryByRole('textbox', { name: '身份证号' })).toBeNull();
    fireEvent.change(field('支付宝账号', form), { target: { value: 'zhangsan@example.com' } });
    fireEvent.change(field('验证码', form), { target: { value: '112233' } });
    await act(async () => {
      fireEvent.click(button('保存', form));
    });
    await waitFor(() => expect(byPath(sent, '/user/update_alipay')).toHaveLength(1));
    expect(byPath(sent, '/user/update_alipay')[0]!.body).toEqual({
      account_no: 'zhangsan@example.com',
      code: '112233',
    });
    clearToken();
  });

  it('shows the generic load failure with retry when the page’s data cannot be read', async () => {
    let calls = 0;
    fakeServer({ ...ready, '/agent/v1/sett/cash_out/first': () => (calls++ === 0 ? fail(-1, '') : ok(first)) });
    renderPage(<WithdrawPage />, '/income/withdraw');
    expect(await screen.findByText('获取数据失败，请重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('withdraw-can-out')).toBeTruthy();
  });
});
