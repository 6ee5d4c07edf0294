// @vitest-environment jsdom
// Under Vitest, Node resolves Arco to its CommonJS build (lib/), so the adapter must be that build's too.
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { WalletPayForm } from './wallet-pay-form';

type Sent = { path: string; body: unknown };

/** A fetch that answers each path from a table and records what was sent. */
function fakeServer(answers: Record<string, unknown>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.split('?')[0]!;
      // The money session is asked for on every render; the tests look at what the creator's actions sent.
      if (path !== '/agent/v1/user/money_session') {
        sent.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      }
      return new Response(JSON.stringify(answers[path] ?? { code: 40401, msg: '接口不存在', body: null }));
    }),
  );
  return sent;
}

const order = { order_no: '20261121120000123456', price: '30.00', wallet_tax: '0.00', wallet_total: '30.00' };

function renderForm(onPaid = vi.fn(), shown: typeof order = order) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WalletPayForm order={shown} phone="13800138000" onPaid={onPaid} />
    </QueryClientProvider>,
  );
  return onPaid;
}

const codeInput = () => screen.getByRole('textbox', { name: '验证码' }) as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: '确认支付' }) as HTMLButtonElement;

describe('WalletPayForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  // Arco's Message leaves timers behind; let them fire while the DOM still exists.
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 1000)));

  it('shows what the wallet pays: the price alone when nothing is withheld, else points + tax = total', () => {
    fakeServer({});
    renderForm();
    // Amounts are text beside their labels, which no role can be named by: test ids.
    expect(screen.getByTestId('wallet-total').textContent).toBe('¥30.00');
    expect(screen.queryByTestId('wallet-tax')).toBeNull();
    cleanup();
    renderForm(vi.fn(), { order_no: order.order_no, price: '255.00', wallet_tax: '6.12', wallet_total: '261.12' });
    expect(screen.getByTestId('wallet-total').textContent).toBe('¥261.12');
    const tax = screen.getByTestId('wallet-tax').textContent;
    expect(tax).toContain('积分金额¥255.00');
    expect(tax).toContain('代扣个税¥6.12');
  });

  it('keeps 确认支付 disabled until a 6-digit code is typed', () => {
    fakeServer({});
    renderForm();
    expect(screen.getByText('验证码将发送至 138****8000')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);

    fireEvent.change(codeInput(), { target: { value: '12a3-4' } });
    expect(codeInput().value).toBe('1234');
    expect(submitButton().disabled).toBe(true);

    fireEvent.blur(codeInput());
    expect(screen.getByText('验证码只能为六位数字')).toBeTruthy();

    fireEvent.change(codeInput(), { target: { value: '123456' } });
    expect(codeInput().value).toBe('123456');
    expect(submitButton().disabled).toBe(false);
    expect(screen.queryByText('验证码只能为六位数字')).toBeNull();

    fireEvent.change(codeInput(), { target: { value: '' } });
    expect(submitButton().disabled).toBe(true);
    fireEvent.blur(codeInput());
    expect(screen.getByText('验证码不能为空')).toBeTruthy();
  });

  it('sends a type-5 code to the creator’s own phone, then counts down 60 s', async () => {
    const sent = fakeServer({
      '/agent/v1/user/send_code_by_id': { code: 0, msg: '验证码已发送', body: { expires_in: 300, resend_in: 60 } },
    });
    renderForm();
    fireEvent.click(screen.getByText('获取验证码'));
    expect(await screen.findByText('60s后重新发送')).toBeTruthy();
    expect(sent).toEqual([{ path: '/agent/v1/user/send_code_by_id', body: { type: 5 } }]);
    expect((screen.getByRole('button', { name: '60s后重新发送' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('pays with the code and hands the paid order on', async () => {
    const paid = { ...order, status: 'TRADE_SUCCESS', order_status: 2 };
    const sent = fakeServer({ '/agent/v1/order/wallet_pay': { code: 0, msg: '支付成功', body: paid } });
    const onPaid = renderForm();
    fireEvent.change(codeInput(), { target: { value: '654321' } });
    await act(async () => {
      fireEvent.click(submitButton());
    });
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid));
    expect(sent).toEqual([{ path: '/agent/v1/order/wallet_pay', body: { order_no: order.order_no, code: '654321' } }]);
  });

  it('pays without a code while the money session is open, showing for how long', async () => {
    const paid = { ...order, status: 'TRADE_SUCCESS', order_status: 2 };
    const sent = fakeServer({
      '/agent/v1/user/money_session': {
        code: 0,
        msg: 'ok',
        body: { open: true, expires_at: '2026-11-26T03:00:00.000Z', expires_in: 420 },
      },
      '/agent/v1/order/wallet_pay': { code: 0, msg: '支付成功', body: paid },
    });
    const onPaid = renderForm();
    expect((await screen.findByRole('status')).textContent).toMatch(
      /已完成短信验证，0[67]:\d\d 内的资金操作无需再次输入验证码/,
    );
    expect(screen.queryByRole('textbox', { name: '验证码' })).toBeNull();
    expect(submitButton().disabled).toBe(false);
    await act(async () => {
      fireEvent.click(submitButton());
    });
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid));
    expect(sent).toEqual([{ path: '/agent/v1/order/wallet_pay', body: { order_no: order.order_no } }]);
  });

  it('shows the server’s reason when the payment is refused, else 支付失败，请重试', async () => {
    fakeServer({ '/agent/v1/order/wallet_pay': { code: 40010, msg: '验证码不正确或已失效', body: null } });
    const onPaid = renderForm();
    fireEvent.change(codeInput(), { target: { value: '654321' } });
    fireEvent.click(submitButton());
    expect((await screen.findAllByText('验证码不正确或已失效')).length).toBeGreaterThan(0);
    expect(onPaid).not.toHaveBeenCalled();

    cleanup();
    fakeServer({ '/agent/v1/order/wallet_pay': { code: 50000, msg: '', body: null } });
    renderForm();
    fireEvent.change(codeInput(), { target: { value: '654321' } });
    fireEvent.click(submitButton());
    expect((await screen.findAllByText('支付失败，请重试')).length).toBeGreaterThan(0);
  });
});
