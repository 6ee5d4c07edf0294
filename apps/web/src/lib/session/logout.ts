/** Logout: ends the session on the server and locally, then reloads. */
import { authApi } from '@cc/contracts';
import { call } from '../api-client';
import { paths, requiresLogin } from '../paths';
import { forgetStoredToken } from './token';

export async function logout(): Promise<void> {
  // The local session ends whatever the server answers: the user asked to leave.
  await call(authApi.logout);
  // Only the stored token goes before the page does: ending the session in this page too would make a
  // login-required page ask the creator, who just chose to leave, to log in again.
  forgetStoredToken();
  if (requiresLogin(window.location.pathname)) window.location.assign(paths.task);
  else window.location.reload();
}
