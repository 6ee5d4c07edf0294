// Shared by the promotion tests: a fetch that answers per path and records what was sent, and a render helper.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

export interface SentRequest {
  path: string;
  method: string;
  contentType: string | null;
  body: string | undefined;
}

export function fakeServer(answers: Record<string, unknown>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.split('?')[0]!;
      sent.push({
        path,
        method: init.method ?? 'GET',
        contentType: new Headers(init.headers).get('content-type'),
        body: init.body === undefined ? undefined : String(init.body),
      });
      return new Response(JSON.stringify(answers[path] ?? { code: 40401, msg: '接口不存在', body: null }));
    }),
  );
  return sent;
}

export function renderWithRouter(element: ReactNode, address = '/home') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [address] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
