// @vitest-environment jsdom
// Under Vitest, Node resolves Arco to its CommonJS build (lib/), so the adapter must be that build's too.
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onLoginSuccess } from '../../../lib/session/login-modal';
import { clearToken, getToken } from '../../../lib/session/token';
import { LoginModalHost } from './login-modal-host';

type Call = { url: string; body: unknown };

/** A fetch that answers each path from a table and records what was sent. */
function fakeServer(answers: Record<string, unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.split('?')[0]!;
      calls.push({ url: path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(answers[path] ?? { code: 40400, msg: '接口不存在', body: null }));
    }),
  );
  return calls;
}

function renderModal(address: string) {
  const router = createMemoryRouter([{ path: '*', element: <LoginModalHost /> }], { initialEntries: [address] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const phoneInput = () => screen.getByPlaceholderText('请输入手机号');
const codeInput = () => screen.getByPlaceholderText('请输入验证码');

describe('LoginModal', () => {
  // The host loads the modal's module lazily on first opening. Loading it here, before any test, keeps that first
  // (possibly slow, on a loaded machine) transform out of the tests' one-second waits for the modal to appear.
  beforeAll(async () => {
    await import('./login-modal');
  });
  beforeEach(() => {
    clearToken();
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  // Arco's modal leaves a closing-transition timer behind; let it fire while the DOM still exists.
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 1000)));

  it('opens from the address and drops the flag', async () => {
    fakeServer({});
    const router = renderModal('/task?showLoginModal=1');
    expect(await screen.findByText('欢迎来到创作者中心')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('keeps digits only and explains a bad phone or code on blur', async () => {
    fakeServer({});
    renderModal('/task?showLoginModal=1');
    await screen.findByText('欢迎来到创作者中心');

    fireEvent.change(phoneInput(), { target: { value: '13a8-00' } });
    expect((phoneInput() as HTMLInputElement).value).toBe('13800');
    fireEvent.blur(phoneInput());
    expect(screen.getByText('手机号长度不正确')).toBeTruthy();

    fireEvent.change(phoneInput(), { target: { value: '12345678901' } });
    fireEvent.blur(phoneInput());
    expect(screen.getByText('手机号错误，请重新填写')).toBeTruthy();

    fireEvent.blur(codeInput());
    expect(screen.getByText('验证码不能为空')).toBeTruthy();
    fireEvent.change(codeInput(), { target: { value: '12x3' } });
    expect((codeInput() as HTMLInputElement).value).toBe('123');
    fireEvent.blur(codeInput());
    expect(screen.getByText('验证码只能为六位数字')).toBeTruthy();
  });

  it('sends a code only for a valid phone, then counts down 60 s', async () => {
    const calls = fakeServer({
      '/agent/v1/user/send_code': { code: 0, msg: '验证码已发送', body: { expires_in: 300, resend_in: 60 } },
    });
    renderModal('/task?showLoginModal=1');
    await screen.findByText('欢迎来到创作者中心');

    fireEvent.click(screen.getByText('获取验证码'));
    expect(screen.getByText('手机号不能为空')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByText('获取验证码'));
    expect(await screen.findByText('60s后重新发送')).toBeTruthy();
    expect(calls).toEqual([{ url: '/agent/v1/user/send_code', body: { phone: '13800138000', type: 1 } }]);
    expect(screen.getByText('60s后重新发送').closest('button')?.disabled).toBe(true);
  });

  it('asks for the terms before logging in', async () => {
    const calls = fakeServer({});
    renderModal('/task?showLoginModal=1');
    await screen.findByText('欢迎来到创作者中心');
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    fireEvent.click(screen.getByText('登录/注册'));
    expect(await screen.findByText('请勾选用户协议和隐私协议')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  // Found by the adv-ui walk: a friend's link filled the invite field, which hid its placeholder, so the modal showed
  // a bare "P6CCCWK5" under the code field with nothing saying what it was.
  it('names the invite code an invite link filled in, and says whose link it came from', async () => {
    fakeServer({});
    renderModal('/task?showLoginModal=1&invite_code=ABC123');
    await screen.findByText('欢迎来到创作者中心');
    expect((screen.getByRole('textbox', { name: '邀请码' }) as HTMLInputElement).value).toBe('ABC123');
    // The prefix in front of the filled-in code.
    expect(screen.getByText('邀请码', { exact: true })).toBeTruthy();
    expect(screen.getByText('已通过好友的邀请链接填写')).toBeTruthy();
  });

  it('logs in with the invite code and channel of the address, stores the token and reports a new user', async () => {
    const calls = fakeServer({
      '/agent/v1/user/login': { code: 0, msg: 'ok', body: { access_token: 'fresh-token', is_new: true } },
      '/agent/v1/user/info': { code: 0, msg: 'ok', body: { nickname: '创作者' } },
    });
    const successes: boolean[] = [];
    const unsubscribe = onLoginSuccess((event) => successes.push(event.isNew));
    renderModal('/task?showLoginModal=1&invite_code=ABC123&channel_from=douyin');
    await screen.findByText('欢迎来到创作者中心');

    const invite = screen.getByPlaceholderText('邀请码（非必填）') as HTMLInputElement;
    expect(invite.value).toBe('ABC123');
    expect(invite.readOnly).toBe(true);

    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => {
      fireEvent.click(screen.getByText('登录/注册'));
    });

    await waitFor(() => expect(getToken()).toBe('fresh-token'));
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect(calls[0]).toEqual({
      url: '/agent/v1/user/login',
      body: { phone: '13800138000', code: '123456', invite_code: 'ABC123', channel_from: 'douyin' },
    });
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/agent/v1/user/info'));
    await waitFor(() => expect(successes).toEqual([true]));
    unsubscribe();
  });

  it('shows the server message when the login is refused', async () => {
    fakeServer({ '/agent/v1/user/login': { code: 40010, msg: '验证码不正确或已失效', body: null } });
    renderModal('/task?showLoginModal=1');
    await screen.findByText('欢迎来到创作者中心');
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByText('登录/注册'));
    expect(await screen.findByText('验证码不正确或已失效')).toBeTruthy();
    expect(getToken()).toBeNull();
  });
});
