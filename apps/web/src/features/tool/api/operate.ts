/**
 * 智能运营's calls: suggestions, the channel and hour figures, and the publishing calendar with its writes. A
 * calendar write refreshes the calendar lists.
 */
import { operateApi, type EndpointBodyInput, type EndpointQueryInput } from '@cc/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/** A planned post as the form sends it. */
export type CalendarItemInput = EndpointBodyInput<typeof operateApi.createItem>;

const operateKeys = {
  suggestions: ['operate', 'suggestions'] as const,
  insight: (days: number) => ['operate', 'insight', days] as const,
  calendar: ['operate', 'calendar'] as const,
};

export function useSuggestions() {
  return useQuery({
    queryKey: operateKeys.suggestions,
    queryFn: async ({ signal }) => unwrap(await call(operateApi.suggestions, { signal })),
  });
}

export function useInsight(days: number) {
  return useQuery({
    queryKey: operateKeys.insight(days),
    queryFn: async ({ signal }) => unwrap(await call(operateApi.insight, { query: { days }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useCalendar(range: EndpointQueryInput<typeof operateApi.calendar>) {
  return useQuery({
    queryKey: [...operateKeys.calendar, range.start_date, range.end_date],
    queryFn: async ({ signal }) => unwrap(await call(operateApi.calendar, { query: range, signal })),
  });
}

/** The writes answer the envelope as it came: a refusal's message is for the caller to show where it belongs. */
export function useCalendarWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: operateKeys.calendar });
  const create = useMutation({
    mutationFn: (body: CalendarItemInput) => call(operateApi.createItem, { body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: CalendarItemInput }) =>
      call(operateApi.updateItem, { params: { id }, body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(operateApi.deleteItem, { params: { id } }),
    onSuccess: refresh,
  });
  return { create, update, remove };
}
