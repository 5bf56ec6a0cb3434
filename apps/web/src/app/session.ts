import { VISITOR_HINT_COOKIE, type VisitorHint, visitorHintFrom } from '@campwise/contract/server-render';
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

/** A year: the hint is written again whenever the app starts (decision 062). */
const HINT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Tells the server who visits, so that a page it renders before the script arrives holds the
 * right links (a parent's Register leads to the registration). Only the user type: the token
 * stays in local storage and never travels in a cookie.
 */
export function writeVisitorHint(userType: UserType | null): void {
  if (typeof document === 'undefined') return;
  if (visitorHintFrom(document.cookie) === userType) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers parents use (Firefox).
  document.cookie = userType
    ? `${VISITOR_HINT_COOKIE}=${userType}; Path=/; SameSite=Lax; Max-Age=${HINT_MAX_AGE_SECONDS}${secure}`
    : `${VISITOR_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0${secure}`;
}

export function signIn(session: Session): void {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USER_TYPE_KEY, session.userType);
  writeVisitorHint(session.userType);
  notify();
}

export function signOut(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_TYPE_KEY);
  writeVisitorHint(null);
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

/**
 * The visitor a page is rendered for: on the server the one its request's hint names; in the
 * browser the one the server's page says it was rendered for, so hydration sees the same.
 */
let readRenderedVisitor = (): VisitorHint | null => null;

export function setRenderedVisitorReader(reader: () => VisitorHint | null): void {
  readRenderedVisitor = reader;
}

const readUserType = (): UserType | null => readSession()?.userType ?? null;

/**
 * Who is signed in, by type only, for what a page the server renders must show alike before the
 * script (its links): the server and the hydrating browser both use the visitor the page was
 * rendered for, then the browser its session.
 */
export function useVisitorType(): UserType | null {
  return useSyncExternalStore(subscribe, readUserType, () => readRenderedVisitor());
}
