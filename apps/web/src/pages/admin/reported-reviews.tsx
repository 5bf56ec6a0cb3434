import { campReviewHideBody, type ReportedCampReview } from '@campwise/contract/camp-reviews';
import { formatMoment } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { Alert, Anchor, Button, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useReportedReviews, useReviewAction } from '../../api/camp-reviews.ts';
import { ReviewItem } from '../../components/camp-reviews/review-parts.tsx';
import { ReviewTextModal } from '../../components/camp-reviews/review-text-modal.tsx';
import { Illustration } from '../../components/illustration.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadingSkeleton } from '../../components/page/page-state.tsx';
import { QueryState } from '../../components/page/query-state.tsx';

function ReportedRow({
  item,
  onHide,
  onKeep,
  keeping,
}: {
  item: ReportedCampReview;
  onHide: () => void;
  onKeep: () => void;
  keeping: boolean;
}) {
  return (
    <Card component="li" padding="lg">
      <Stack gap="sm">
        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={`/camps/${item.campId}`} fw={700}>
            {item.campName}
          </Anchor>{' '}
          by{' '}
          <Anchor component={Link} to={`/orgs/${item.orgId}`}>
            {item.orgName}
          </Anchor>
        </Text>
        <ReviewItem review={item} />
        <Paper bg="sun.0" p="sm" radius="md">
          <Text size="sm" fw={700} c="sun.9">
            The host reported it
            {item.reportedAt ? ` on ${formatMoment(item.reportedAt, { compact: true })}` : ''}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {item.reportReason}
          </Text>
        </Paper>
        <Group gap="sm">
          <Button color="red" leftSection={<IconEyeOff size={18} aria-hidden />} onClick={onHide}>
            Hide review
          </Button>
          <Button variant="default" onClick={onKeep} loading={keeping}>
            Keep it
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Reviews hosts reported, beside the organizations awaiting review: an administrator hides one
 * with a reason its author sees, or keeps it. Either is recorded in the audit log.
 */
export default function ReportedReviews() {
  const queue = useReportedReviews();
  const hide = useReviewAction('hide');
  const keep = useReviewAction('keep');
  const [target, setTarget] = useState<ReportedCampReview | null>(null);
  const [hiding, hideDialog] = useDisclosure(false);

  const keepReview = (item: ReportedCampReview) => {
    setTarget(item);
    keep.mutate(
      { reviewId: item.id },
      {
        onSuccess: () =>
          notifications.show({ color: 'leaf', message: 'The review stays; the report is closed.' }),
      },
    );
  };

  return (
    <PageFrame
      title="Reported Reviews"
      parent={{ to: '/admin', label: 'Review Queue' }}
      description="Families' reviews of camps that hosts reported, the oldest report first. Hide one with a reason its author will see, or keep it."
    >
      <Stack gap="lg">
        {keep.error ? (
          <Alert color="red" variant="light" role="alert">
            {keep.error.message}
          </Alert>
        ) : null}
        <QueryState
          query={queue}
          skeleton={
            <LoadingSkeleton label="Loading reported reviews" gap="sm">
              {['a', 'b'].map((key) => (
                <Card key={key} padding="lg">
                  <Skeleton height={16} width="40%" />
                  <Skeleton height={14} width="90%" mt="md" />
                  <Skeleton height={14} width="70%" mt="xs" />
                </Card>
              ))}
            </LoadingSkeleton>
          }
          errorMessage="We could not load the reported reviews."
          empty={
            <Card p={{ base: 'lg', sm: 'xl' }}>
              <Stack align="center" ta="center" gap="sm" py="lg">
                <Illustration name="campfire" width={220} height={165} />
                <Title order={2}>All caught up</Title>
                <Text c="gray.7" maw={420}>
                  {messages.campReviewsQueueEmpty}
                </Text>
              </Stack>
            </Card>
          }
        >
          {(reported) => (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {reported.map((item) => (
                <ReportedRow
                  key={item.id}
                  item={item}
                  onHide={() => {
                    hide.reset();
                    setTarget(item);
                    hideDialog.open();
                  }}
                  onKeep={() => keepReview(item)}
                  keeping={keep.isPending && target?.id === item.id}
                />
              ))}
            </Stack>
          )}
        </QueryState>
      </Stack>
      <ReviewTextModal
        opened={hiding}
        onClose={hideDialog.close}
        title="Hide a review"
        intro={
          target ? (
            <>
              {target.authorName}'s review of {target.campName} will leave the camp's page and its average.
              Its author will see it marked hidden, with your reason.
            </>
          ) : null
        }
        label="Reason"
        description="The author and the host see this."
        field="reason"
        schema={campReviewHideBody}
        confirmLabel="Hide review"
        confirmColor="red"
        onConfirm={(reason) =>
          target &&
          hide.mutate(
            { reviewId: target.id, text: reason },
            {
              onSuccess: () => {
                notifications.show({ color: 'leaf', message: 'The review is hidden.' });
                hideDialog.close();
              },
            },
          )
        }
        loading={hide.isPending}
        error={hide.error}
      />
    </PageFrame>
  );
}
