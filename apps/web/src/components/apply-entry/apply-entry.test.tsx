// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { emitLoginSuccess } from '../../lib/session/login-modal';
import { clearToken, setToken } from '../../lib/session/token';
import { ApplyBanner, ApplyInviteDialog } from './apply-entry';

function fakeServer(application: { status: number } | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0]!;
      const body = path === '/agent/v1/apply/status' ? { application } : null;
      return new Response(JSON.stringify({ code: 0, msg: 'ok', body }));
    }),
  );
}

function renderWith(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/task'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('apply entries', () => {
  beforeEach(() => {
    setToken('t0k3n');
    queryClient.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearToken();
  });
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));

  it('invites a creator without an application to apply, and the banner leads to /apply', async () => {
    fakeServer(null);
    const router = renderWith(<ApplyBanner />);
    expect(await screen.findByText('申请成为认证创作者')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即申请' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply'));
  });

  it('tells a pending or rejected creator where they stand, and says nothing once approved', async () => {
    fakeServer({ status: 1 });
    renderWith(<ApplyBanner />);
    expect(await screen.findByText('入驻申请审核中')).toBeTruthy();
    cleanup();
    queryClient.clear();
    fakeServer({ status: 3 });
    renderWith(<ApplyBanner />);
    expect(await screen.findByRole('button', { name: '重新申请' })).toBeTruthy();
    cleanup();
    queryClient.clear();
    fakeServer({ status: 2 });
    renderWith(<ApplyBanner />);
    await waitFor(() => expect(queryClient.getQueryData(['apply', 'status'])).toBeTruthy());
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows nothing to a visitor who is not logged in', async () => {
    clearToken();
    fakeServer(null);
    renderWith(<ApplyBanner />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('invites once after a login when there is no application, not before and not for an applicant', async () => {
    fakeServer(null);
    const router = renderWith(<ApplyInviteDialog />);
    await waitFor(() => expect(queryClient.getQueryData(['apply', 'status'])).toBeTruthy());
    expect(screen.queryByText('欢迎加入创作者中心')).toBeNull();

    act(() => emitLoginSuccess({ isNew: true }));
    expect(await screen.findByText('欢迎加入创作者中心')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即申请' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply'));

    cleanup();
    queryClient.clear();
    fakeServer({ status: 1 });
    renderWith(<ApplyInviteDialog />);
    act(() => emitLoginSuccess({ isNew: false }));
    await waitFor(() => expect(queryClient.getQueryData(['apply', 'status'])).toBeTruthy());
    expect(screen.queryByText('欢迎加入创作者中心')).toBeNull();
  });
});
