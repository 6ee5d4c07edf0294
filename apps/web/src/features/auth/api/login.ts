/** Login by phone and SMS code: the access token out. */
import { authApi, type EndpointBodyInput } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export function login(payload: EndpointBodyInput<typeof authApi.login>) {
  return call(authApi.login, { body: payload });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
