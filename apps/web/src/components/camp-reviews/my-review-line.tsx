import { messages } from '@campwise/contract/messages';
import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconStar } from '@tabler/icons-react';
import { useDeleteReview, useMyReviews } from '../../api/camp-reviews.ts';
import { CancelRegistrationModal } from '../registrations/cancel-registration-modal.tsx';
import { Stars } from './review-parts.tsx';
import { type ReviewedSession, WriteReviewModal } from './write-review-modal.tsx';

/**
 * On a place at My Registrations: "Write a review" once its session is over, then "Your review"
 * with its stars (and, if an administrator hid it, why), which the parent may delete.
 */
export function MyReviewLine({ session }: { session: ReviewedSession }) {
  const mine = useMyReviews();
  const remove = useDeleteReview();
  const [writing, writeDialog] = useDisclosure(false);
  const [deleting, deleteDialog] = useDisclosure(false);
  const review = mine.data?.reviews.find((item) => item.sessionId === session.sessionId);
  const reviewable = mine.data?.reviewableSessionIds.includes(session.sessionId) ?? false;

  const confirmDelete = () => {
    if (!review) return;
    remove.mutate(review.id, {
      onSuccess: () => {
        notifications.show({ color: 'leaf', message: `Your review of ${session.campName} is deleted.` });
        deleteDialog.close();
      },
    });
  };

  if (review) {
    return (
      <Box pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Stack gap={6}>
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Group gap="sm">
              <Text size="sm" fw={700}>
                Your review
              </Text>
              <Stars value={review.rating} />
            </Group>
            <Button variant="subtle" color="red" size="compact-sm" onClick={deleteDialog.open}>
              Delete review
            </Button>
          </Group>
          {review.reportStatus === 'hidden' ? (
            <Alert color="sun" variant="light" p="xs" title="Hidden by our team: only you can see it">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Reason: {review.hiddenReason}
              </Text>
            </Alert>
          ) : null}
          {review.reply ? (
            <Text size="sm" c="gray.7">
              The host replied.{' '}
              <Text span inherit style={{ whiteSpace: 'pre-line' }}>
                “{review.reply}”
              </Text>
            </Text>
          ) : null}
        </Stack>
        <CancelRegistrationModal
          opened={deleting}
          onClose={deleteDialog.close}
          title="Delete your review"
          question={messages.campReviewDeleteConfirm}
          consequence={`Your review of ${session.campName} will no longer be shown.`}
          confirmLabel="Delete review"
          onConfirm={confirmDelete}
          loading={remove.isPending}
          error={remove.error}
        />
      </Box>
    );
  }
  if (!reviewable) return null;
  return (
    <>
      <Button
        variant="light"
        color="sun"
        size="sm"
        leftSection={<IconStar size={18} aria-hidden />}
        onClick={writeDialog.open}
        style={{ alignSelf: 'flex-start' }}
      >
        Write a review
      </Button>
      <WriteReviewModal session={session} opened={writing} onClose={writeDialog.close} />
    </>
  );
}
