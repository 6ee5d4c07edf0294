/**
 * The task center's filters kept in the address (`type`, `app_id`, `keyword`, `sort`, `page`), so going back from a
 * task's detail, reloading or sharing the link shows the same list.
 */
import { TASK_SORTS, TaskType, type TaskSort } from '@cc/contracts';
import { useSearchParams } from 'react-router';
import type { TaskPageParams } from '../../../lib/task/get-task-page';

/** Twelve cards to a page. */
export const TASK_PAGE_SIZE = 12;

export interface TaskFilters {
  taskType: TaskType;
  appId: number | undefined;
  keyword: string;
  sort: TaskSort;
  page: number;
}

const Query = { type: 'task_type', app: 'app_id', keyword: 'keyword', sort: 'sort', page: 'page' } as const;

function positiveInt(value: string | null): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

export function readTaskFilters(search: URLSearchParams): TaskFilters {
  const sort = search.get(Query.sort);
  return {
    taskType: search.get(Query.type) === String(TaskType.Novel) ? TaskType.Novel : TaskType.Playlet,
    appId: positiveInt(search.get(Query.app)),
    keyword: search.get(Query.keyword)?.trim() ?? '',
    sort: TASK_SORTS.includes(sort as TaskSort) ? (sort as TaskSort) : 'publish_at',
    page: positiveInt(search.get(Query.page)) ?? 1,
  };
}

/** The task page call for these filters: one definition, so the page and its prefetch ask the same query. */
export function taskPageParams(filters: TaskFilters): TaskPageParams {
  return {
    task_type: filters.taskType,
    app_id: filters.appId,
    keyword: filters.keyword || undefined,
    sort: filters.sort,
    page_num: filters.page,
    page_size: TASK_PAGE_SIZE,
  };
}

export function useTaskFilters() {
  const [search, setSearch] = useSearchParams();
  const filters = readTaskFilters(search);

  /** Any change but the page's own goes back to page 1. */
  function update(change: Partial<TaskFilters>) {
    const next = { ...filters, page: 1, ...change };
    setSearch(
      (current) => {
        const query = new URLSearchParams(current);
        const entries: Array<[string, string | number | undefined]> = [
          [Query.type, next.taskType === TaskType.Playlet ? undefined : next.taskType],
          [Query.app, next.appId],
          [Query.keyword, next.keyword || undefined],
          [Query.sort, next.sort === 'publish_at' ? undefined : next.sort],
          [Query.page, next.page > 1 ? next.page : undefined],
        ];
        for (const [key, value] of entries) {
          if (value === undefined) query.delete(key);
          else query.set(key, String(value));
        }
        return query;
      },
      { replace: true },
    );
  }

  return { filters, update };
}
