/** POST /agent/v1/user/logout: ends the session on the server and locally, then reloads (spec §4). */
import { request } from '../api-client';
import { clearSession } from './session';

export function postLogout() {
  return request<null>('POST', '/agent/v1/user/logout');
}

export async function logout(): Promise<void> {
  // The local session ends whatever the server answers: the user asked to leave.
  await postLogout();
  clearSession();
  window.location.reload();
}
