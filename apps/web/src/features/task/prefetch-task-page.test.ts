// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../lib/session/token';
import { taskPageQueryOptions } from '../../lib/task/get-task-page';
import { taskAppsQueryOptions } from './api/get-task-apps';
import { readTaskFilters, taskPageParams } from './components/use-task-filters';
import { prefetchTaskPage } from './prefetch-task-page';

const page = { data: [{ task_id: 7 }], page: { total_count: 1, page_num: 2, page_size: 12 } };
const apps = [{ app_id: 3, app_name: '红果短剧' }];

/** A server answering the two calls of the task center. */
function fakeServer() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const body = url.startsWith('/agent/v1/task/page') ? page : { apps };
      return new Response(JSON.stringify({ code: 0, msg: 'ok', body }));
    }),
  );
  return urls;
}

describe('prefetchTaskPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToken();
  });

  it('fills the queries the task center reads for the address, with the same keys', async () => {
    const urls = fakeServer();
    setToken('t0k3n');
    const client = new QueryClient();
    const search = new URLSearchParams('task_type=2&sort=total_income&page=2&keyword=霸总');

    prefetchTaskPage(client, search);

    const filters = readTaskFilters(search);
    // What TaskPage asks for: useTaskPage(taskPageParams(filters)) logged in, and useTaskApps(filters.taskType).
    await vi.waitFor(() => {
      expect(client.getQueryData(taskPageQueryOptions(taskPageParams(filters), true).queryKey)).toEqual(page);
      expect(client.getQueryData(taskAppsQueryOptions(2).queryKey)).toEqual(apps);
    });
    expect(urls.sort()).toEqual([
      '/agent/v1/enum?task_type=2',
      `/agent/v1/task/page?task_type=2&keyword=${encodeURIComponent('霸总')}&sort=total_income&page_num=2&page_size=12`,
    ]);
  });
});
