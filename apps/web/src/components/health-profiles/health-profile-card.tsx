import { messages } from '@campwise/contract/messages';
import { Box, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFirstAidKit, IconPencil } from '@tabler/icons-react';
import { useHealthProfile } from '../../api/health-profiles.ts';
import { AppModal } from '../app-modal.tsx';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
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
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Box>
            <Title order={2} fz="h3">
              Health profile
            </Title>
            <Text size="sm" c="gray.7" mt={4}>
              Only you, and the hosts of a camp {childName} has a paid place at, can read it.
            </Text>
          </Box>
          {profile.data ? (
            <Button variant="default" leftSection={<IconPencil size={18} aria-hidden />} onClick={edit.open}>
              Edit health profile
            </Button>
          ) : null}
        </Group>
        {body}
      </Stack>
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
    </Card>
  );
}
