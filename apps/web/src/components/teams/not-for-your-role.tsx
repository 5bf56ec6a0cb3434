import type { TeamRole } from '@campwise/contract/team-roles';
import { ROLE_LABELS } from '@campwise/contract/team-roles';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { PageFrame } from '../page/page-frame.tsx';

/**
 * A screen the host's role on the team does not open (a staff member on Edit camp, a manager on
 * the organization's delete): what they may do instead is one step back.
 */
export function NotForYourRole({
  title,
  role,
  orgName,
  backTo,
  backLabel,
}: {
  title: string;
  role: TeamRole;
  orgName: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <PageFrame
      title={title}
      description={`As ${ROLE_LABELS[role].toLowerCase()} on the team of ${orgName}, you cannot open this page. Its owner can change your role if you need it.`}
      illustration="signpost"
      actions={
        <Button component={Link} to={backTo}>
          {backLabel}
        </Button>
      }
    />
  );
}
