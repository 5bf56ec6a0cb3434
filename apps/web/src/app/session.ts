import { useSyncExternalStore } from 'react';
import { loginPath } from './nav-links.ts';

/** Who is signed in, as the spec stores it: a token and a user type in local storage. */
export type UserType = 'host' | 'camper' | 'admin';
export interface Session {
  token: string;
  userType: UserType;
}

const TOKEN_KEY = 'token';
const USER_TYPE_KEY = 'userType';
const listeners = new Set<() => void>();
let cached: { raw: string; session: Session | null } | null = null;

function isUserType(value: string | null): value is UserType {
  return value === 'host' || value === 'camper' || value === 'admin';
}

export function readSession(): Session | null {
  // A page rendered on the server is rendered for nobody in particular.
  if (typeof localStorage === 'undefined') return null;
  const token = localStorage.getItem(TOKEN_KEY);
  const userType = localStorage.getItem(USER_TYPE_KEY);
  const raw = `${token}|${userType}`;
  if (cached?.raw !== raw) {
    cached = { raw, session: token && isUserType(userType) ? { token, userType } : null };
  }
  return cached.session;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function signIn(session: Session): void {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USER_TYPE_KEY, session.userType);
  notify();
}

export function signOut(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_TYPE_KEY);
  notify();
}

/**
 * The server refused the stored token (expired, revoked, tampered): sign out and go to the
 * matching login, which says why and brings the user back here afterwards.
 */
export function expireSession(userType: UserType): void {
  signOut();
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`${loginPath(userType)}?expired=1&returnTo=${encodeURIComponent(here)}`);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}
