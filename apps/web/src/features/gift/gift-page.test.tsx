// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import type { CreditPackage } from '@cc/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GiftPage } from './gift-page';

const pack = (id: number, name: string, price: string, credit: number, gift_credit: number): CreditPackage => ({
  id,
  name,
  type: 1,
  status: 1,
  price,
  discount: 100,
  discount_price: null,
  credit,
  gift_credit,
  start_at: null,
  end_at: null,
  description: '',
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
});

const ON_SALE = [
  pack(1, '体验包', '9.90', 100, 0),
  pack(7, '进阶包', '30.00', 300, 150),
  pack(4, '专业包', '100.00', 1000, 600),
  pack(3, '畅享包', '50.00', 500, 200),
];

/** Answers the package list with each envelope in turn (the last one again after that). */
function fakeServer(...answers: { code: number; msg: string; body: unknown }[]) {
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.split('?')[0] !== '/agent/v1/credit/list') return new Response('{}', { status: 404 });
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      return new Response(JSON.stringify(answer));
    }),
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <GiftPage /> }], { initialEntries: ['/gift'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('GiftPage packages', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the three sample packages from the server's list, in the page's order, with their prices", async () => {
    fakeServer({ code: 0, msg: 'ok', body: ON_SALE });
    renderPage();
    expect(screen.getByRole('status')).toBeTruthy();
    const cards = await screen.findAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('button').textContent)).toEqual([
      expect.stringContaining('体验包'),
      expect.stringContaining('进阶包'),
      expect.stringContaining('畅享包'),
    ]);
    expect(cards[0]!.textContent).toContain('¥9.90');
    expect(cards[1]!.textContent).toContain('最多人购买');
    expect(cards[2]!.textContent).toContain('畅享包');
  });

  it("shows the server's message and loads again on retry", async () => {
    fakeServer({ code: 50300, msg: '服务暂不可用，请稍后重试', body: null }, { code: 0, msg: 'ok', body: ON_SALE });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('服务暂不可用，请稍后重试');
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
  });

  it('says so when none of them is on sale', async () => {
    fakeServer({ code: 0, msg: 'ok', body: [pack(4, '专业包', '100.00', 1000, 600)] });
    renderPage();
    expect(await screen.findByText('暂无可购买的积分套餐')).toBeTruthy();
  });
});
