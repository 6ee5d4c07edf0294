/** Changes the creator's nickname or avatar, then reloads the user. */
import { userApi, type UpdateInfoRequest } from '@cc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { userInfoQueryKey } from '../../../lib/session/session';

export function updateUserInfo(payload: UpdateInfoRequest) {
  // The answer's body is not read: the user is reloaded instead, so every screen shows the same data.
  return call(userApi.updateInfo, { body: payload });
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
