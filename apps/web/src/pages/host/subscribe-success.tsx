import { messages } from '@campwise/contract/messages';
import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConfirmCheckout } from '../../api/subscriptions.ts';
import { PageFrame } from '../../components/page/page-frame.tsx';

/** Back from checkout with ?session_id=…: the server asks the provider whether it was paid. */
export default function SubscribeSuccess() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const confirm = useConfirmCheckout();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || sessionId === '') return;
    started.current = true;
    confirm.mutate(sessionId);
  }, [confirm, sessionId]);

  const failure = sessionId === '' ? messages.checkoutUnavailable : confirm.error?.message;

  if (failure) {
    return (
      <PageFrame title="Payment not confirmed" width="narrow">
        <Card padding="xl">
          <Stack gap="md">
            <Alert color="red" variant="light" role="alert" title="We could not confirm your subscription">
              {failure}
            </Alert>
            <Group>
              {sessionId !== '' ? (
                <Button onClick={() => confirm.mutate(sessionId)} loading={confirm.isPending}>
                  Try again
                </Button>
              ) : null}
              <Button component={Link} to="/host/subscribe" variant="light">
                Back to subscription
              </Button>
            </Group>
          </Stack>
        </Card>
      </PageFrame>
    );
  }
  if (confirm.isSuccess) {
    return (
      <PageFrame
        title="You're Subscribed!"
        description="Welcome aboard. Add your organization and start listing your camps."
        illustration="campfire"
        actions={
          <Button component={Link} to="/host/dashboard" color="sun" size="md">
            Continue to Dashboard
          </Button>
        }
      />
    );
  }
  return (
    <PageFrame title="Confirming payment…" width="narrow">
      <Card padding="xl">
        <Stack gap="md" align="center" ta="center" role="status">
          <Loader aria-hidden />
          <Text c="gray.7">This takes a moment. Please keep this page open.</Text>
        </Stack>
      </Card>
    </PageFrame>
  );
}
