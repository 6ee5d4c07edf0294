/** POST /agent/v1/user/logout: ends the session on the server and locally, then reloads (spec §4). */
import { request } from '../api-client';
import { paths, requiresLogin } from '../paths';
import { forgetStoredToken } from './token';

export function postLogout() {
  return request<null>('POST', '/agent/v1/user/logout');
}

export async function logout(): Promise<void> {
  // The local session ends whatever the server answers: the user asked to leave.
  await postLogout();
  // Only the stored token goes before the page does: ending the session in this page too would make a
  // login-required page ask the creator, who just chose to leave, to log in again (issue 20).
  forgetStoredToken();
  if (requiresLogin(window.location.pathname)) window.location.assign(paths.task);
  else window.location.reload();
}
