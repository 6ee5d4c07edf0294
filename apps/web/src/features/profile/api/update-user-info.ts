/** POST /agent/v1/user/update_info: changes the creator's nickname or avatar, then reloads the user. */
import type { UpdateInfoRequest } from '@cc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { userInfoQueryKey } from '../../../lib/session/session';

export function updateUserInfo(payload: UpdateInfoRequest) {
  // The answer's body is not read: the user is reloaded instead, so every screen shows the same data.
  return request<unknown>('POST', '/agent/v1/user/update_info', { body: payload });
}

export function useUpdateUserInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserInfo,
    onSuccess: async (result) => {
      if (isSuccess(result)) await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
    },
  });
}
