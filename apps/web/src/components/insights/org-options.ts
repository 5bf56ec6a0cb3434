import { roleHasRight, type TeamRole } from '@campwise/contract/team-roles';

/**
 * The insights page's organisation picker is searchable and lists at most this many options at
 * a time: a host may have thousands of organisations.
 */
export const ORG_OPTIONS_SHOWN = 50;

const byName = new Intl.Collator('en-US');

/**
 * The picker's options from the host's organisations (GET /host/orgs, newest first): by name,
 * as the figures choose the first when none is asked for. An organisation whose team the host
 * is on without the right to its reports (staff, decision 057) is not offered.
 */
export function orgOptions(
  orgs: readonly { id: number; name: string; myRole?: TeamRole }[],
): { value: string; label: string }[] {
  return orgs
    .filter((org) => org.myRole === undefined || roleHasRight(org.myRole, 'reports'))
    .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)
    .map((org) => ({ value: String(org.id), label: org.name }));
}
