import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPath } from './nav-links.ts';
import { type UserType, useSession } from './session.ts';

/**
 * Guards a group of routes: a visitor who is not signed in as `userType` goes to that type's
 * login, which returns them here afterwards. The server checks every call as well.
 */
export function RequireRole({ userType }: { userType: UserType }) {
  const session = useSession();
  const location = useLocation();
  if (session?.userType === userType) return <Outlet />;
  const returnTo = encodeURIComponent(`${location.pathname}${location.search}`);
  return <Navigate to={`${loginPath(userType)}?returnTo=${returnTo}`} replace />;
}

/** Only a path inside this site may be returned to after login (no open redirects). */
export function safeReturnPath(value: string | null): string | null {
  const internal = value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
  return internal ? value : null;
}

/** A sign-in or sign-up path that carries the way back on to the next screen. */
export function withReturnTo(path: string, returnTo: string | null): string {
  const back = safeReturnPath(returnTo);
  return back ? `${path}?returnTo=${encodeURIComponent(back)}` : path;
}
