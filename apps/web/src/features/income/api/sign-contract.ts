/**
 * The labour-service agreement to read, and its
 * signature with an SMS code of type 6 sent to the creator's own phone, or none in a money session.
 */
import { userApi } from '@cc/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { isSuccess, unwrap } from '../../../lib/api-error';
import { cashOutFirstQueryKey } from './get-cash-out-first';
import { incomeQueryKey } from './query-keys';

export function signContractQueryOptions() {
  return queryOptions({
    queryKey: [...incomeQueryKey, 'contract'],
    queryFn: async ({ signal }) => unwrap(await call(userApi.contractInfo, { signal })),
    meta: { showsOwnError: true },
  });
}

export function useSignContractInfo({ enabled }: { enabled: boolean }) {
  return useQuery({ ...signContractQueryOptions(), enabled });
}

export function signContract(code: string | undefined) {
  return call(userApi.signContract, { body: { code } });
}

export function useSignContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signContract,
    onSuccess: async (result) => {
      if (isSuccess(result)) await queryClient.invalidateQueries({ queryKey: cashOutFirstQueryKey });
    },
  });
}
