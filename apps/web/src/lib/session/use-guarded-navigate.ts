/** Navigation that asks an anonymous visitor to log in first when the target needs it. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { requiresLogin } from '../paths';
import { openLoginModal } from './login-modal';
import { useIsLoggedIn } from './token';

interface GuardedNavigateOptions {
  /** Ask for login even for a public route, e.g. opening the tools from the landing page. */
  loginFirst?: boolean;
}

export function useGuardedNavigate(): (to: string, options?: GuardedNavigateOptions) => void {
  const navigate = useNavigate();
  const isLoggedIn = useIsLoggedIn();
  return useCallback(
    (to, { loginFirst = requiresLogin(new URL(to, window.location.origin).pathname) } = {}) => {
      // The modal remembers the target and goes there once the user is in.
      if (!isLoggedIn && loginFirst) openLoginModal(to);
      else void navigate(to);
    },
    [isLoggedIn, navigate],
  );
}
