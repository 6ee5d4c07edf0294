// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { ErrorCode, channelSchema, type Channel } from '@cc/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChannelPage } from './channel-page';

const ok = <T,>(body: T) => ({ code: 0, msg: 'ok', body });

const filing = (id: number, extra: Partial<Channel> = {}): Channel =>
  channelSchema.parse({
    id,
    platform: 1,
    platform_name: '短视频平台',
    channel_name: `推荐官${id}`,
    channel_id: `dy_${id}`,
    channel_url: `https://www.douyin.com/user/${id}`,
    cover: '',
    report_status: 1,
    reason: '',
    created_at: '2026-11-20T04:00:00.000Z',
    reviewed_at: null,
    ...extra,
  });

interface Sent {
  path: string;
  method: string;
  query: URLSearchParams;
  body: unknown;
}

/** A fetch answering per path (a value, or a function of the request), recording what was sent. */
function fakeServer(answers: Record<string, unknown | ((request: Sent) => unknown)>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const [path = '', search = ''] = url.split('?');
      const request = {
        path,
        method: init.method ?? 'GET',
        query: new URLSearchParams(search),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      sent.push(request);
      const answer = answers[path];
      const value = typeof answer === 'function' ? (answer as (r: Sent) => unknown)(request) : answer;
      return new Response(JSON.stringify(value ?? { code: 40401, msg: '接口不存在', body: null }));
    }),
  );
  return sent;
}

const paged = (data: Channel[]) => ok({ data, page: { total_count: data.length, page_num: 1, page_size: 12 } });

function renderPage() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ChannelPage />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('account filing page', () => {
  it('shows each filing with its status, the reason of a refusal, and filters by status', async () => {
    const sent = fakeServer({
      '/agent/v1/user/account/page': (request: Sent) =>
        request.query.get('report_status') === '3'
          ? paged([filing(3, { report_status: 3, reason: '非本人账号' })])
          : paged([
              filing(1),
              filing(2, { report_status: 2, reviewed_at: '2026-11-21T04:00:00.000Z' }),
              filing(3, { report_status: 3, reason: '非本人账号' }),
            ]),
    });
    renderPage();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      '推荐官1',
      '推荐官2',
      '推荐官3',
    ]);
    for (const [index, status] of ['审核中', '已通过', '未通过'].entries()) {
      expect(within(cards[index]!).getByText(status, { exact: true })).toBeTruthy();
    }
    expect(within(cards[2]!).getByText(/^未通过原因：/).textContent).toBe('未通过原因：非本人账号');
    const link = within(cards[0]!).getByRole('link');
    expect(link.getAttribute('href')).toBe('https://www.douyin.com/user/1');
    expect(link.getAttribute('rel')).toContain('noopener');

    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: '审核状态' })).getByRole('radio', { name: '未通过' }),
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(sent.at(-1)?.query.get('report_status')).toBe('3');
  });

  it('invites a creator with no filing to file one, and judges the form as the server does', async () => {
    const sent = fakeServer({
      '/agent/v1/user/account/page': paged([]),
      '/agent/v1/user/account/create': { code: ErrorCode.channelTaken, msg: '该账号已被其他创作者报备', body: null },
    });
    renderPage();
    const empty = await screen.findByRole('group', { name: '还没有报备账号' });
    fireEvent.click(within(empty).getByRole('button', { name: '报备账号' }));

    const dialog = await screen.findByRole('dialog', { name: '报备账号' });
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: '提交报备' }));
    const field = (label: string) => within(dialog).getByRole('textbox', { name: label });
    submit();
    expect(await within(dialog).findByText('请选择平台')).toBeTruthy();
    expect(within(dialog).getByText('请填写账号名称')).toBeTruthy();
    expect(within(dialog).getByText('请填写账号主页链接')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('combobox', { name: '平台' }));
    fireEvent.click(await screen.findByRole('option', { name: /^短视频平台/ }));
    fireEvent.change(field('账号名称'), { target: { value: '推荐官' } });
    fireEvent.change(field('账号ID'), { target: { value: 'a%b' } });
    fireEvent.change(field('账号主页链接'), { target: { value: 'https://space.bilibili.com/1' } });
    submit();
    expect(await within(dialog).findByText('账号ID只能包含文字、字母、数字和 _ - . @')).toBeTruthy();
    expect(within(dialog).getByText('该链接不是短视频平台（如抖音、快手）的账号主页，请核对平台或链接')).toBeTruthy();
    expect(sent.some((request) => request.path === '/agent/v1/user/account/create')).toBe(false);

    fireEvent.change(field('账号ID'), { target: { value: 'ab' } });
    fireEvent.change(field('账号主页链接'), { target: { value: 'https://www.douyin.com/user/ab' } });
    submit();
    // Someone else's channel: told under the id, the form stays open.
    expect(await within(dialog).findByText('该账号已被其他创作者报备')).toBeTruthy();
    expect(sent.find((request) => request.path === '/agent/v1/user/account/create')?.body).toEqual({
      platform: 1,
      channel_name: '推荐官',
      channel_id: 'ab',
      channel_url: 'https://www.douyin.com/user/ab',
    });
  });

  it('deletes the selected filings after a confirmation', async () => {
    const sent = fakeServer({
      '/agent/v1/user/account/page': paged([filing(1), filing(2), filing(3)]),
      '/agent/v1/user/account/delete': ok({ deleted: 2 }),
    });
    renderPage();
    const cards = await screen.findAllByRole('article');
    fireEvent.click(within(cards[0]!).getByRole('checkbox'));
    fireEvent.click(within(cards[2]!).getByRole('checkbox'));
    expect(screen.getByText('已选 2 个')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('确定删除选中的 2 个账号吗？删除后这些账号可被重新报备。');
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() =>
      expect(sent.find((request) => request.path === '/agent/v1/user/account/delete')?.body).toEqual({ ids: [1, 3] }),
    );
  });

  it('corrects a rejected filing and sends it to review again; others offer no such action', async () => {
    const rejected = filing(3, {
      report_status: 3,
      reason: '主页打不开',
      cover: '/ai/v1/files/images/7-abcdefghijklmnop.png',
    });
    const sent = fakeServer({
      '/agent/v1/user/account/page': paged([filing(1), filing(2, { report_status: 2 }), rejected]),
      '/agent/v1/user/account/update': ok({ ...rejected, report_status: 1, reason: '' }),
    });
    renderPage();
    const cards = await screen.findAllByRole('article');
    const edit = { name: '修改并重新提交' };
    expect(within(cards[0]!).queryByRole('button', edit)).toBeNull();
    expect(within(cards[1]!).queryByRole('button', edit)).toBeNull();
    fireEvent.click(within(cards[2]!).getByRole('button', edit));

    const dialog = await screen.findByRole('dialog', { name: '修改报备' });
    expect(within(dialog).getByText(/^未通过原因：/).textContent).toContain('未通过原因：主页打不开');
    expect((within(dialog).getByRole('textbox', { name: '账号ID' }) as HTMLInputElement).value).toBe('dy_3');
    fireEvent.change(within(dialog).getByRole('textbox', { name: '账号主页链接' }), {
      target: { value: 'https://www.douyin.com/user/fixed' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '重新提交审核' }));
    await waitFor(() =>
      expect(sent.find((request) => request.path === '/agent/v1/user/account/update')?.body).toEqual({
        id: 3,
        platform: 1,
        channel_name: '推荐官3',
        channel_id: 'dy_3',
        channel_url: 'https://www.douyin.com/user/fixed',
        cover: '7-abcdefghijklmnop.png',
      }),
    );
    expect(sent.some((request) => request.path === '/agent/v1/user/account/create')).toBe(false);
  });

  it('offers a retry when the list fails to load', async () => {
    fakeServer({ '/agent/v1/user/account/page': { code: 50000, msg: '', body: null } });
    renderPage();
    expect((await screen.findByText('获取数据失败，请重试')).getAttribute('role')).toBe('alert');
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
