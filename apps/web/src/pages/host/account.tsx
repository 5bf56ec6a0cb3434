import { AccountSettings } from '../../components/account/account-settings.tsx';
import { SubscriptionSection } from '../../components/account/subscription-section.tsx';

export default function HostAccount() {
  return <AccountSettings userType="host" extra={<SubscriptionSection />} />;
}
