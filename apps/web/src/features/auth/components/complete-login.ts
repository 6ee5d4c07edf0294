/** What every way of logging in ends with (SMS code or QR): keep the token, load the user, close, announce, go on. */
import { Message } from '@arco-design/web-react';
import { navigateTo } from '../../../lib/navigation';
import { refreshUserInfo } from '../../../lib/session/get-user-info';
import { closeLoginModal, emitLoginSuccess } from '../../../lib/session/login-modal';
import { setToken } from '../../../lib/session/token';
import { text } from '../../../locales/zh-CN';

export async function completeLogin(accessToken: string, isNew: boolean, redirect: string | null): Promise<void> {
  setToken(accessToken);
  await refreshUserInfo();
  Message.success(text.auth.loginSuccess);
  closeLoginModal();
  emitLoginSuccess({ isNew });
  if (redirect) navigateTo(redirect);
}
