import { Navigate, Outlet } from 'react-router';
import { useSubscription } from '../api/subscriptions.ts';
import { LoadError, PageLoader } from '../components/page/page-state.tsx';

/** Host screens that need a paid subscription send an unsubscribed host to /host/subscribe. */
export function RequireSubscription() {
  const subscription = useSubscription();
  if (subscription.isPending) return <PageLoader label="Checking your subscription" />;
  if (subscription.error) {
    return (
      <LoadError message="We could not check your subscription." onRetry={() => subscription.refetch()} />
    );
  }
  return subscription.data.isSubscribed ? <Outlet /> : <Navigate to="/host/subscribe" replace />;
}
