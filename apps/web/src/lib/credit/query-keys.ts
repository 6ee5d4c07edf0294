/** The query-key root of everything points-related, and the refresh after points arrive (a payment, a claim). */
import { queryClient } from '../query-client';
import { userInfoQueryKey } from '../session/session';

/** Totals, records, packages and the wallet summary all live under this root. */
export const creditQueryKey = ['credit'] as const;

/** Points changed on the server: reload the user (its creditInfo) and every points query. */
export async function refreshPoints(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
    queryClient.invalidateQueries({ queryKey: creditQueryKey }),
  ]);
}
