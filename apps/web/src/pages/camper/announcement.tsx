import { formatMoment } from '@campwise/contract/format';
import { parseId } from '@campwise/contract/row-ids';
import { Anchor, Card, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useAnnouncement } from '../../api/conversations.ts';
import { MessageText } from '../../components/conversations/message-text.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadingSkeleton, ResourceNotFound } from '../../components/page/page-state.tsx';
import { QueryState } from '../../components/page/query-state.tsx';

/** An announcement from a camp; opening it tells the host it was read. */
export default function FamilyAnnouncement() {
  const id = parseId(useParams().id);
  const announcement = useAnnouncement(id);
  if (!Number.isFinite(id) || (announcement.error instanceof ApiError && announcement.error.status === 404)) {
    return (
      <ResourceNotFound
        title="Announcement not found"
        text="This announcement does not exist, or it was not sent to you."
        backTo="/camper/messages"
        backLabel="Back to Messages"
      />
    );
  }
  const data = announcement.data;
  return (
    <PageFrame
      title={data?.subject ?? 'Announcement'}
      parent={{ to: '/camper/messages', label: 'Messages' }}
      width="form"
      description={
        data
          ? `From ${data.orgName} to the families of ${data.campName}${data.sessionName ? `, ${data.sessionName}` : ''} · ${formatMoment(data.sentAt)}`
          : undefined
      }
    >
      <QueryState
        query={announcement}
        skeleton={
          <LoadingSkeleton label="Loading the announcement" gap="md">
            <Skeleton height={160} radius="lg" />
          </LoadingSkeleton>
        }
        errorMessage="We could not load this announcement."
      >
        {(data) => (
          <Stack gap="md">
            <Card padding="xl">
              <MessageText text={data.body} />
            </Card>
            <Text size="sm" c="gray.7">
              Questions?{' '}
              <Anchor component={Link} to={`/camps/${data.campId}/ask`} fw={700}>
                Ask the host of {data.campName}
              </Anchor>
            </Text>
          </Stack>
        )}
      </QueryState>
    </PageFrame>
  );
}
