import { formatMoment } from '@campwise/contract/format';
import { parseId } from '@campwise/contract/row-ids';
import { Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useAnnouncementReaders } from '../../api/conversations.ts';
import { MessageText } from '../../components/conversations/message-text.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadingSkeleton, ResourceNotFound } from '../../components/page/page-state.tsx';
import { QueryState } from '../../components/page/query-state.tsx';

/** One announcement the host sent: its text, and each family with when they read it. */
export default function HostAnnouncement() {
  const id = parseId(useParams().id);
  const readers = useAnnouncementReaders(id);
  if (!Number.isFinite(id) || (readers.error instanceof ApiError && readers.error.status === 404)) {
    return (
      <ResourceNotFound
        title="Announcement not found"
        text="This announcement does not exist, or it is not one of yours."
        backTo="/host/dashboard"
        backLabel="Back to my organizations"
      />
    );
  }
  const data = readers.data;
  return (
    <PageFrame
      title={data?.subject ?? 'Announcement'}
      parent={
        data
          ? { to: `/host/camp/${data.campId}`, label: data.campName }
          : { to: '/host/dashboard', label: 'My Dashboard' }
      }
      width="form"
      description={
        data
          ? `Sent ${formatMoment(data.createdAt)} to ${data.recipients} ${data.recipients === 1 ? 'family' : 'families'}${data.sessionName ? ` of ${data.sessionName}` : ''} · read by ${data.read}`
          : undefined
      }
    >
      <QueryState
        query={readers}
        skeleton={
          <LoadingSkeleton label="Loading the announcement" gap="md">
            <Skeleton height={120} radius="lg" />
            <Skeleton height={200} radius="lg" />
          </LoadingSkeleton>
        }
        errorMessage="We could not load this announcement."
      >
        {(data) => (
          <Stack gap="lg">
            <Card padding="xl">
              <MessageText text={data.body} />
            </Card>
            <Card padding="lg" component="section" aria-labelledby="readers-heading">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={2} fz="h3" id="readers-heading">
                    Who has read it
                  </Title>
                  <Text size="sm" c="gray.7">
                    {data.read} of {data.recipients} read · {data.delivered} emailed
                  </Text>
                </Group>
                <Table.ScrollContainer minWidth={320}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Family</Table.Th>
                        <Table.Th>Read</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.families.map((family, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: two families may share a name
                        <Table.Tr key={index}>
                          <Table.Td>{family.familyName}</Table.Td>
                          <Table.Td>
                            {family.readAt ? (
                              formatMoment(family.readAt, { compact: true })
                            ) : (
                              <Text span size="sm" c="gray.7">
                                {family.deliveredAt ? 'Not yet' : 'Sending'}
                              </Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            </Card>
          </Stack>
        )}
      </QueryState>
    </PageFrame>
  );
}
