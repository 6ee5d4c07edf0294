/**
 * The money session (ADR 0026): whether this login on this browser verified a money code in the
 * last 10 minutes, so the next money action may go without one. Refreshed after each money action.
 */
import { authApi } from '@cc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client';
import { unwrap } from '../api-error';
import { useSecondsUntil } from '../use-now';

export const moneySessionQueryKey = ['money-session'] as const;

async function fetchMoneySession(signal: AbortSignal): Promise<{ endsAt: number | null }> {
  const session = unwrap(await call(authApi.moneySession, { signal }));
  // Counted from the answer's arrival by this browser's clock, whatever the clocks disagree on.
  return { endsAt: session.open ? Date.now() + session.expires_in * 1000 : null };
}

/** Seconds the money session stays open (0 when closed or not asked for), and a refresh for after a money action. */
export function useMoneySession(enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: moneySessionQueryKey,
    queryFn: ({ signal }) => fetchMoneySession(signal),
    enabled,
    staleTime: 0,
    meta: { showsOwnError: true },
  });
  const secondsLeft = useSecondsUntil(enabled ? (query.data?.endsAt ?? null) : null);
  return {
    secondsLeft,
    refresh: () => queryClient.invalidateQueries({ queryKey: moneySessionQueryKey }),
  };
}
