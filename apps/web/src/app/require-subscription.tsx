import { Navigate, Outlet } from 'react-router';
import { useSubscription } from '../api/subscriptions.ts';
import { PageLoader } from '../components/page/page-state.tsx';
import { QueryState } from '../components/page/query-state.tsx';

/**
 * Host screens that need a paid subscription send an unsubscribed host to /host/subscribe,
 * unless they are on the team of an organization whose owner is subscribed (decision 057).
 */
export function RequireSubscription() {
  const subscription = useSubscription();
  return (
    <QueryState
      query={subscription}
      skeleton={<PageLoader label="Checking your subscription" />}
      errorMessage="We could not check your subscription."
    >
      {({ isSubscribed, onTeam }) =>
        isSubscribed || onTeam ? <Outlet /> : <Navigate to="/host/subscribe" replace />
      }
    </QueryState>
  );
}
