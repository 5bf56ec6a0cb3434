import type { TeamRight } from '@campwise/contract/teams';
import { useHostOrg } from '../../api/orgs.ts';
import { may } from './team-rights.ts';

/**
 * What the signed-in host may do in an organization, from their role there (GET /host/orgs/:id,
 * shared with the other host screens). Nothing is allowed until the role is known.
 */
export function useOrgRights(orgId: number | undefined): (right: TeamRight) => boolean {
  const org = useHostOrg(orgId ?? Number.NaN);
  return (right) => may(org.data, right);
}
