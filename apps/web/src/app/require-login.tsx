/**
 * Guard of the login-required routes: anonymous visitors go to the task page with the login modal open, and
 * come back to the address they asked for once logged in; others wait for the user.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../components/loading';
import { useUserInfo } from '../lib/session/get-user-info';
import { loginPromptAddress, returnAddress, useLoginModalState } from '../lib/session/login-modal';
import { useIsLoggedIn } from '../lib/session/token';

export function RequireLogin() {
  const isLoggedIn = useIsLoggedIn();
  const { visible: loginPrompted } = useLoginModalState();
  const { data: user } = useUserInfo();
  const location = useLocation();
  // A session that just ended opened the login modal and is already on its way to the task page with a
  // `redirect`; navigating here too would race it and drop that `redirect` from the address.
  if (!isLoggedIn)
    return loginPrompted ? <Loading /> : <Navigate to={loginPromptAddress(returnAddress(location))} replace />;
  // Until the user arrives (or the session guard gives up on it) the page would only render half its data.
  if (!user) return <Loading />;
  return <Outlet />;
}
