import { formatMoment } from '@campwise/contract/format';
import type { ReviewQueueItem } from '@campwise/contract/orgs';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useReviewQueue } from '../../api/orgs.ts';
import { BreakableText } from '../../components/breakable-text.tsx';
import { Illustration } from '../../components/illustration.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadingSkeleton } from '../../components/page/page-state.tsx';
import { QueryState } from '../../components/page/query-state.tsx';

// Light badges use a darker text shade than Mantine's so they meet contrast on any card.
const kindLabels = {
  new: { label: 'New organization', color: 'leaf', text: 'leaf.8' },
  revision: { label: 'Revised details', color: 'sun', text: 'sun.9' },
} as const;

const formatWhen = (iso: string) => formatMoment(iso, { compact: true });

/** How long something has waited, in words: "today", "1 day", "12 days". */
function waited(iso: string): string {
  const days = Math.floor((Date.now() - new Date(iso).getTime()) / 86_400_000);
  if (days < 1) return 'today';
  return days === 1 ? '1 day' : `${days} days`;
}

function Count({ value, label }: { value: number; label: string }) {
  return (
    <Paper withBorder radius="lg" p="md" shadow="sm">
      <Text fz={32} fw={800} ff="heading" lh={1.1} c="leaf.8">
        {value}
      </Text>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
    </Paper>
  );
}

function QueueRow({ item }: { item: ReviewQueueItem }) {
  const kind = kindLabels[item.kind];
  return (
    <Card component="li" padding="md">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="sm">
            <Anchor
              component={Link}
              to={`/admin/revieworg/${item.orgId}`}
              fw={700}
              size="lg"
              style={{ overflowWrap: 'anywhere' }}
            >
              {item.name}
            </Anchor>
            <Badge color={kind.color} c={kind.text} variant="light">
              {kind.label}
            </Badge>
          </Group>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            From {item.hostName} (<BreakableText value={item.hostEmail} />)
          </Text>
          <Text size="sm" c="gray.7">
            Submitted {formatWhen(item.submittedAt)} · waiting {waited(item.submittedAt)}
          </Text>
        </Stack>
        <IconChevronRight size={20} aria-hidden style={{ flexShrink: 0 }} />
      </Group>
    </Card>
  );
}

function QueueSkeleton() {
  return (
    <LoadingSkeleton label="Loading the review queue" gap="sm">
      {['a', 'b', 'c'].map((key) => (
        <Card key={key} padding="md">
          <Skeleton height={20} width="45%" />
          <Skeleton height={12} width="60%" mt="sm" />
          <Skeleton height={12} width="35%" mt="xs" />
        </Card>
      ))}
    </LoadingSkeleton>
  );
}

/** The administrator's desk: organizations awaiting review, oldest first. */
export default function ReviewQueue() {
  const queue = useReviewQueue();

  return (
    <PageFrame
      title="Review Queue"
      description="Organizations awaiting review, the oldest first. Open one to approve it or deny it with a reason."
      actions={
        <Button component={Link} to="/admin/camp-reviews" variant="light">
          Reported reviews
        </Button>
      }
    >
      <Stack gap="lg">
        <QueryState
          query={queue}
          skeleton={
            <>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
                <Skeleton height={84} radius="lg" />
                <Skeleton height={84} radius="lg" />
              </SimpleGrid>
              <QueueSkeleton />
            </>
          }
          errorMessage="We could not load the review queue."
        >
          {(loaded) => (
            <>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
                <Count value={loaded.counts.new} label="New organizations" />
                <Count value={loaded.counts.revision} label="Revised details" />
              </SimpleGrid>
              {loaded.items.length === 0 ? (
                <Card p={{ base: 'lg', sm: 'xl' }}>
                  <Stack align="center" ta="center" gap="sm" py="lg">
                    <Illustration name="campfire" width={220} height={165} />
                    <Title order={2}>All caught up</Title>
                    <Text c="gray.7" maw={420}>
                      No organizations are waiting for review. New submissions and changes will appear here.
                    </Text>
                  </Stack>
                </Card>
              ) : (
                <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                  {loaded.items.map((item) => (
                    <QueueRow key={`${item.orgId}-${item.kind}`} item={item} />
                  ))}
                </Stack>
              )}
            </>
          )}
        </QueryState>
      </Stack>
    </PageFrame>
  );
}
