// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeApplyModal } from '../../lib/apply-modal';
import { queryClient } from '../../lib/query-client';
import { clearToken, setToken } from '../../lib/session/token';
import { ApprovalDialog } from './approval-dialog';

const application = {
  id: 1,
  real_name: '张小明',
  phone: '13800138000',
  platform: 1,
  channel_link: 'https://www.douyin.com/user/zxm',
  follower_range: '10k_100k',
  experience: '',
  status: 2,
  reason: '',
  created_at: '2026-11-20T08:00:00.000Z',
  reviewed_at: '2026-11-21T08:00:00.000Z',
  show_approved_dialog: true,
};

function fakeServer(showDialog: boolean) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.split('?')[0]!;
      sent.push(`${init.method ?? 'GET'} ${path}`);
      const body =
        path === '/agent/v1/apply/status'
          ? { application: { ...application, show_approved_dialog: showDialog } }
          : null;
      return new Response(JSON.stringify({ code: 0, msg: 'ok', body }));
    }),
  );
  return sent;
}

function renderDialog() {
  const router = createMemoryRouter([{ path: '*', element: <ApprovalDialog /> }], { initialEntries: ['/home'] });
  // The ack updates the app's shared client, as the layout does; the test renders with that same client.
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('ApprovalDialog', () => {
  beforeEach(() => {
    setToken('t0k3n');
    queryClient.clear();
  });
  afterEach(() => {
    act(() => closeApplyModal());
    cleanup();
    vi.unstubAllGlobals();
    clearToken();
  });
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 1000)));

  it("opens once approved, and '去推广' goes to the task center and acknowledges it", async () => {
    const sent = fakeServer(true);
    const router = renderDialog();
    expect(await screen.findByText('恭喜您通过创作者入驻审核！')).toBeTruthy();
    expect(screen.getByText('审核通过')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '去推广' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/task'));
    await waitFor(() => expect(sent).toContain('POST /agent/v1/apply/ack'));
    expect(
      queryClient.getQueryData<{ application: typeof application }>(['apply', 'status'])?.application,
    ).toMatchObject({ show_approved_dialog: false });
  });

  it('acknowledges when closed with the close icon', async () => {
    const sent = fakeServer(true);
    renderDialog();
    await screen.findByText('恭喜您通过创作者入驻审核！');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(sent).toContain('POST /agent/v1/apply/ack'));
  });

  it('stays closed once seen', async () => {
    const sent = fakeServer(false);
    renderDialog();
    await waitFor(() => expect(sent).toContain('GET /agent/v1/apply/status'));
    expect(screen.queryByText('恭喜您通过创作者入驻审核！')).toBeNull();
    expect(sent).not.toContain('POST /agent/v1/apply/ack');
  });
});
