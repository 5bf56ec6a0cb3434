/**
 * Where Register leads: the registration (of one session, when named) for a parent, or sign-up
 * for a guest, who then comes back to `returnTo`: the camp's page, or that session's registration.
 */
export function registerPath(campId: number, signedInAsParent: boolean, sessionId?: number): string {
  const registration = `/camps/${campId}/register${sessionId === undefined ? '' : `?session=${sessionId}`}`;
  if (signedInAsParent) return registration;
  const back = sessionId === undefined ? `/camps/${campId}` : registration;
  return `/camper/register?returnTo=${encodeURIComponent(back)}`;
}
