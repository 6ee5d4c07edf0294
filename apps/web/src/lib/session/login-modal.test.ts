import { describe, expect, it, vi } from 'vitest';
import { cancelLoginModal, closeLoginModal, emitLoginSuccess, openLoginModal } from './login-modal';

describe('login modal follow-ups', () => {
  it('runs what was asked once the login succeeds, once', () => {
    const then = vi.fn();
    openLoginModal(null, then);
    closeLoginModal();
    emitLoginSuccess({ isNew: false });
    emitLoginSuccess({ isNew: false });
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('forgets it when the visitor dismisses the modal', () => {
    const then = vi.fn();
    openLoginModal(null, then);
    cancelLoginModal();
    emitLoginSuccess({ isNew: true });
    expect(then).not.toHaveBeenCalled();
  });

  it('a later plain login does not inherit an earlier follow-up', () => {
    const then = vi.fn();
    openLoginModal(null, then);
    openLoginModal('/income');
    emitLoginSuccess({ isNew: false });
    expect(then).not.toHaveBeenCalled();
  });
});
