/**
 * The tool points check of spec §4/§5: before a tool runs, the balance must cover what it costs; otherwise say so
 * and open the points list so the creator can recharge. Logged-out visitors are asked to log in first.
 */
import { Message } from '@arco-design/web-react';
import { text } from '../../locales/zh-CN';
import { ApiError } from '../api-error';
import { queryClient } from '../query-client';
import { openLoginModal } from '../session/login-modal';
import { getToken } from '../session/token';
import { toastFailure } from '../toast';
import { creditTotalQueryOptions } from './get-credit-total';
import { openPointsModal } from './points-modal';

/** True when the creator may go on; false after telling them why not. */
export async function ensurePoints(required: number): Promise<boolean> {
  if (getToken() === null) {
    openLoginModal();
    return false;
  }
  let total: number;
  try {
    // A fresh balance: another tab or a running job may have spent points since the bar last loaded.
    total = (await queryClient.fetchQuery({ ...creditTotalQueryOptions(), staleTime: 0 })).total;
  } catch (error) {
    toastFailure(error instanceof ApiError ? error.msg : '');
    return false;
  }
  if (total >= required) return true;
  Message.error(text.credit.insufficientPoints);
  openPointsModal('list');
  return false;
}
