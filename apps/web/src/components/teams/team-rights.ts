import { roleHasRight, type TeamRight, type TeamRole } from '@campwise/contract/team-roles';

/** Anything that says the signed-in host's role in an organization (a HostOrg, a Team). */
export interface WithMyRole {
  myRole: TeamRole;
}

/**
 * Whether the signed-in host may do this in the organization. Unknown (still loading, or not
 * theirs) is no: an action appears once the role that allows it is known. The server decides
 * every call as well (decision 057); this only keeps out of sight what would be refused.
 */
export function may(org: WithMyRole | null | undefined, right: TeamRight): boolean {
  return org ? roleHasRight(org.myRole, right) : false;
}

/** What the host's own screens offer, from every organization they are on and their own plan. */
export interface HostView {
  /** + New Organization: a host adds organizations under a subscription of their own. */
  newOrg: boolean;
  /** Earnings and payouts are the owner's own money. */
  earnings: boolean;
  /** Season insights of at least one organization. */
  insights: boolean;
  /** Messages with families of at least one organization. */
  messages: boolean;
}

/**
 * A host with no organizations yet sees what an owner would (they will own what they add); once
 * they are on teams, each link needs a role that allows it somewhere.
 */
export function hostView(orgs: readonly WithMyRole[], isSubscribed: boolean): HostView {
  const anywhere = (right: TeamRight) => orgs.some((org) => roleHasRight(org.myRole, right));
  const none = orgs.length === 0;
  return {
    newOrg: isSubscribed,
    earnings: isSubscribed || anywhere('money'),
    insights: none ? isSubscribed : anywhere('reports'),
    messages: none || anywhere('messages'),
  };
}
