import { AccountSettings } from '../../components/account/account-settings.tsx';
import { CalendarFeedSection } from '../../components/account/calendar-feed-section.tsx';

export default function CamperAccount() {
  return <AccountSettings userType="camper" extra={<CalendarFeedSection />} />;
}
