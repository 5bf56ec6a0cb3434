import { calendarAppLinks } from '@campwise/contract/calendar-feed';
import { formatDate } from '@campwise/contract/format';
import { Alert, Button, CopyButton, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import {
  IconBrandApple,
  IconBrandGoogle,
  IconCalendarPlus,
  IconCheck,
  IconCopy,
  IconMail,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useCalendarFeed, useCreateCalendarFeed, useRemoveCalendarFeed } from '../../api/calendar-feed.ts';
import { FormError } from '../form-alert.tsx';
import { LoadError } from '../page/page-state.tsx';
import { SectionCard } from '../section-card.tsx';

/** The address just made, with the ways to add it to a calendar app. Shown this once. */
function NewAddress({ url }: { url: string }) {
  const apps = calendarAppLinks(url);
  return (
    <Stack gap="sm">
      <Alert color="leaf" variant="light" title="Your calendar address">
        Add it to your calendar app now: for your family's privacy we show it only this once. Anyone with it
        can see your children's camps, so share it only with your calendar.
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Calendar address"
          value={url}
          readOnly
          style={{ flex: 1 }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Group gap="xs">
        <Button
          component="a"
          href={apps.google}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          leftSection={<IconBrandGoogle size={18} aria-hidden />}
        >
          Add to Google Calendar
        </Button>
        <Button
          component="a"
          href={apps.apple}
          variant="light"
          leftSection={<IconBrandApple size={18} aria-hidden />}
        >
          Add to Apple Calendar
        </Button>
        <Button
          component="a"
          href={apps.outlook}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          leftSection={<IconMail size={18} aria-hidden />}
        >
          Add to Outlook
        </Button>
      </Group>
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
