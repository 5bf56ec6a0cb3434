import {
  MEMBER_ROLES,
  type MemberRole,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  TEAM_INVITATION_DAYS,
} from '@campwise/contract/team-roles';
import { type TeamInvitationInput, teamInvitationSchema } from '@campwise/contract/teams';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useInviteToTeam } from '../../api/teams.ts';
import { FormProblem } from '../form-alert.tsx';
import { placeServerProblems } from '../forms/field-errors.ts';
import { checkFailed, type FieldProblems, useCheckedSubmit } from '../forms/use-checked-submit.ts';
import { SectionCard } from '../section-card.tsx';
import { notify } from './notify.ts';
import { isAboutInvitedAddress, teamText } from './team-text.ts';

type Field = keyof TeamInvitationInput;

const roleOptions = MEMBER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const isField = (name: string): name is Field => name === 'email' || name === 'role';

/** The owner invites someone by e-mail, as a manager or staff member. */
export function InviteMemberForm({ orgId, orgName }: { orgId: number; orgName: string }) {
  const invite = useInviteToTeam(orgId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('staff');
  const [errors, setErrors] = useState<FieldProblems<Field>>({});

  const { onSubmit, banner, formRef } = useCheckedSubmit({
    check: () => {
      const parsed = teamInvitationSchema.safeParse({ email, role });
      if (parsed.success) return { body: parsed.data };
      const problems: FieldProblems<Field> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (isField(name)) problems[name] ??= issue.message;
      }
      return checkFailed(problems);
    },
    showErrors: setErrors,
    send: (body) => invite.mutateAsync(body),
    placeRefusal: (message, fields) =>
      placeServerProblems(
        message,
        fields,
        (name) => (isField(name) ? name : undefined),
        (said) => (isAboutInvitedAddress(said) ? 'email' : undefined),
      ),
    onSent: (invitation) => {
      notify('leaf', teamText.invitationSent(invitation.email));
      setEmail('');
    },
  });

  return (
    <SectionCard
      title="Invite someone"
      headingId="team-invite-heading"
      description={`They get an e-mail with a link to join ${orgName}. It works for ${TEAM_INVITATION_DAYS} days, with a host account at that address.`}
    >
      <form onSubmit={onSubmit} noValidate ref={formRef}>
        <FormProblem message={banner} />
        <Group align="flex-start" gap="md" wrap="wrap" mt={banner ? 'md' : 0}>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
            style={{ flex: '2 1 16rem' }}
          />
          <Select
            label="Role"
            data={roleOptions}
            value={role}
            allowDeselect={false}
            onChange={(value) => value && setRole(value as MemberRole)}
            description={ROLE_DESCRIPTIONS[role]}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.role}
            style={{ flex: '1 1 14rem' }}
          />
        </Group>
        <Group justify="flex-end" mt="md">
          <Button
            type="submit"
            color="sun"
            loading={invite.isPending}
            leftSection={<IconSend size={18} aria-hidden />}
          >
            Send invitation
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}
