/** GET /agent/v1/credit/countdown: seconds left of the running promotion, 0 when none. */
import { creditApi } from '@cc/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { creditQueryKey } from '../../../lib/credit/query-keys';

export function getCountdown(signal?: AbortSignal) {
  return call(creditApi.countdown, { signal });
}

/** The promotion's end as a browser time (epoch ms), or null when none runs. */
export function usePromotionDeadline({ enabled }: { enabled: boolean }): number | null {
  const { data, dataUpdatedAt } = useQuery({
    queryKey: [...creditQueryKey, 'countdown'],
    queryFn: async ({ signal }) => unwrap(await getCountdown(signal)),
    enabled,
    // A countdown is decoration: a failure hides it rather than interrupting the purchase.
    meta: { showsOwnError: true },
  });
  // Seconds are counted from when the answer arrived, so the device's clock setting does not matter.
  return data && data.gear_position > 0 ? dataUpdatedAt + data.gear_position * 1000 : null;
}
