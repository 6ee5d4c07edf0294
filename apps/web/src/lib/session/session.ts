/** Ending the session locally: the token goes, and the cached user with it. */
import { Message } from '@arco-design/web-react';
import { text } from '../../locales/zh-CN';
import { queryClient } from '../query-client';
import { promptLogin, returnAddress } from './login-modal';
import { clearToken, getToken } from './token';

export const userInfoQueryKey = ['user', 'info'] as const;

export function clearSession(): void {
  clearToken();
  queryClient.removeQueries({ queryKey: userInfoQueryKey });
}

/** The answer to any 401. */
export function expireSession(): void {
  // Parallel calls can all come back 401: only the first, which still finds the token, tells the user.
  const hadToken = getToken() !== null;
  // Prompt before clearing, so the login-required pages see a prompt under way rather than a bare anonymous visit.
  // Once logged in again the creator comes back to the page the session expired on.
  promptLogin(returnAddress(window.location));
  if (hadToken) {
    clearSession();
    Message.warning(text.common.sessionExpired);
  }
}
