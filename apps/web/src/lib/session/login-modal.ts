/** Opening the login modal from anywhere, and the success event it emits. */
import { useSyncExternalStore } from 'react';
import { createStore } from '../create-store';
import { navigateTo } from '../navigation';
import { LoginQuery, paths, safeRedirect } from '../paths';

export interface LoginModalState {
  visible: boolean;
  /** Where to go once logged in; null stays on the current page. */
  redirect: string | null;
}

const modalStore = createStore<LoginModalState>({ visible: false, redirect: null });

/** What to do once this login succeeds (e.g. open the tool in a new window); forgotten if the modal is dismissed. */
let afterLogin: (() => void) | null = null;

export function openLoginModal(redirect?: string | null, then?: () => void): void {
  afterLogin = then ?? null;
  modalStore.set({ visible: true, redirect: safeRedirect(redirect) });
}

export function closeLoginModal(): void {
  modalStore.set({ visible: false, redirect: null });
}

/** The visitor dismissed the modal without logging in. */
export function cancelLoginModal(): void {
  afterLogin = null;
  closeLoginModal();
}

export function useLoginModalState(): LoginModalState {
  return useSyncExternalStore(modalStore.subscribe, modalStore.get);
}

/**
 * The task page with the login modal open, coming back to `redirect` once logged in: where an anonymous
 * visitor of a login-required address, a 401 and a session that failed to load all send the creator.
 */
export function loginPromptAddress(redirect?: string | null): string {
  const query = new URLSearchParams({ [LoginQuery.show]: '1' });
  const target = safeRedirect(redirect);
  if (target) query.set(LoginQuery.redirect, target);
  return `${paths.task}?${query.toString()}`;
}

/**
 * Where the creator was, to come back to after logging in: the address itself, or, when already on a login prompt,
 * the place that prompt returns to (parallel 401s must not make the prompt return to itself).
 */
export function returnAddress({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const query = new URLSearchParams(search);
  const pending = safeRedirect(query.get(LoginQuery.redirect));
  if (pending) return pending;
  query.delete(LoginQuery.show);
  const rest = query.toString();
  return `${pathname}${rest ? `?${rest}` : ''}${hash}`;
}

/** Sends the visitor to the task page with the login modal open, after a 401 or a session that failed to load. */
export function promptLogin(redirect?: string): void {
  // Opening directly as well as through the address: a route guard may rewrite the address on the way.
  openLoginModal(redirect);
  navigateTo(loginPromptAddress(redirect));
}

export interface LoginSuccess {
  isNew: boolean;
}

const successListeners = new Set<(event: LoginSuccess) => void>();

/** Subscribes to successful logins, e.g. to greet a new creator; returns the unsubscribe function. */
export function onLoginSuccess(listener: (event: LoginSuccess) => void): () => void {
  successListeners.add(listener);
  return () => successListeners.delete(listener);
}

export function emitLoginSuccess(event: LoginSuccess): void {
  const then = afterLogin;
  afterLogin = null;
  for (const listener of successListeners) listener(event);
  then?.();
}
