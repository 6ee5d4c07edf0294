/**
 * Claiming the free 100 points, from the gift page or the points list: check, then claim — 100 means
 * claimed already (`already`), 0 claims now. Failures say the server's words, else '领取失败，请重试'.
 */
import { Message } from '@arco-design/web-react';
import { FREE_CLAIM_POINTS, FreePointsStatus, creditApi } from '@cc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { text } from '../../locales/zh-CN';
import { call } from '../api-client';
import { isSuccess } from '../api-error';
import { freePointsStatusQueryKey, getFreePointsStatus } from './get-free-points-status';
import { refreshPoints } from './query-keys';

const CLAIMED = { status: FreePointsStatus.Claimed, points: FREE_CLAIM_POINTS };

export type ClaimOutcome = 'claimed' | 'already' | 'failed';

export function useClaimFreePoints() {
  const queryClient = useQueryClient();
  const markClaimed = () => queryClient.setQueryData(freePointsStatusQueryKey, CLAIMED);

  return useMutation({
    mutationFn: async (): Promise<ClaimOutcome> => {
      const check = await getFreePointsStatus();
      if (!isSuccess(check)) {
        Message.error(check.msg || text.gift.claimFailed);
        return 'failed';
      }
      if (check.body.status === FreePointsStatus.Claimed) {
        markClaimed();
        return 'already';
      }
      const claim = await call(creditApi.claimFreePoints);
      if (!isSuccess(claim)) {
        Message.error(claim.msg || text.gift.claimFailed);
        return 'failed';
      }
      markClaimed();
      Message.success(claim.msg || text.gift.claimSuccess);
      await refreshPoints();
      return 'claimed';
    },
  });
}
