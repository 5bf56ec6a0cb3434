import { AccountSettings } from '../../components/account/account-settings.tsx';

export default function AdminAccount() {
  return <AccountSettings userType="admin" />;
}
