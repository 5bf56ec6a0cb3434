import type { CampDetail } from '@campwise/contract/camps';
import { useHostOrg } from '../../api/orgs.ts';
import { PageFrame } from '../page/page-frame.tsx';
import { LoadError, ProfileSkeleton } from '../page/page-state.tsx';
import { NotForYourRole } from './not-for-your-role.tsx';

type CampOfScreen = Pick<CampDetail, 'id' | 'name' | 'orgId' | 'orgName'>;

/**
 * A camp's screen the host's role does not open (staff on Edit camp or the roster): says so with
 * their role and the organization, and leads back to the camp, which staff may see.
 */
export function CampNotForYourRole({ title, camp }: { title: string; camp: CampOfScreen }) {
  const org = useHostOrg(camp.orgId);
  if (org.isPending) return <ProfileSkeleton label={`Loading ${title.toLowerCase()}`} />;
  if (!org.data) {
    return (
      <PageFrame title={title}>
        <LoadError message="We could not load your role on the team." onRetry={() => org.refetch()} />
      </PageFrame>
    );
  }
  return (
    <NotForYourRole
      title={title}
      role={org.data.myRole}
      orgName={camp.orgName}
      backTo={`/host/camp/${camp.id}`}
      backLabel={`Back to ${camp.name}`}
    />
  );
}
