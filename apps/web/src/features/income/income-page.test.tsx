// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IncomePage } from './income-page';
import {
  aggr,
  aggregation,
  appList,
  emptyAggregation,
  emptyPage,
  fail,
  fakeServer,
  ok,
  orders,
  purchase,
  renderPage,
  withdrawal,
  withdrawals,
  zeroAggr,
} from './income-test-kit';

// ECharts needs a canvas, which jsdom lacks: the chart's loader hands back a recorder instead.
const chart = vi.hoisted(() => ({ setOption: vi.fn(), init: vi.fn() }));
vi.mock('./components/load-echarts', () => ({
  loadEcharts: async () => ({
    init: (element: HTMLElement) => {
      chart.init(element);
      return { setOption: chart.setOption, resize: () => {}, dispose: () => {} };
    },
  }),
}));

const living = {
  '/agent/v1/sett/order/aggr': ok(aggr),
  '/agent/v1/sett/order/aggregation': ok(aggregation),
  '/agent/v1/sett/order/page': ok(orders),
  '/agent/v1/sett/app/list': ok(appList),
  '/agent/v1/sett/cash_out/page': ok(withdrawals),
  '/agent/v1/sett/cash_out/detail': ok(withdrawal),
};

/** The records of a list section (分成订单, 提现记录): its cards, the layout of a phone, which jsdom is. */
async function cardsOf(section: string) {
  return within(await screen.findByRole('region', { name: section })).findAllByRole('listitem');
}

/** A cash-out card's own button, which opens its detail; its name starts with the record's type. */
const openButton = (card: HTMLElement, type: string) =>
  within(card).getByRole('button', { name: new RegExp(`^${type}`) });

// Figures, amounts and status tags are text beside their labels or in a row, which no role is named by: test ids.
describe('IncomePage', () => {
  beforeEach(() => {
    chart.setOption.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 1000)));

  it('shows the headline figures as ¥ with two decimals and leads to the withdraw page', async () => {
    fakeServer(living);
    const router = renderPage(<IncomePage />);
    expect((await screen.findByTestId('can-out')).textContent).toBe('¥4,321.09');
    expect(screen.getByTestId('figure-today').textContent).toBe('¥12.30');
    expect(screen.getByTestId('figure-to_be_settled').textContent).toBe('¥678.90');
    fireEvent.click(screen.getByRole('button', { name: '提现' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/income/withdraw'));
  });

  it('draws the daily income of the last 30 Beijing days', async () => {
    const sent = fakeServer(living);
    renderPage(<IncomePage />);
    await waitFor(() => expect(chart.setOption).toHaveBeenCalled());
    const option = chart.setOption.mock.calls[0]![0] as { series: { data: number[] }[]; xAxis: { data: string[] } };
    expect(option.xAxis.data).toEqual(['11-22']);
    expect(option.series[0]!.data).toEqual([12]);
    const query = sent.find((request) => request.path === '/agent/v1/sett/order/aggregation')!.query;
    const days = (Date.parse(query.get('end_date')!) - Date.parse(query.get('start_date')!)) / 86_400_000 + 1;
    expect(days).toBe(30);
  });

  it('lists share orders with their settlement status and the expected settlement day', async () => {
    fakeServer(living);
    renderPage(<IncomePage />);
    const rows = await cardsOf('分成订单');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('总裁的替身新娘');
    expect(rows[0]!.textContent).toContain('¥6.00');
    expect(within(rows[0]!).getByTestId('sett-status').textContent).toBe('待结算');
    expect(rows[0]!.textContent).toContain('预计 2026-11-23 结算');
    expect(within(rows[1]!).getByTestId('sett-status').textContent).toBe('已结算');
    expect(rows[1]!.textContent).toContain('-¥3.00');
    expect(rows[1]!.textContent).toContain('推广人：小王');
    expect(rows[0]!.textContent).not.toContain('推广人');
  });

  it('filters share orders by settlement status and starts again from page 1', async () => {
    const sent = fakeServer(living);
    renderPage(<IncomePage />);
    await cardsOf('分成订单');
    fireEvent.click(screen.getByRole('combobox', { name: '结算状态' }));
    fireEvent.click(await screen.findByRole('option', { name: '已结算' }));
    await waitFor(() =>
      expect(sent.some((r) => r.path === '/agent/v1/sett/order/page' && r.query.get('sett_status') === '2')).toBe(true),
    );
    const last = sent.filter((r) => r.path === '/agent/v1/sett/order/page').at(-1)!;
    expect(last.query.get('page_num')).toBe('1');
  });

  it('exports the filtered share orders as the xlsx the server names', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const sent = fakeServer({
      ...living,
      '/agent/v1/sett/data/export': new Response(new Blob(['xlsx']), {
        headers: { 'content-disposition': "attachment; filename*=UTF-8''%E5%88%86%E6%88%90%E8%AE%A2%E5%8D%95.xlsx" },
      }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage(<IncomePage />);
    await cardsOf('分成订单');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('分成订单.xlsx');
    expect(sent.find((r) => r.path === '/agent/v1/sett/data/export')!.query.get('kind')).toBe('orders');
    click.mockRestore();
  });

  it('shows the cash-out history with the status texts and style groups, and a record’s detail', async () => {
    fakeServer(living);
    renderPage(<IncomePage />);
    const rows = await cardsOf('提现记录');
    const tags = rows.map((row) => within(row).getByTestId('out-status'));
    expect(tags.map((tag) => [tag.textContent, tag.dataset.style])).toEqual([
      ['提现成功', 'complete'],
      ['已驳回', 'reject'],
      ['已提交', 'waiting'],
    ]);
    expect(rows[0]!.textContent).toContain('招商银行 6225 **** **** 1234');
    // Paid: the final figure; not paid yet: the apply's estimate, marked 预估.
    const pays = rows.map((row) => within(row).getByTestId('cash-out-pay').textContent);
    expect(pays).toEqual(['¥968.00', '¥100.00预估', '¥100.00预估']);
    fireEvent.click(openButton(rows[1]!, '提现'));
    const detail = await screen.findByRole('dialog', { name: '提现详情' });
    expect(await within(detail).findByText('收款账户姓名与实名信息不一致')).toBeTruthy();
    expect(detail.textContent).toContain('支付宝 138****8000');
    expect(detail.textContent).toContain('¥100.00');
    expect(detail.textContent).toContain('代扣个税（预估）');
    expect(detail.textContent).toContain('预计到账（预估）');
  });

  it('shows a points purchase paid from the wallet as what it is: 积分购买, what the wallet paid, its order, no payee', async () => {
    fakeServer({
      ...living,
      '/agent/v1/sett/cash_out/page': ok({ ...withdrawals, data: [purchase, ...withdrawals.data] }),
      '/agent/v1/sett/cash_out/detail': ok(purchase),
    });
    renderPage(<IncomePage />);
    const [row] = await cardsOf('提现记录');
    expect(within(row!).getByTestId('cash-out-type').textContent).toBe('积分购买');
    expect(within(row!).getByTestId('cash-out-amount').textContent).toBe('¥30.90');
    expect(within(row!).getByTestId('cash-out-target').textContent).toBe('订单 20261126101727203729');
    expect(within(row!).getByTestId('out-status').textContent).toBe('购买完成');
    expect(row!.textContent).not.toContain('到账');
    expect(row!.textContent).not.toContain('¥0.00');
    expect(within(row!).queryByRole('button', { name: '取消提现' })).toBeNull();

    fireEvent.click(openButton(row!, '积分购买'));
    const detail = await screen.findByRole('dialog', { name: '积分购买详情' });
    expect((await within(detail).findByTestId('cash-out-order')).textContent).toBe('20261126101727203729');
    expect(detail.textContent).toContain('钱包支出¥30.90');
    expect(detail.textContent).toContain('积分金额¥30.00');
    expect(detail.textContent).toContain('代扣个税¥0.90');
    expect(detail.textContent).not.toContain('收款');
  });

  it('cancels a submitted withdrawal after a confirmation saying where the money goes', async () => {
    let cancelled = false;
    const pending = withdrawals.data[2]!;
    const sent = fakeServer({
      ...living,
      '/agent/v1/sett/cash_out/page': () =>
        ok({
          ...withdrawals,
          data: withdrawals.data.map((r) =>
            r.id === pending.id && cancelled
              ? { ...r, out_status: 7, out_status_text: '已取消', can_cancel: false }
              : r,
          ),
        }),
      '/agent/v1/sett/cash_out/cancel': () => {
        cancelled = true;
        return { code: 0, msg: '提现已取消，金额已退回可提现余额', body: { ...pending, out_status: 7 } };
      },
    });
    renderPage(<IncomePage />);
    const rows = await cardsOf('提现记录');
    const cancel = { name: '取消提现' };
    // Only the submitted one (已提交) can be cancelled.
    expect(rows.map((row) => within(row).queryByRole('button', cancel) !== null)).toEqual([false, false, true]);
    fireEvent.click(within(rows[2]!).getByRole('button', cancel));
    expect((await screen.findByText(/取消后 ¥100.00 将退回可提现余额/)).textContent).toContain('重新申请提现');
    fireEvent.click(screen.getByRole('button', { name: '确定取消' }));
    await waitFor(() =>
      expect(sent.filter((r) => r.path === '/agent/v1/sett/cash_out/cancel').map((r) => r.body)).toEqual([
        { id: pending.id },
      ]),
    );
    await waitFor(() => expect(screen.getAllByTestId('out-status').map((tag) => tag.textContent)).toContain('已取消'));
    expect(screen.queryByRole('button', cancel)).toBeNull();
  });

  it('greets a new creator with empty states and a way to the task center', async () => {
    fakeServer({
      '/agent/v1/sett/order/aggr': ok(zeroAggr),
      '/agent/v1/sett/order/aggregation': ok(emptyAggregation),
      '/agent/v1/sett/order/page': ok(emptyPage),
      '/agent/v1/sett/app/list': ok({ data: [] }),
      '/agent/v1/sett/cash_out/page': ok(emptyPage),
    });
    const router = renderPage(<IncomePage />);
    expect((await screen.findByTestId('can-out')).textContent).toBe('¥0.00');
    expect(await screen.findByRole('group', { name: '暂无分成订单' })).toBeTruthy();
    expect(await screen.findByRole('group', { name: '暂无提现记录' })).toBeTruthy();
    expect(await screen.findByRole('group', { name: '所选时间内暂无收益' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去领任务' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/task'));
  });

  it('shows the server’s message and loads again on retry', async () => {
    let calls = 0;
    fakeServer({
      ...living,
      '/agent/v1/sett/order/aggr': () => (calls++ === 0 ? fail(50300, '服务暂不可用，请稍后重试') : ok(aggr)),
    });
    renderPage(<IncomePage />);
    const summary = await screen.findByRole('region', { name: '收益概览' });
    expect((await within(summary).findByRole('alert')).textContent).toBe('服务暂不可用，请稍后重试');
    fireEvent.click(within(summary).getByRole('button', { name: /重\s*试/ }));
    expect((await screen.findByTestId('can-out')).textContent).toBe('¥4,321.09');
  });
});
