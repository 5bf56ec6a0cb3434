import type { CampDetail } from '@campwise/contract/camps';
import { Navigate, useParams } from 'react-router';
import { useHostCamp } from '../../api/camps.ts';
import { HostFormsSection } from '../../components/camp-forms/host-forms-section.tsx';
import { CampSettingsFrame } from '../../components/camp-settings/camp-settings-frame.tsx';
import { DeleteCamp } from '../../components/camp-settings/delete-camp.tsx';
import { DetailsForm } from '../../components/camp-settings/details-section.tsx';
import { PhotosSection } from '../../components/camp-settings/photos-section.tsx';
import {
  type CampSettingsSlug,
  settingsPath,
  settingsSection,
} from '../../components/camp-settings/settings-sections.ts';
import { CampLoadFailure } from '../../components/camps/camp-page-states.tsx';
import { HostDiscountsSection } from '../../components/discounts/host-discounts-section.tsx';
import { ProfileSkeleton } from '../../components/page/page-state.tsx';
import { HostPaymentPlanSection } from '../../components/payment-plans/host-payment-plan-section.tsx';
import { HostRefundPolicySection } from '../../components/refund-policy/host-refund-policy-section.tsx';
import { HostRemindersSection } from '../../components/reminders/host-reminders-section.tsx';
import { useRouteId } from '../../components/route-id.ts';
import { HostSessionsSection } from '../../components/sessions/host-sessions-section.tsx';
import { CampNotForYourRole } from '../../components/teams/camp-not-for-your-role.tsx';
import { useOrgRights } from '../../components/teams/use-org-rights.ts';

function SettingsSection({ camp, slug }: { camp: CampDetail; slug: CampSettingsSlug }) {
  switch (slug) {
    case 'details':
      return <DetailsForm key={camp.id} camp={camp} />;
    case 'sessions':
      return <HostSessionsSection camp={camp} />;
    case 'discounts':
      return <HostDiscountsSection campId={camp.id} />;
    case 'refunds':
      return <HostRefundPolicySection campId={camp.id} />;
    case 'payments':
      return <HostPaymentPlanSection campId={camp.id} />;
    case 'forms':
      return <HostFormsSection campId={camp.id} campName={camp.name} />;
    case 'reminders':
      return <HostRemindersSection campId={camp.id} />;
    case 'photos':
      return <PhotosSection camp={camp} />;
    case 'delete':
      return <DeleteCamp camp={camp} />;
  }
}

/**
 * Edit camp (docs/product-spec.md, section 2): every setting of the camp, a section at a time
 * beside a side navigation (decision 073). Details, the spec's form, is its first section.
 */
export default function EditCamp() {
  const id = useRouteId();
  const section = settingsSection(useParams().section);
  const query = useHostCamp(id);
  const rights = useOrgRights(query.data?.orgId);

  if (Number.isNaN(id) || query.error) {
    return (
      <CampLoadFailure
        error={query.error}
        onRetry={() => query.refetch()}
        backTo="/host/dashboard"
        backLabel="Back to my organizations"
      />
    );
  }
  if (query.isPending || !rights.known) return <ProfileSkeleton label="Loading camp" />;
  const camp = query.data;
  if (!rights.may('camps:manage')) return <CampNotForYourRole title="Edit camp" camp={camp} />;
  // An address naming no section (an old bookmark, a typo) opens the first one.
  if (!section) return <Navigate to={settingsPath(camp.id, 'details')} replace />;

  return (
    <CampSettingsFrame camp={camp} section={section}>
      <SettingsSection camp={camp} slug={section.slug} />
    </CampSettingsFrame>
  );
}
