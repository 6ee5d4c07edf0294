import { describe, expect, it } from 'vitest';
import { readTaskFilters } from './use-task-filters';

describe('readTaskFilters', () => {
  it('defaults to playlets, all apps, newest first, page 1', () => {
    expect(readTaskFilters(new URLSearchParams())).toEqual({
      taskType: 1,
      appId: undefined,
      keyword: '',
      sort: 'publish_at',
      page: 1,
    });
  });

  it('reads the address and ignores what it cannot use', () => {
    expect(
      readTaskFilters(new URLSearchParams('task_type=2&app_id=3&keyword=%20霸总%20&sort=share_rate&page=4')),
    ).toEqual({ taskType: 2, appId: 3, keyword: '霸总', sort: 'share_rate', page: 4 });
    expect(readTaskFilters(new URLSearchParams('task_type=9&app_id=-1&sort=evil&page=0'))).toMatchObject({
      taskType: 1,
      appId: undefined,
      sort: 'publish_at',
      page: 1,
    });
  });
});
