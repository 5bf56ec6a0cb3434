import { CAMP_REVIEW_TEXT_MAX, CAMP_REVIEW_TEXT_MIN, campReviewBody } from '@campwise/contract/camp-reviews';
import { Alert, Button, Group, Input, Rating, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { useWriteReview } from '../../api/camp-reviews.ts';
import { AppModal } from '../app-modal.tsx';
import { schemaIssues } from '../forms/field-errors.ts';
import { checkedBody, checkFailed, useCheckedSubmit } from '../forms/use-checked-submit.ts';

type Field = 'rating' | 'text';
const asField = (name: string): Field | undefined =>
  name === 'rating' || name === 'text' ? name : undefined;

/** The session being reviewed, as My Registrations names it. */
export interface ReviewedSession {
  sessionId: number;
  campName: string;
  sessionName: string;
}

/**
 * A parent's review of a session their child attended: stars and a few words, each checked
 * beside its field. The text is shown to everyone as written, as text.
 */
export function WriteReviewModal({
  session,
  opened,
  onClose,
}: {
  session: ReviewedSession | null;
  opened: boolean;
  onClose: () => void;
}) {
  const write = useWriteReview();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const ratingLabel = useId();

  const { onSubmit, banner, clearBanner, formRef } = useCheckedSubmit({
    check: () => {
      if (!session) return checkFailed({});
      const body = { rating, text };
      const found: Partial<Record<Field, string>> = {};
      for (const issue of schemaIssues(campReviewBody, body)) {
        const field = asField(issue.field);
        if (field) found[field] ??= issue.message;
      }
      return checkedBody(found, () => ({ session, body }));
    },
    showErrors: setErrors,
    send: ({ session: reviewed, body }) => write.mutateAsync({ sessionId: reviewed.sessionId, body }),
    fieldOf: asField,
    onSent: (_review, { session: reviewed }) => {
      notifications.show({
        color: 'leaf',
        message: `Thank you! Your review of ${reviewed.campName} is posted.`,
      });
      close();
    },
  });

  const close = () => {
    if (write.isPending) return;
    onClose();
    setRating(0);
    setText('');
    setErrors({});
    clearBanner();
  };

  return (
    <AppModal opened={opened} onClose={close} title="Write a review" size="md">
      <form onSubmit={onSubmit} noValidate ref={formRef}>
        <Stack gap="md">
          {session ? (
            <Text style={{ overflowWrap: 'anywhere' }}>
              How was <strong>{session.campName}</strong> ({session.sessionName})? Other families will see
              your first name and last initial with your review.
            </Text>
          ) : null}
          {banner ? (
            <Alert color="red" variant="light" role="alert">
              {banner}
            </Alert>
          ) : null}
          <Input.Wrapper
            label="Your rating"
            labelElement="div"
            id={ratingLabel}
            required
            error={errors.rating}
            errorProps={{ id: `${ratingLabel}-error` }}
          >
            <Rating
              value={rating}
              onChange={(value) => {
                setRating(value);
                setErrors((current) => ({ ...current, rating: undefined }));
              }}
              size="xl"
              color="sun.6"
              mt={4}
              role="radiogroup"
              aria-labelledby={`${ratingLabel}-label`}
              aria-describedby={errors.rating ? `${ratingLabel}-error` : undefined}
              getSymbolLabel={(value) => (value === 1 ? '1 star' : `${value} stars`)}
            />
          </Input.Wrapper>
          <Textarea
            label="Your review"
            description={`What went well, and what could be better? ${CAMP_REVIEW_TEXT_MIN} to ${CAMP_REVIEW_TEXT_MAX} characters.`}
            required
            autosize
            minRows={4}
            maxRows={10}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={errors.text}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={write.isPending}>
              Not now
            </Button>
            <Button type="submit" color="sun" loading={write.isPending}>
              Post review
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
