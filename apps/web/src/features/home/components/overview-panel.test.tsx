// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/session/token';
import { OverviewPanel } from './overview-panel';

describe('OverviewPanel', () => {
  beforeEach(() => setToken('creator-token'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearToken();
  });

  // Found by the adv-ui walk: the home page's 累计分成 (the creator's own promotions, ¥6,669.59 for the demo creator)
  // sat beside /income's 累计收益 (with the team's leader share, ¥6,699.51) and looked like a wrong total. It is the
  // 推广收益 of /income/app, and says so.
  it('names the promotions’ share as /income/app does: 累计推广收益', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              code: 0,
              msg: 'ok',
              body: { task_count: 4, click_count: 0, order_count: 256, share_amount: '6669.59' },
            }),
          ),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '*', element: <OverviewPanel /> }], { initialEntries: ['/home'] });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('¥6,669.59')).toBeTruthy();
    expect(screen.getByText('累计推广收益')).toBeTruthy();
    expect(screen.queryByText('累计分成')).toBeNull();
  });
});
