import { AccountSettings } from '../../components/account/account-settings.tsx';
import { PayoutsSection } from '../../components/account/payouts-section.tsx';
import { SubscriptionSection } from '../../components/account/subscription-section.tsx';

export default function HostAccount() {
  return (
    <AccountSettings
      userType="host"
      extra={
        <>
          <SubscriptionSection />
          <PayoutsSection />
        </>
      }
    />
  );
}
