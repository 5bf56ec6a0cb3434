import { useHostOrgs } from '../../api/orgs.ts';
import { useSubscription } from '../../api/subscriptions.ts';
import { type HostView, hostView } from './team-rights.ts';

/**
 * What the signed-in host's screens offer, once the host screens have read their organizations
 * and subscription; undefined until then (and for anyone else). It asks the server nothing
 * itself, so the top bar of every page costs no call.
 */
export function useKnownHostView(isHost: boolean): HostView | undefined {
  const orgs = useHostOrgs({ enabled: false });
  const subscription = useSubscription({ enabled: false });
  if (!isHost || !orgs.data || !subscription.data) return undefined;
  return hostView(orgs.data, subscription.data.isSubscribed);
}
