// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/session/token';
import { FreePointsOffer } from './free-points-offer';

function freePointsStatus(status: 0 | 100) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify({ code: 0, msg: 'ok', body: { status, points: 100 } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderOffer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FreePointsOffer />
    </QueryClientProvider>,
  );
}

describe('FreePointsOffer', () => {
  beforeEach(() => setToken('creator-token'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearToken();
  });

  it('offers the free 100 points to a creator who has not claimed them', async () => {
    freePointsStatus(0);
    renderOffer();
    expect(await screen.findByText('新人专享 100 积分')).toBeTruthy();
    expect(screen.getByRole('button', { name: '免费领取' })).toBeTruthy();
  });

  it('is gone once they are claimed', async () => {
    const fetchMock = freePointsStatus(100);
    renderOffer();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });
});
