/**
 * Mounted once at the root: keeps the address's referral, opens the login modal when the address asks for it
 * (`showLoginModal=1`), and loads the modal's code (form, tabs, QR login) the first time it opens rather than with
 * every first page. Once loaded it stays mounted, so the form keeps its state between openings as before.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { LoginQuery } from '../../../lib/paths';
import { captureReferral } from '../../../lib/referral';
import { openLoginModal, useLoginModalState } from '../../../lib/session/login-modal';

const LoginModal = lazy(async () => ({ default: (await import('./login-modal')).LoginModal }));

function useLoginAddress(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  useEffect(() => {
    captureReferral(searchParams, pathname);
    if (searchParams.get(LoginQuery.show) !== '1') return;
    openLoginModal(searchParams.get(LoginQuery.redirect));
    // Drop the flag so a reload or a shared link does not pop the modal again.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LoginQuery.show);
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams, pathname]);
}

export function LoginModalHost() {
  useLoginAddress();
  const { visible } = useLoginModalState();
  const [wanted, setWanted] = useState(visible);
  if (visible && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  ) : null;
}
