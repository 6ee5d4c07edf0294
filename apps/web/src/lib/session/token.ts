/** The login token: kept in localStorage and observable, because "logged in" means "a token is stored". */
import { useSyncExternalStore } from 'react';
import { createStore } from '../create-store';
import { LocalKey, localStore } from '../storage';

const tokenStore = createStore<string | null>(localStore.get(LocalKey.token));

// Another tab logging in or out changes the same storage; follow it so both tabs agree.
window.addEventListener('storage', (event) => {
  if (event.key === LocalKey.token || event.key === null) tokenStore.set(localStore.get(LocalKey.token));
});

export const getToken = tokenStore.get;

export function setToken(token: string): void {
  localStore.set(LocalKey.token, token);
  tokenStore.set(token);
}

/** Removes the token from storage only, for a page about to be left or reloaded. */
export function forgetStoredToken(): void {
  localStore.remove(LocalKey.token);
}

export function clearToken(): void {
  localStore.remove(LocalKey.token);
  tokenStore.set(null);
}

export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
}

export function useIsLoggedIn(): boolean {
  return useToken() !== null;
}
