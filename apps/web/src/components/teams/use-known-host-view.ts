import { useHostOrgs } from '../../api/orgs.ts';
import { useSubscription } from '../../api/subscriptions.ts';
import { type HostView, hostView } from './team-rights.ts';

/**
 * What the signed-in host's screens offer, once their organizations and subscription are read;
 * undefined until then (and for anyone else). A host's top bar reads them itself (once, then
 * from the cache the host screens share), so a staff member who opens a camp's page first is
 * not offered the owner's Earnings and Messages.
 */
export function useKnownHostView(isHost: boolean): HostView | undefined {
  const subscription = useSubscription({ enabled: isHost });
  // Organizations are read only by a host who may list them (402 otherwise).
  const mayList = subscription.data?.isSubscribed === true || subscription.data?.onTeam === true;
  const orgs = useHostOrgs({ enabled: isHost && mayList });
  if (!isHost || !orgs.data || !subscription.data) return undefined;
  return hostView(orgs.data, subscription.data.isSubscribed);
}
