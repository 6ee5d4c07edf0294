/** POST /agent/v1/user/login: phone and SMS code in, access token out (spec §7). */
import type { LoginRequest, LoginResponse } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export function login(payload: LoginRequest) {
  return request<LoginResponse>('POST', '/agent/v1/user/login', { body: payload });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
