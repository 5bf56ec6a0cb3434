import {
  campReviewReplyBody,
  campReviewReportBody,
  type ModeratedCampReview,
} from '@campwise/contract/camp-reviews';
import { Badge, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFlag, IconMessageReply } from '@tabler/icons-react';
import { useState } from 'react';
import { useHostCampReviews, useReviewAction } from '../../api/camp-reviews.ts';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';
import { REVIEWS_ANCHOR, separated } from './camp-reviews-section.tsx';
import { ReviewAverage, ReviewItem } from './review-parts.tsx';
import { ReviewTextModal } from './review-text-modal.tsx';

const reportLabels = {
  open: { label: 'Reported: waiting for our team', color: 'sun', text: 'sun.9' },
  kept: { label: 'Reported: kept by our team', color: 'gray', text: 'gray.8' },
  hidden: { label: 'Hidden by our team', color: 'red', text: 'red.9' },
} as const;

function ReportNote({ review }: { review: ModeratedCampReview }) {
  if (!review.reportStatus) return null;
  const report = reportLabels[review.reportStatus];
  return (
    <Stack gap={4}>
      <Badge color={report.color} c={report.text} variant="light" style={{ alignSelf: 'flex-start' }}>
        {report.label}
      </Badge>
      {review.reportStatus === 'hidden' && review.hiddenReason ? (
        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          Reason: {review.hiddenReason}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The reviews of the host's camp on its page: each with a Reply (once, final) and a Report to
 * the administrators (once), and what became of a report.
 */
export function HostReviewsSection({
  campId,
  canRespond = true,
}: {
  campId: number;
  /** Reply and Report belong to a role with messages (decision 057); staff only read. */
  canRespond?: boolean;
}) {
  const reviews = useHostCampReviews(campId);
  const reply = useReviewAction('reply');
  const report = useReviewAction('report');
  const [target, setTarget] = useState<ModeratedCampReview | null>(null);
  const [replying, replyDialog] = useDisclosure(false);
  const [reporting, reportDialog] = useDisclosure(false);

  const open = (review: ModeratedCampReview, dialog: { open: () => void }, action: { reset: () => void }) => {
    action.reset();
    setTarget(review);
    dialog.open();
  };

  const intro = target ? (
    <>
      {target.authorName} wrote about {target.sessionName}:{' '}
      <em style={{ whiteSpace: 'pre-line' }}>“{target.text}”</em>
    </>
  ) : null;

  return (
    <SectionCard
      title="Reviews"
      headingId="host-reviews-heading"
      id={REVIEWS_ANCHOR}
      description={
        canRespond
          ? 'Families review a session once it has ended. You can reply once to each review, and report one that breaks the rules to our team.'
          : 'Families review a session once it has ended.'
      }
    >
      <QueryState
        query={reviews}
        skeleton={
          <LoadingSkeleton label="Loading reviews">
            <Skeleton height={24} width={220} />
            <Skeleton height={14} width="80%" mt="lg" />
          </LoadingSkeleton>
        }
        errorMessage="We could not load the reviews."
        empty={<Text c="gray.7">No reviews yet. Families can review a session once it has ended.</Text>}
        isEmpty={({ data }) => data.length === 0}
      >
        {({ summary, data }) => (
          <>
            <ReviewAverage summary={summary} />
            <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {data.map((review, index) => (
                <li key={review.id} style={index > 0 ? separated : undefined}>
                  <ReviewItem
                    review={review}
                    extra={<ReportNote review={review} />}
                    actions={
                      canRespond ? (
                        <>
                          {review.reply === null ? (
                            <Button
                              variant="light"
                              size="sm"
                              leftSection={<IconMessageReply size={18} aria-hidden />}
                              onClick={() => open(review, replyDialog, reply)}
                            >
                              Reply
                            </Button>
                          ) : null}
                          {review.reportStatus === null ? (
                            <Button
                              variant="subtle"
                              color="red"
                              size="sm"
                              leftSection={<IconFlag size={18} aria-hidden />}
                              onClick={() => open(review, reportDialog, report)}
                            >
                              Report
                            </Button>
                          ) : null}
                        </>
                      ) : null
                    }
                  />
                </li>
              ))}
            </Stack>
          </>
        )}
      </QueryState>
      <ReviewTextModal
        opened={replying}
        onClose={replyDialog.close}
        title="Reply to a review"
        intro={intro}
        label="Your reply"
        description="Everyone who reads the review sees your reply. You can reply once, and cannot change it after."
        field="text"
        schema={campReviewReplyBody}
        confirmLabel="Post reply"
        onConfirm={(text) =>
          target &&
          reply.mutate(
            { reviewId: target.id, text },
            {
              onSuccess: () => {
                notifications.show({ color: 'leaf', message: 'Your reply is posted.' });
                replyDialog.close();
              },
            },
          )
        }
        loading={reply.isPending}
        error={reply.error}
      />
      <ReviewTextModal
        opened={reporting}
        onClose={reportDialog.close}
        title="Report a review"
        intro={intro}
        label="Why should our team look at it?"
        description="For example: it is about another camp, names a member of staff, or is abusive. Our team decides whether to hide it."
        field="reason"
        schema={campReviewReportBody}
        confirmLabel="Report review"
        confirmColor="red"
        onConfirm={(reason) =>
          target &&
          report.mutate(
            { reviewId: target.id, text: reason },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'leaf',
                  message: 'Thank you. Our team will look at the review.',
                });
                reportDialog.close();
              },
            },
          )
        }
        loading={report.isPending}
        error={report.error}
      />
    </SectionCard>
  );
}
