/**
 * The calls /task makes first (the task cards and the app filter), started as soon as the app starts on that address:
 * the page's code and its data then travel at the same time instead of one after the other. The page's own queries
 * find them in flight or done (same keys).
 */
import type { QueryClient } from '@tanstack/react-query';
import { getToken } from '../../lib/session/token';
import { taskPageQueryOptions } from '../../lib/task/get-task-page';
import { taskAppsQueryOptions } from './api/get-task-apps';
import { readTaskFilters, taskPageParams } from './components/use-task-filters';

export function prefetchTaskPage(queryClient: QueryClient, search: URLSearchParams): void {
  const filters = readTaskFilters(search);
  void queryClient.prefetchQuery(taskPageQueryOptions(taskPageParams(filters), getToken() !== null));
  void queryClient.prefetchQuery(taskAppsQueryOptions(filters.taskType));
}
