import { AccountSettings } from '../../components/account/account-settings.tsx';

export default function CamperAccount() {
  return <AccountSettings userType="camper" />;
}
