// Shared by the income tests: fixtures parsed with the contracts' schemas (so they stay true to them), a fetch that
// answers per path and records what was sent, and a render helper with a router and a fresh query client.
import {
  cashOutFirstSchema,
  cashOutTaxSchema,
  settAggregationSchema,
  settAppListSchema,
  settOrderAggrSchema,
  settOrderPageSchema,
  signContractInfoSchema,
  withdrawalRecordSchema,
  type Paged,
  type WithdrawalRecord,
} from '@cc/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

export const ok = <T,>(body: T) => ({ code: 0, msg: 'ok', body });
export const fail = (code: number, msg: string) => ({ code, msg, body: null });
const page = <T,>(data: T[]): Paged<T> => ({ data, page: { total_count: data.length, page_num: 1, page_size: 10 } });

export const aggr = settOrderAggrSchema.parse({
  today: '12.30',
  yesterday: '40.00',
  this_month: '1234.56',
  total: '5678.90',
  settled: '5000.00',
  to_be_settled: '678.90',
  can_out: '4321.09',
});

export const zeroAggr = settOrderAggrSchema.parse({
  today: '0.00',
  yesterday: '0.00',
  this_month: '0.00',
  total: '0.00',
  settled: '0.00',
  to_be_settled: '0.00',
  can_out: '0.00',
});

const share = {
  id: 11,
  order_id: 'DA20261120001',
  order_no: 'O11-1',
  order_at: '2026-11-20T04:00:00.000Z',
  sett_status: 1,
  sett_status_text: '待结算',
  expected_sett_date: '2026-11-23',
  share_type: 1,
  share_type_text: '我的分成',
  attract_agent: '小王',
  platform: 1,
  platform_text: '短视频平台',
  order_type: 1,
  order_type_text: '充值',
  share_amount: '6.00',
  serial_id: 5,
  serial_name: '总裁的替身新娘',
  task_type: 1,
  app_id: 2,
  app_name: '速看短剧',
  order_amount: '30.00',
  ad_amount: '0.00',
};

export const orders = settOrderPageSchema.parse(
  page([
    share,
    {
      ...share,
      id: 12,
      order_id: 'DA20261101002',
      order_no: 'O12-3',
      sett_status: 2,
      sett_status_text: '已结算',
      expected_sett_date: '2026-11-04',
      share_type: 3,
      share_type_text: '团长分成',
      order_type: 2,
      order_type_text: '退款',
      share_amount: '-3.00',
      order_amount: '-15.00',
    },
  ]),
);

export const emptyPage = settOrderPageSchema.parse(page([]));

export const withdrawal: WithdrawalRecord = withdrawalRecordSchema.parse({
  id: 7,
  out_status: 2,
  out_status_text: '已驳回',
  out_status_style: 'reject',
  record_type: 'withdrawal',
  order_no: '',
  wallet_amount: '100.00',
  can_cancel: false,
  amount: '100.00',
  pre_pay_amount: '100.00',
  tax: '0.00',
  pay_amount: '100.00',
  tax_estimated: true,
  cash_out_to: 2,
  bank_name: '',
  bank_card_number: '',
  alipay_id: '138****8000',
  real_name: '张三',
  created_at: '2026-11-10T02:00:00.000Z',
  finish_at: null,
  reason: '收款账户姓名与实名信息不一致',
  is_offline: 0,
});

export const withdrawals = page([
  withdrawalRecordSchema.parse({
    ...withdrawal,
    id: 8,
    out_status: 5,
    out_status_text: '提现成功',
    out_status_style: 'complete',
    cash_out_to: 1,
    bank_name: '招商银行',
    bank_card_number: '6225 **** **** 1234',
    alipay_id: '',
    pre_pay_amount: '1000.00',
    wallet_amount: '1000.00',
    tax: '32.00',
    pay_amount: '968.00',
    tax_estimated: false,
    finish_at: '2026-11-12T02:00:00.000Z',
    reason: '',
  }),
  withdrawal,
  withdrawalRecordSchema.parse({
    ...withdrawal,
    id: 9,
    out_status: 1,
    out_status_text: '已提交',
    out_status_style: 'waiting',
    can_cancel: true,
    reason: '',
  }),
]);

/** A points purchase paid from the wallet: 30.00 of points and 0.90 tax withheld on them. */
export const purchase = withdrawalRecordSchema.parse({
  ...withdrawal,
  id: 10,
  out_status: 6,
  out_status_text: '购买完成',
  out_status_style: 'complete',
  record_type: 'purchase',
  order_no: '20261126101727203729',
  wallet_amount: '30.90',
  amount: '30.00',
  pre_pay_amount: '30.00',
  tax: '0.90',
  pay_amount: '30.00',
  tax_estimated: false,
  cash_out_to: 0,
  alipay_id: '',
  real_name: '',
  finish_at: '2026-11-12T02:00:00.000Z',
  reason: '',
});

export const aggregation = settAggregationSchema.parse({
  start_date: '2026-10-25',
  end_date: '2026-11-23',
  by_app: [],
  by_day: [
    {
      date: '2026-11-22',
      order_count: 2,
      refund_count: 0,
      order_amount: '60.00',
      share_amount: '12.00',
      settled_amount: '0.00',
      to_be_settled_amount: '12.00',
    },
  ],
});

export const emptyAggregation = settAggregationSchema.parse({ ...aggregation, by_day: [] });

export const appList = settAppListSchema.parse({
  data: [
    {
      app_id: 2,
      app_name: '速看短剧',
      app_icon: '',
      order_count: 3,
      refund_count: 1,
      order_amount: '90.00',
      share_amount: '18.00',
      own_share_amount: '15.00',
      team_share_amount: '3.00',
      settled_amount: '6.00',
      to_be_settled_amount: '12.00',
    },
  ],
});

export const first = cashOutFirstSchema.parse({
  is_first: false,
  min_amount: '1.00',
  max_amount: '98000.00',
  can_out: '4321.09',
  has_real_name: true,
  sign_status: 1,
  bank: null,
  alipay: { account_no: '138****8000', real_name: '张三' },
});

export { sampleUserInfo as userInfo } from '../../lib/session/sample-user-info';

export const tax = cashOutTaxSchema.parse({
  income: '4321.09',
  tax: '12.63',
  pay_amount: '4308.46',
  tax_year: 2026,
  cumulative_income: '4321.09',
  cumulative_expense: '864.22',
  months: 1,
  cumulative_basic_deduction: '5000.00',
  other_deductions: '0.00',
  taxable_income: '0.00',
  rate_percent: 3,
  quick_deduction: '0.00',
  cumulative_tax: '0.00',
  withheld_before: '0.00',
  policy: 'cumulative-labour-2025',
  estimated: true,
});

export const contract = signContractInfoSchema.parse({
  version: '2026-11',
  title: '劳务服务协议',
  content: '甲方：创作者中心\n乙方：张三\n第一条 服务内容……',
  content_hash: 'a'.repeat(64),
  sign_status: 0,
  sign_phone: '',
  signed_at: null,
});

export interface SentRequest {
  path: string;
  method: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = unknown | ((request: SentRequest) => unknown);

/** A fetch that answers each path from a table (a value, or a function of the request) and records what was sent. */
export function fakeServer(answers: Record<string, Answer>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const [path = '', search = ''] = url.split('?');
      const request = {
        path,
        method: init.method ?? 'GET',
        query: new URLSearchParams(search),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      sent.push(request);
      const answer = answers[path];
      const value = typeof answer === 'function' ? (answer as (r: SentRequest) => unknown)(request) : answer;
      if (value instanceof Response) return value;
      return new Response(JSON.stringify(value ?? fail(40401, '接口不存在')));
    }),
  );
  return sent;
}

export function renderPage(element: ReactNode, address = '/income') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [address] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
