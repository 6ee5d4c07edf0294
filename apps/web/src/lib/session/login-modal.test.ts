import { describe, expect, it, vi } from 'vitest';
import {
  cancelLoginModal,
  closeLoginModal,
  emitLoginSuccess,
  loginPromptAddress,
  openLoginModal,
  returnAddress,
} from './login-modal';

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

describe('coming back after a login prompt', () => {
  it('opens the modal on the task page with the asked-for address to return to', () => {
    expect(loginPromptAddress('/profile/team?page=2')).toBe(
      '/task?showLoginModal=1&redirect=%2Fprofile%2Fteam%3Fpage%3D2',
    );
  });

  it('never returns to another site', () => {
    expect(loginPromptAddress('//evil.example/x')).toBe('/task?showLoginModal=1');
  });

  it('returns to the page, its query and its anchor', () => {
    expect(returnAddress({ pathname: '/task-detail', search: '?task_id=3&task_type=1', hash: '#episodes' })).toBe(
      '/task-detail?task_id=3&task_type=1#episodes',
    );
  });

  it('a second 401 on the prompt itself keeps the first place, not the prompt', () => {
    expect(returnAddress({ pathname: '/task', search: '?showLoginModal=1&redirect=%2Fincome', hash: '' })).toBe(
      '/income',
    );
    expect(returnAddress({ pathname: '/task', search: '?showLoginModal=1&keyword=a', hash: '' })).toBe(
      '/task?keyword=a',
    );
  });
});
