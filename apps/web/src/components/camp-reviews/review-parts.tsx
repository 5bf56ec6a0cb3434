import { reviewSummaryText } from '@campwise/contract/camp-review-text';
import type { CampReview, CampReviewSummary } from '@campwise/contract/camp-reviews';
import { formatMomentDay } from '@campwise/contract/format';
import { Box, Group, Paper, Rating, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './review-parts.module.css';

/** Stars a screen reader hears as words: "4 out of 5 stars". */
export function Stars({ value, size = 'sm' }: { value: number; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box aria-hidden style={{ lineHeight: 0 }}>
        <Rating value={value} fractions={10} readOnly size={size} color="sun.6" />
      </Box>
      <VisuallyHidden>{`${value} out of 5 stars`}</VisuallyHidden>
    </Group>
  );
}

/** The average in stars and words: "4.5 out of 5 · 12 reviews". */
export function ReviewAverage({ summary }: { summary: CampReviewSummary }) {
  return (
    <Group gap="sm" wrap="wrap">
      {summary.average !== null ? (
        <Box aria-hidden style={{ lineHeight: 0 }}>
          <Rating value={summary.average} fractions={10} readOnly size="lg" color="sun.6" />
        </Box>
      ) : null}
      <Text fw={700} c="dark">
        {reviewSummaryText(summary)}
      </Text>
    </Group>
  );
}

/**
 * One review: stars, who and which session, the text as written (shown as text, its line breaks
 * kept), and the host's reply. `extra` adds what only its author or host sees; `actions` their buttons.
 */
export function ReviewItem({
  review,
  showCamp = false,
  extra,
  actions,
}: {
  review: CampReview;
  showCamp?: boolean;
  extra?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack gap={6} component="article" aria-label={`Review by ${review.authorName}`}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stars value={review.rating} />
        <Text size="sm" c="gray.7">
          {formatMomentDay(review.createdAt)}
        </Text>
      </Group>
      <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        <Text span fw={700} c="dark" inherit>
          {review.authorName}
        </Text>
        {' · '}
        {showCamp ? `${review.campName}, ${review.sessionName}` : review.sessionName}
      </Text>
      <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.text}</Text>
      {review.reply ? (
        <Paper bg="leaf.0" p="sm" radius="md" className={classes.reply}>
          <Text size="sm" fw={700} c="leaf.9">
            Reply from the host
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {review.reply}
          </Text>
        </Paper>
      ) : null}
      {extra}
      {actions ? (
        <Group gap="sm" mt={4}>
          {actions}
        </Group>
      ) : null}
    </Stack>
  );
}
