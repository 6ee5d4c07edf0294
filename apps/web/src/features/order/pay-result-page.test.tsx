// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import type { OrderState } from '@cc/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../lib/session/token';
import { PayResultPage } from './pay-result-page';

const waiting: OrderState = {
  order_no: '20261126103307638778',
  order_at: '2026-11-26T02:33:07.000Z',
  expires_at: '2026-11-26T02:43:06.000Z',
  status: 'WAIT_BUYER_PAY',
  order_status: 1,
  pay_type: 1,
  price: '30.00',
  wallet_amount: '0.00',
  wallet_tax: '0.00',
  wallet_total: '0.00',
  wallet_pay_total: '0.00',
  qr_amount: '30.00',
  pay_qr_code: '',
  qr_expires_at: null,
  pay_channel: 'wap',
  pay_url: 'http://127.0.0.1/dev/alipay/gateway.do?method=alipay.trade.wap.pay',
  credit: 300,
  gift_credit: 150,
};

function answer(order: OrderState) {
  const fetchMock = vi.fn(async (url: string) => {
    const path = url.split('?')[0];
    if (path === '/agent/v1/order/get_status') return new Response(JSON.stringify({ code: 0, msg: 'ok', body: order }));
    if (path === '/agent/v1/credit/total') {
      return new Response(JSON.stringify({ code: 0, msg: 'ok', body: { total: 450, buy: 300, gift: 150 } }));
    }
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <PayResultPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('PayResultPage', () => {
  beforeEach(() => setToken('creator-token'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearToken();
  });

  it('shows the order as the server has it, whatever the return parameters claim', async () => {
    const fetchMock = answer(waiting);
    renderAt(
      `/pay/result?order_no=${waiting.order_no}&trade_status=TRADE_SUCCESS&out_trade_no=${waiting.order_no}01&sign=Zm9yZ2Vk`,
    );
    expect(await screen.findByText('等待支付结果')).toBeTruthy();
    expect(screen.queryByText('支付成功')).toBeNull();
    expect(screen.getByText('450 积分（含赠送）')).toBeTruthy();
    // Only our order number goes to the server: nothing of what was appended.
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('get_status'))!;
    expect(new URL(asked, 'http://x').searchParams.toString()).toBe(`order_no=${waiting.order_no}`);
    expect(screen.getByRole('link', { name: '继续支付' }).getAttribute('href')).toBe(waiting.pay_url);
  });

  it('says 支付成功 with the points credited once the server has the order paid', async () => {
    answer({ ...waiting, status: 'TRADE_SUCCESS', order_status: 2, pay_url: '' });
    renderAt(`/pay/result?order_no=${waiting.order_no}`);
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(screen.getByText('已到账 450 积分')).toBeTruthy();
    expect(await screen.findByText('当前积分余额 450')).toBeTruthy();
  });

  it('says 订单已关闭 for a cancelled or timed-out order', async () => {
    answer({ ...waiting, status: 'TRADE_CLOSED', order_status: 3, pay_url: '' });
    renderAt(`/pay/result?order_no=${waiting.order_no}`);
    expect(await screen.findByText('订单已关闭')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '继续支付' })).toBeNull();
  });

  // Found by the adv-ui walk: the page said 请回到首页查看积分明细 with no way to either (a dead end on a phone).
  it.each([
    ['without an order number', '/pay/result'],
    ['for an order the server does not know', '/pay/result?order_no=20260000000000000000'],
  ])('%s, leads to the points detail and home', async (_, url) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 40401, msg: '订单不存在', body: null }))),
    );
    renderAt(url);
    expect(await screen.findByRole('button', { name: '查看积分明细' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeTruthy();
  });
});
