/** Where a session stands for a new booking at `now`. */
export type SessionWindow = 'not_open' | 'open' | 'closed';
export function registrationWindow(
  session: { registrationOpensAt: string | null; registrationClosesAt: string | null },
  now: Date,
): SessionWindow {
  const at = now.toISOString();
  if (session.registrationOpensAt && at < session.registrationOpensAt) return 'not_open';
  if (session.registrationClosesAt && at >= session.registrationClosesAt) return 'closed';
  return 'open';
}
