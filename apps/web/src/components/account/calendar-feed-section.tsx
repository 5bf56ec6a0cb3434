import { formatDate } from '@campwise/contract/format';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCalendarFeed, useCreateCalendarFeed, useRemoveCalendarFeed } from '../../api/calendar-feed.ts';
import { CalendarSubscribe } from '../calendar/calendar-subscribe.tsx';
import { FormError } from '../form-alert.tsx';
import { LoadError } from '../page/page-state.tsx';
import { SectionCard } from '../section-card.tsx';

/** The address just made, with the ways to add it to a calendar app. Shown this once. */
function NewAddress({ url }: { url: string }) {
  return (
    <Stack gap="sm">
      <Alert color="leaf" variant="light" title="Your calendar address">
        Add it to your calendar app now: for your family's privacy we show it only this once. Anyone with it
        can see your children's camps, so share it only with your calendar.
      </Alert>
      <CalendarSubscribe url={url} />
    </Stack>
  );
}

/**
 * A family's calendar subscription (decision 071): every child's camps in the parent's own
 * calendar app, kept up to date as places are booked, moved or cancelled.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const remove = useRemoveCalendarFeed();
  const [made, setMade] = useState<string | null>(null);
  const makeNew = () => create.mutate(undefined, { onSuccess: (answer) => setMade(answer.url) });

  return (
    <SectionCard
      title="Calendar subscription"
      headingId="calendar-feed-heading"
      description="Every camp of every child in your phone's calendar, kept up to date when a place is booked, moved or cancelled."
    >
      {feed.isPending ? (
        <Skeleton height={36} width="60%" />
      ) : feed.error ? (
        <LoadError message="We could not load your calendar subscription." onRetry={() => feed.refetch()} />
      ) : feed.data === null ? (
        <Button
          onClick={makeNew}
          loading={create.isPending}
          leftSection={<IconCalendarPlus size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          Subscribe in my calendar
        </Button>
      ) : (
        <Stack gap="md">
          {made ? (
            <NewAddress url={made} />
          ) : (
            <Text size="sm">
              On since {formatDate(feed.data.createdAt.slice(0, 10))}. Lost the address, or shared it by
              mistake? Make a new one: the old one stops working.
            </Text>
          )}
          <Group gap="sm">
            <Button variant="default" onClick={makeNew} loading={create.isPending}>
              Make a new address
            </Button>
            <Button
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSuccess: () => setMade(null) })}
            >
              Turn off
            </Button>
          </Group>
        </Stack>
      )}
      <FormError error={create.error ?? remove.error} />
    </SectionCard>
  );
}
