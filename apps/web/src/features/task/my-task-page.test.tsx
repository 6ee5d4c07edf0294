// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { myTaskRowSchema } from '@cc/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyTaskPage } from './my-task-page';

const row = myTaskRowSchema.parse({
  atr_id: 3,
  task_id: 9,
  task_type: 2,
  app_id: 3,
  app_name: '番茄小说',
  app_icon: '',
  serial_name: '长街灯火',
  title: '长街灯火',
  cover: '/cover.png',
  code: 'AB12CD34',
  click_count: 12,
  order_count: 2,
  order_amount: '19.80',
  ad_amount: '0.00',
  share_amount: '11.88',
  actived_at: '2026-11-20T02:30:00.000Z',
});

function serve(): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const query = new URLSearchParams(url.split('?')[1] ?? '');
      asked.push(query);
      const data = query.get('task_type') === '1' ? [] : [row];
      const page = { total_count: data.length, page_num: 1, page_size: 10 };
      return new Response(JSON.stringify({ code: 0, msg: 'ok', body: { data, page } }));
    }),
  );
  return asked;
}

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <MyTaskPage /> }], { initialEntries: ['/profile/task'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('MyTaskPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('dates each task by when its promotion started, in Beijing time', async () => {
    serve();
    renderPage();
    // The phone's layout (jsdom's): a card per task.
    expect((await screen.findByRole('listitem')).textContent).toContain('2026-11-20 10:30 开始推广');
  });

  it('narrows the list to one task type and says so when that type has none', async () => {
    const asked = serve();
    renderPage();
    await screen.findByRole('listitem');
    expect(asked[0]!.has('task_type')).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: '短剧' }));
    expect(await screen.findByRole('group', { name: '该类型下还没有推广中的任务' })).toBeTruthy();
    await waitFor(() => expect(asked.at(-1)!.get('task_type')).toBe('1'));
    expect(asked.at(-1)!.get('page_num')).toBe('1');
    fireEvent.click(screen.getByRole('radio', { name: '全部' }));
    await screen.findByRole('listitem');
  });
});
