import type { TeamRight } from '@campwise/contract/team-roles';
import { useHostOrg } from '../../api/orgs.ts';
import { may } from './team-rights.ts';

export interface OrgRights {
  /** Whether the role allows the right; false until the role is known. */
  may: (right: TeamRight) => boolean;
  /** The role has been read (parts that differ by role wait for it rather than change). */
  known: boolean;
}

/**
 * What the signed-in host may do in an organization, from their role there (GET /host/orgs/:id,
 * shared with the other host screens). Nothing is allowed until the role is known.
 */
export function useOrgRights(orgId: number | undefined): OrgRights {
  const org = useHostOrg(orgId ?? Number.NaN);
  return { may: (right) => may(org.data, right), known: org.data !== undefined };
}
