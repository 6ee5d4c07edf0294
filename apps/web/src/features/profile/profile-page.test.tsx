// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { teamSummarySchema, userInfoSchema, type UserInfo } from '@cc/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleUserInfo } from '../../lib/session/sample-user-info';
import { clearToken, setToken } from '../../lib/session/token';
import { ProfilePage } from './profile-page';

const ok = <T,>(body: T) => ({ code: 0, msg: 'ok', body });
const fail = (code: number, msg: string) => ({ code, msg, body: null });

const AVATAR = '/ai/v1/files/images/7-abcdefghijklmnopqrstuvwx.png';

const user = (extra: Partial<UserInfo> = {}): UserInfo => userInfoSchema.parse({ ...sampleUserInfo, ...extra });

const summary = (leader: { nickname: string; invite_code: string } | null) =>
  teamSummarySchema.parse({
    member_count: 0,
    new_this_month: 0,
    leader_share_total: '0.00',
    leader_share_settled: '0.00',
    leader,
    team_at: null,
    commander_code: '',
    team_share_rate: 10,
    invite_code: 'AB12CD',
    invite_links: { home: 'http://x/?invite_code=AB12CD', gift: 'http://x/gift', ai: 'http://x/ai' },
  });

interface Sent {
  path: string;
  method: string;
  body: unknown;
}

/** A fetch answering per path (a value, or a function of the request), recording what was sent. */
function fakeServer(answers: Record<string, unknown>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.split('?')[0] ?? '';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const request = { path, method: init.method ?? 'GET', body };
      sent.push(request);
      const answer = answers[path];
      const value = typeof answer === 'function' ? (answer as (r: Sent) => unknown)(request) : answer;
      return new Response(JSON.stringify(value ?? fail(40401, '接口不存在')));
    }),
  );
  return sent;
}

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <ProfilePage /> }], { initialEntries: ['/profile'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** A card line's value: text beside its label, which no role names (see `Row`), so it carries a test id. */
const value = (testId: string) => screen.getByTestId(testId).textContent;
/** The file input is hidden: people reach it through the 更换头像 buttons, which click it. */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

beforeEach(() => setToken('T'.repeat(43)));
afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
});

describe('ProfilePage', () => {
  it('shows a new creator as unverified and unsigned, with links to the payee accounts, and no leader', async () => {
    fakeServer({ '/agent/v1/user/info': ok(user()), '/agent/v1/team/summary': ok(summary(null)) });
    const router = renderPage();
    expect(await screen.findByText('小王推剧', { exact: true })).toBeTruthy();
    expect(value('profile-phone')).toBe('138****8000');
    expect(screen.queryByText('13800138000')).toBeNull();
    expect(value('profile-invite-code')).toContain('AB12CD');
    expect(value('profile-points')).toBe('320');
    expect(value('profile-real-name')).toContain('未认证');
    expect(value('profile-contract')).toContain('未签署');
    expect(value('profile-share-rate')).toBe('60%');
    await waitFor(() => expect(value('profile-leader')).toBe('无（未通过邀请加入）'));
    expect(value('profile-team-share-rate')).toBe('10%');
    expect(screen.queryByTestId('profile-commander-code')).toBeNull();

    fireEvent.click(screen.getByText('去认证'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/income/withdraw'));
    for (const [title, path] of [
      ['收款账户', '/income/withdraw'],
      ['我的任务', '/profile/task'],
      ['我的团队', '/profile/team'],
      ['账号报备', '/profile/account'],
    ]) {
      expect(screen.getByRole('link', { name: new RegExp(`^${title}`) }).getAttribute('href')).toBe(path);
    }
  });

  it('shows a verified, signed creator with a masked name, the signing date, the leader and commander code', async () => {
    fakeServer({
      '/agent/v1/user/info': ok(
        user({
          real_name: '张小明',
          sign_status: 1,
          signed_at: '2026-11-20T20:00:00.000Z',
          commander_code: 'TZ8888',
          leader_id: 3,
          share_rate: 0,
        }),
      ),
      '/agent/v1/team/summary': ok(summary({ nickname: '老李', invite_code: 'LEAD01' })),
    });
    renderPage();
    expect(await screen.findByTestId('profile-real-name')).toHaveProperty('textContent', '已认证张**');
    expect(screen.queryByText('张小明')).toBeNull();
    // 20:00 UTC is the next morning in Beijing.
    expect(value('profile-contract')).toBe('已签署（2026-11-21）');
    await waitFor(() => expect(value('profile-leader')).toBe('老李邀请码 LEAD01'));
    expect(value('profile-commander-code')).toContain('TZ8888');
    // No personal rate: each task's own rate applies.
    expect(value('profile-share-rate')).toBe('按任务比例');
  });

  it('uploads a picked avatar, saves it by image name, and refuses a wrong file before any upload', async () => {
    let current = user();
    const sent = fakeServer({
      '/agent/v1/user/info': () => ok(current),
      '/agent/v1/team/summary': ok(summary(null)),
      '/agent/v1/upload/image': ok({ image: '7-abcdefghijklmnopqrstuvwx.png', url: AVATAR }),
      '/agent/v1/user/update_info': () => {
        current = user({ avatar_url: AVATAR });
        return ok(current);
      },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    renderPage();
    await screen.findByText('小王推剧', { exact: true });
    const input = fileInput();

    fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' })] } });
    expect(screen.getByRole('alert').textContent).toBe('图片格式不正确，请上传 JPG、PNG 或 WebP 图片');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe('图片过大，不能超过2MB');
    expect(sent.some((request) => request.path === '/agent/v1/upload/image')).toBe(false);

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    await waitFor(() => expect(screen.getByRole('img', { name: '小王推剧' }).getAttribute('src')).toBe(AVATAR));
    expect(screen.queryByText('图片过大，不能超过2MB')).toBeNull();
    const upload = sent.find((request) => request.path === '/agent/v1/upload/image');
    expect(upload).toMatchObject({ method: 'POST', body: png });
    expect(sent.find((request) => request.path === '/agent/v1/user/update_info')?.body).toEqual({
      avatar: '7-abcdefghijklmnopqrstuvwx.png',
    });
  });

  it('shows the server’s message when the avatar cannot be saved', async () => {
    fakeServer({
      '/agent/v1/user/info': ok(user()),
      '/agent/v1/team/summary': ok(summary(null)),
      '/agent/v1/upload/image': fail(40106, '图片过大，不能超过2MB'),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    renderPage();
    await screen.findByText('小王推剧', { exact: true });
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'me.png', { type: 'image/png' })] } });
    expect(await screen.findByText('图片过大，不能超过2MB')).toHaveProperty('textContent', '图片过大，不能超过2MB');
    expect(screen.queryByRole('img', { name: '小王推剧' })).toBeNull();
  });

  it('offers a retry when the profile fails to load, and a retry for the leader alone', async () => {
    let infoFails = true;
    fakeServer({
      '/agent/v1/user/info': () => (infoFails ? fail(50000, '服务繁忙，请稍后再试') : ok(user())),
      '/agent/v1/team/summary': fail(50000, '服务繁忙，请稍后再试'),
    });
    renderPage();
    expect((await screen.findByText('服务繁忙，请稍后再试')).getAttribute('role')).toBe('alert');
    infoFails = false;
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(value('profile-leader')).toContain('加载失败'));
  });
});
