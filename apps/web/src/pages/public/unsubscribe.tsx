import type { UnsubscribeState } from '@campwise/contract/saved-searches';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconMailOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useUnsubscribe, useUnsubscribeState } from '../../api/saved-searches.ts';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError } from '../../components/page/page-state.tsx';

/** What to do to hear again, once a link has stopped its e-mails. */
function againText(state: UnsubscribeState): string {
  return state.kind === 'digest'
    ? 'The search stays on your Saved page, where you can turn its weekly e-mail back on.'
    : 'To hear about a session again, ask for it on the camp’s page.';
}

/** Done: says so; right after the click the focus moves to the message, where the button was. */
function Unsubscribed({ state, justNow }: { state: UnsubscribeState; justNow: boolean }) {
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justNow) message.current?.focus();
  }, [justNow]);
  return (
    <Stack gap="md">
      <Alert
        ref={message}
        tabIndex={-1}
        color="leaf"
        variant="light"
        role="status"
        icon={<IconCircleCheck aria-hidden />}
        title="You’re unsubscribed"
      >
        You’re unsubscribed from {state.subject}. {againText(state)}
      </Alert>
      <Group gap="sm">
        <Button component={Link} to="/camper/saved" variant="light">
          Go to your Saved page
        </Button>
        <Button component={Link} to="/search" variant="default">
          Search camps
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Opened from the Unsubscribe link of an alert e-mail: says what the link stops and stops it with
 * one click, without signing in (decision 022). Mail clients use the one-click address instead.
 */
export default function Unsubscribe() {
  const token = useParams().token ?? '';
  const state = useUnsubscribeState(token);
  const unsubscribe = useUnsubscribe(token);

  return (
    <PageFrame title="Unsubscribe" width="form">
      <Card padding="xl">
        {state.isPending ? (
          <Stack gap="sm" aria-busy="true">
            <VisuallyHidden role="status">Reading your unsubscribe link</VisuallyHidden>
            <Skeleton height={22} width="80%" />
            <Skeleton height={36} width={160} />
          </Stack>
        ) : state.error ? (
          state.error instanceof ApiError && state.error.status === 404 ? (
            <Stack gap="md">
              <Alert color="red" variant="light" role="alert" title="This link does not work">
                {state.error.message}
              </Alert>
              <Group gap="sm">
                <Button component={Link} to="/camper/saved" variant="light">
                  Go to your Saved page
                </Button>
              </Group>
            </Stack>
          ) : (
            <LoadError message="We could not read your unsubscribe link." onRetry={() => state.refetch()} />
          )
        ) : state.data.unsubscribed ? (
          <Unsubscribed state={state.data} justNow={unsubscribe.isSuccess} />
        ) : (
          <Stack gap="md" align="flex-start">
            <Text size="lg">Stop {state.data.subject}?</Text>
            <Text c="gray.7">One click is enough: you don’t need to log in.</Text>
            {unsubscribe.error ? (
              <Alert color="red" variant="light" role="alert">
                {unsubscribe.error.message}
              </Alert>
            ) : null}
            <Button
              color="sun"
              leftSection={<IconMailOff size={18} aria-hidden />}
              loading={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate()}
            >
              Unsubscribe
            </Button>
          </Stack>
        )}
      </Card>
    </PageFrame>
  );
}
