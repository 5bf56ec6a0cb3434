import { messages } from '@campwise/contract/messages';
import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { usePublicReviews } from '../../api/camp-reviews.ts';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';
import { ReviewAverage, ReviewItem } from './review-parts.tsx';

/** A line between one review and the next. */
export const separated = {
  borderTop: '1px solid var(--mantine-color-gray-3)',
  paddingTop: 'var(--mantine-spacing-md)',
};

/** The id of the section, so a link can bring it into view (`#reviews`). */
export const REVIEWS_ANCHOR = 'reviews';

/**
 * Families' reviews on a camp's or an organization's public profile: the average, then the
 * reviews newest first with the host's replies, a page at a time.
 */
export function CampReviewsSection({
  of,
  title = 'Reviews',
}: {
  of: { campId: number } | { orgId: number };
  title?: string;
}) {
  const reviews = usePublicReviews(of);
  return (
    <SectionCard title={title} headingId="reviews-heading" id={REVIEWS_ANCHOR}>
      <QueryState
        query={reviews}
        skeleton={
          <LoadingSkeleton label="Loading reviews">
            <Skeleton height={24} width={220} />
            <Skeleton height={14} width="70%" mt="lg" />
            <Skeleton height={14} width="90%" mt="xs" />
          </LoadingSkeleton>
        }
        errorMessage="We could not load the reviews."
      >
        {({ pages }) => {
          const summary = pages[0]?.summary;
          if (!summary || summary.count === 0) return <Text c="gray.7">{messages.campReviewsEmpty}</Text>;
          return (
            <>
              <ReviewAverage summary={summary} />
              <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {pages
                  .flatMap((page) => page.data)
                  .map((review, index) => (
                    <li key={review.id} style={index > 0 ? separated : undefined}>
                      <ReviewItem review={review} showCamp={'orgId' in of} />
                    </li>
                  ))}
              </Stack>
              {reviews.hasNextPage ? (
                <Button
                  variant="default"
                  onClick={() => reviews.fetchNextPage()}
                  loading={reviews.isFetchingNextPage}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Show more reviews
                </Button>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </SectionCard>
  );
}
