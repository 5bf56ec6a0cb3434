import { messages } from '@campwise/contract/messages';
import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFirstAidKit, IconPencil } from '@tabler/icons-react';
import { useHealthProfile } from '../../api/health-profiles.ts';
import { AppModal } from '../app-modal.tsx';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';
import { HealthProfileForm } from './health-profile-form.tsx';
import { HealthSummary } from './health-summary.tsx';

/** The health profile section of a camper's page: read it, fill it in once, edit it. */
export function HealthProfileCard({ childId, childName }: { childId: number; childName: string }) {
  const profile = useHealthProfile(childId);
  const [editing, edit] = useDisclosure(false);

  const body = (
    <QueryState
      query={profile}
      skeleton={
        <LoadingSkeleton label="Loading the health profile" gap="sm">
          <Skeleton height={28} width="50%" />
          <Skeleton height={64} />
        </LoadingSkeleton>
      }
      errorMessage="We could not load the health profile."
    >
      {(saved) => {
        if (!saved) {
          return (
            <Stack gap="sm" align="flex-start">
              <Text fw={600}>{messages.noHealthProfile}</Text>
              <Text size="sm" c="gray.7">
                Fill it in once: every registration asks you only to check it is still correct.
              </Text>
              <Button color="sun" leftSection={<IconFirstAidKit size={18} aria-hidden />} onClick={edit.open}>
                Fill in health profile
              </Button>
            </Stack>
          );
        }
        return <HealthSummary profile={saved} />;
      }}
    </QueryState>
  );

  return (
    <SectionCard
      title="Health profile"
      description={`Only you, and the hosts of a camp ${childName} has a paid place at, can read it.`}
      action={
        profile.data ? (
          <Button variant="default" leftSection={<IconPencil size={18} aria-hidden />} onClick={edit.open}>
            Edit health profile
          </Button>
        ) : null
      }
    >
      {body}
      <AppModal opened={editing} onClose={edit.close} title={`${childName}'s health profile`} size="xl">
        {profile.isSuccess ? (
          <HealthProfileForm
            childId={childId}
            childName={childName}
            profile={profile.data}
            onCancel={edit.close}
            onSaved={() => {
              notifications.show({
                color: 'leaf',
                message: messages.healthProfileSaved.replace('{name}', childName),
              });
              edit.close();
            }}
          />
        ) : null}
      </AppModal>
    </SectionCard>
  );
}
