// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { aliasRoutes } from '../../app/alias-routes';
import { closePointsModal, usePointsModal } from '../../lib/credit/points-modal';
import { queryClient } from '../../lib/query-client';
import { closeLoginModal, emitLoginSuccess, useLoginModalState } from '../../lib/session/login-modal';
import { clearToken, setToken } from '../../lib/session/token';
import { AiLayout } from './ai-layout';
import { LandingNav } from './landing-nav';

const TOOL_NAMES = ['高能混剪', '影视解说', '字幕翻译', '批量去重', '素材库', '批量发布'];

/** Shows the two modal stores, so a test reads what the nav asked for. */
function ModalProbe() {
  const login = useLoginModalState();
  const points = usePointsModal();
  return (
    <output aria-label="modals">
      {JSON.stringify({ login: login.visible, redirect: login.redirect, points: points.visible, view: points.view })}
    </output>
  );
}

function probe() {
  return JSON.parse(screen.getByRole('status', { name: 'modals' }).textContent ?? '{}') as {
    login: boolean;
    redirect: string | null;
    points: boolean;
    view: string;
  };
}

function renderAt(routes: RouteObject[], entry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ModalProbe />
    </QueryClientProvider>,
  );
  return router;
}

function renderNav(isMobile: boolean) {
  return renderAt([{ path: '*', element: <LandingNav isMobile={isMobile} /> }], '/ai');
}

async function openToolsDropdown() {
  fireEvent.click(screen.getByRole('button', { name: 'AI 工具' }));
  return within(await screen.findByRole('menu', { name: 'AI 工具' }));
}

describe('the landing nav', () => {
  afterEach(() => {
    cleanup();
    clearToken();
    closeLoginModal();
    closePointsModal();
    vi.unstubAllGlobals();
  });
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 300)));

  it('lists the six tools under AI 工具; logged out, a tool asks for login and remembers the tool', async () => {
    const router = renderNav(false);
    const panel = await openToolsDropdown();
    expect(panel.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(
      TOOL_NAMES.map((name) => expect.stringMatching(new RegExp(`^${name}`))),
    );
    fireEvent.click(panel.getByRole('menuitem', { name: /^批量去重/ }));
    expect(probe()).toMatchObject({ login: true, redirect: '/tool?tool=dedup' });
    expect(router.state.location.pathname).toBe('/ai');
  });

  it('logged in, a tool opens the workspace with that tool', async () => {
    setToken('t0k3n');
    const router = renderNav(false);
    const panel = await openToolsDropdown();
    fireEvent.click(panel.getByRole('menuitem', { name: /^字幕翻译/ }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/tool?tool=translate'),
    );
    expect(probe().login).toBe(false);
  });

  it('价格 asks a logged-out visitor to log in, then opens the purchase view on the same page', () => {
    renderNav(false);
    fireEvent.click(screen.getByRole('button', { name: '价格' }));
    expect(probe()).toMatchObject({ login: true, redirect: null, points: false });
    act(() => {
      closeLoginModal();
      emitLoginSuccess({ isNew: false });
    });
    expect(probe()).toMatchObject({ points: true, view: 'list' });
  });

  it('价格 opens the purchase view at once when logged in', () => {
    setToken('t0k3n');
    renderNav(false);
    fireEvent.click(screen.getByRole('button', { name: '价格' }));
    expect(probe()).toMatchObject({ login: false, points: true, view: 'list' });
  });

  it('教程 opens the tutorial in a new tab', () => {
    renderNav(false);
    const guide = screen.getByRole('link', { name: '教程' });
    expect(guide.getAttribute('target')).toBe('_blank');
    expect(guide.getAttribute('href')).toBe('/help');
  });

  it('on a phone puts the same entries in a drawer', async () => {
    renderNav(true);
    expect(screen.queryByRole('button', { name: 'AI 工具' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '打开菜单' }));
    const drawer = within(await screen.findByRole('dialog', { name: '菜单' }));
    expect(drawer.getAllByRole('menuitem')).toHaveLength(6);
    for (const entry of ['分销任务中心', '价格', '教程']) expect(drawer.getByText(entry)).toBeTruthy();
    fireEvent.click(drawer.getByRole('menuitem', { name: /^高能混剪/ }));
    expect(probe()).toMatchObject({ login: true, redirect: '/tool?tool=mixcut' });
  });
});

describe('the landing page short paths (/tools/*, /guide, /price)', () => {
  afterEach(() => {
    cleanup();
    clearToken();
    closeLoginModal();
    closePointsModal();
    vi.unstubAllGlobals();
  });

  function renderAlias(entry: string) {
    return renderAt([...aliasRoutes, { path: '*', element: null }], entry);
  }

  it.each([
    ['/tools/cut', '/tool?tool=mixcut'],
    ['/tools/subtitle', '/tool?tool=translate'],
    ['/tools/voice', '/tool?tool=commentary'],
    ['/tools/cut?invite_code=AB12CD34', '/tool?tool=mixcut&invite_code=AB12CD34'],
    ['/price', '/ai?price=1'],
    ['/guide', '/help'],
  ])('%s leads to %s', async (from, to) => {
    const router = renderAlias(from);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(to));
  });

  it('/ai?price=1 asks for login, opens the purchase view after it, and drops the flag', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', body: null }))),
    );
    const router = renderAt([{ path: '/ai', element: <AiLayout /> }], '/ai?price=1&invite_code=AB12CD34');
    await waitFor(() => expect(router.state.location.search).toBe('?invite_code=AB12CD34'));
    expect(probe()).toMatchObject({ login: true, points: false });
    act(() => {
      closeLoginModal();
      emitLoginSuccess({ isNew: true });
    });
    expect(probe()).toMatchObject({ points: true, view: 'list' });
  });
});
