// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { messageWarning } = vi.hoisted(() => ({ messageWarning: vi.fn() }));
vi.mock('@arco-design/web-react', () => ({ Message: { warning: messageWarning, error: vi.fn() } }));

const { call, request, requestFile } = await import('./api-client');
const { endpoint } = await import('@cc/contracts');
const { z } = await import('zod');
const { registerNavigate } = await import('./navigation');
const { clearToken, getToken, setToken } = await import('./session/token');

function answer(status: number, payload: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(payload), { status }));
}

describe('request', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    registerNavigate(navigate);
    clearToken();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('sends the vendor header, the bearer token, the query and a JSON body, and returns the envelope', async () => {
    const fetchMock = answer(200, { code: 0, msg: 'ok', body: { id: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    setToken('t0k3n');

    const result = await request<{ id: number }>('POST', '/agent/v1/x', {
      query: { a: 1, b: undefined },
      body: { k: 'v' },
    });

    expect(result).toEqual({ code: 0, msg: 'ok', body: { id: 1 } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/agent/v1/x?a=1');
    const headers = new Headers(init.headers);
    expect(headers.get('vendor')).toBe('default');
    expect(headers.get('authorization')).toBe('Bearer t0k3n');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init.body).toBe('{"k":"v"}');
  });

  it('sends no authorization header without a token', async () => {
    const fetchMock = answer(200, { code: 0, msg: '', body: null });
    vi.stubGlobal('fetch', fetchMock);
    await request('GET', '/agent/v1/x');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('authorization')).toBe(false);
  });

  it('passes a failure envelope through instead of throwing', async () => {
    vi.stubGlobal('fetch', answer(400, { code: 40000, msg: '请求参数不正确', body: null }));
    await expect(request('GET', '/agent/v1/x')).resolves.toEqual({ code: 40000, msg: '请求参数不正确', body: null });
  });

  it('turns a network failure or a non-envelope answer into code -1', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(request('GET', '/agent/v1/x')).resolves.toEqual({ code: -1, msg: '', body: null });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    await expect(request('GET', '/agent/v1/x')).resolves.toEqual({ code: -1, msg: '', body: null });

    vi.stubGlobal('fetch', answer(200, null));
    await expect(request('GET', '/agent/v1/x')).resolves.toEqual({ code: -1, msg: '', body: null });
  });

  it('on a 401 clears the token, says the login expired, and sends the user to log in, then back', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 401, msg: '登录已过期，请重新登录', body: null }));
    setToken('stale');
    window.history.pushState(null, '', '/income/app?task_type=2');

    const result = await request('GET', '/agent/v1/user/info');

    expect(result.code).toBe(401);
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(messageWarning).toHaveBeenCalledWith('登录已过期，请重新登录');
    expect(navigate).toHaveBeenCalledWith('/task?showLoginModal=1&redirect=%2Fincome%2Fapp%3Ftask_type%3D2');
    window.history.pushState(null, '', '/');
  });

  it('tells the user only once when parallel calls all come back 401', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 401, msg: '', body: null }));
    setToken('stale');
    await Promise.all([request('GET', '/a'), request('GET', '/b'), request('GET', '/c')]);
    expect(messageWarning).toHaveBeenCalledTimes(1);
  });

  it('sends a form body url-encoded when asked (task/active)', async () => {
    const fetchMock = answer(200, { code: 0, msg: 'ok', body: null });
    vi.stubGlobal('fetch', fetchMock);
    await request('POST', '/agent/v1/task/active', { form: { atr_id: 42 } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(init.body).toBe('atr_id=42');
  });
});

describe('requestFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToken();
  });

  it('fetches with the session headers and hands back the file and its Content-Disposition', async () => {
    const disposition = "attachment; filename*=UTF-8''%E7%AC%AC1%E9%9B%86.mp4";
    const fetchMock = vi.fn(
      async () =>
        new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'content-disposition': disposition } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    setToken('t0k3n');

    const result = await requestFile('/agent/v1/episode/download', { query: { episode_id: 5 } });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/agent/v1/episode/download?episode_id=5');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer t0k3n');
    expect(result.code).toBe(0);
    expect(result.body?.contentDisposition).toBe(disposition);
    expect(result.body?.blob.size).toBe(3);
  });

  it('answers the envelope of a failed download so its msg can be shown', async () => {
    vi.stubGlobal('fetch', answer(404, { code: 40035, msg: '该集暂无可下载的视频', body: null }));
    await expect(requestFile('/agent/v1/episode/download')).resolves.toEqual({
      code: 40035,
      msg: '该集暂无可下载的视频',
      body: null,
    });
  });
});

describe('call (an endpoint of the table)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const item = endpoint({
    method: 'POST',
    path: '/ai/v1/things/:id/parts/:part',
    guard: 'creator',
    tag: 'test',
    summary: 'a thing',
    params: z.object({ id: z.number(), part: z.string() }),
    query: z.object({ q: z.string() }),
    body: z.object({ name: z.string() }),
    response: z.object({ ok: z.boolean() }),
  });

  it('fills the path parameters one segment each, and sends the query and the body with the method', async () => {
    const fetchMock = answer(200, { code: 0, msg: 'ok', body: { ok: true } });
    vi.stubGlobal('fetch', fetchMock);
    const result = await call(item, {
      params: { id: 7, part: 'a/b %' },
      query: { q: '50%' },
      body: { name: '片段' },
    });
    expect(result.body?.ok).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ai/v1/things/7/parts/a%2Fb%20%25?q=50%25');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ name: '片段' }));
  });

  it('sends the body as a form when asked', async () => {
    const fetchMock = answer(200, { code: 0, msg: 'ok', body: { ok: true } });
    vi.stubGlobal('fetch', fetchMock);
    await call(item, { params: { id: 1, part: 'x' }, query: { q: '' }, body: { name: '张 三' }, asForm: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(init.body).toBe('name=%E5%BC%A0+%E4%B8%89');
  });
});
