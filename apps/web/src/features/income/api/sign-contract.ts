/**
 * GET /agent/v1/user/get_sign_contract and POST /user/sign_contract: the labour-service agreement to read, and its
 * signature with an SMS code of type 6 sent to the creator's own phone (spec §7), or none in a money session.
 */
import type { SignContractInfo, SignContractResponse } from '@cc/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { isSuccess, unwrap } from '../../../lib/api-error';
import { cashOutFirstQueryKey } from './get-cash-out-first';
import { incomeQueryKey } from './query-keys';

export function getSignContract(signal?: AbortSignal) {
  return request<SignContractInfo>('GET', '/agent/v1/user/get_sign_contract', { signal });
}

export function signContractQueryOptions() {
  return queryOptions({
    queryKey: [...incomeQueryKey, 'contract'],
    queryFn: async ({ signal }) => unwrap(await getSignContract(signal)),
    meta: { showsOwnError: true },
  });
}

export function useSignContractInfo({ enabled }: { enabled: boolean }) {
  return useQuery({ ...signContractQueryOptions(), enabled });
}

export function signContract(code: string | undefined) {
  return request<SignContractResponse>('POST', '/agent/v1/user/sign_contract', { body: { code } });
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
