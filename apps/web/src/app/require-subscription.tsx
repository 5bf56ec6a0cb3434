import { Navigate, Outlet } from 'react-router';
import { ApiError } from '../api/client.ts';
import { useHostOrgs } from '../api/orgs.ts';
import { useSubscription } from '../api/subscriptions.ts';
import { LoadError, PageLoader } from '../components/page/page-state.tsx';
import { QueryState } from '../components/page/query-state.tsx';
import { isTeamMember } from '../components/teams/team-rights.ts';

const checking = <PageLoader label="Checking your subscription" />;
const toSubscribe = <Navigate to="/host/subscribe" replace />;

/**
 * A host without a subscription of their own may still be on the team of someone else's
 * organization (decision 057): the server lists it while its owner is subscribed, and answers
 * 402 when there is nothing of the kind.
 */
function TeamMemberOrSubscribe() {
  const orgs = useHostOrgs();
  if (orgs.isPending) return checking;
  if (orgs.error) {
    if (orgs.error instanceof ApiError && orgs.error.status === 402) return toSubscribe;
    return <LoadError message="We could not check your subscription." onRetry={() => orgs.refetch()} />;
  }
  return isTeamMember(orgs.data) ? <Outlet /> : toSubscribe;
}

/**
 * Host screens that need a paid subscription send an unsubscribed host to /host/subscribe,
 * unless they are on the team of an organization whose owner is subscribed.
 */
export function RequireSubscription() {
  const subscription = useSubscription();
  return (
    <QueryState query={subscription} skeleton={checking} errorMessage="We could not check your subscription.">
      {({ isSubscribed }) => (isSubscribed ? <Outlet /> : <TeamMemberOrSubscribe />)}
    </QueryState>
  );
}
