import { messages } from '@campwise/contract/messages';
import { Alert, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConfirmCheckout } from '../../api/subscriptions.ts';
import { Illustration } from '../../components/illustration.tsx';

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

  return (
    <Container size={560} py={{ base: 'lg', sm: 56 }}>
      <Card padding="xl">
        {failure ? (
          <Stack gap="md">
            <Title order={1}>We could not confirm your subscription</Title>
            <Alert color="red" variant="light" role="alert">
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
        ) : confirm.isSuccess ? (
          <Stack gap="md" align="center" ta="center">
            <Illustration name="campfire" width={200} height={150} eager />
            <Title order={1}>You're Subscribed!</Title>
            <Text c="gray.7">Welcome aboard. Add your organization and start listing your camps.</Text>
            <Button component={Link} to="/host/dashboard" color="sun" size="md">
              Continue to Dashboard
            </Button>
          </Stack>
        ) : (
          <Stack gap="md" align="center" ta="center" role="status">
            <Loader aria-hidden />
            <Title order={1} fz="h2">
              Confirming your payment…
            </Title>
            <Text c="gray.7">This takes a moment. Please keep this page open.</Text>
          </Stack>
        )}
      </Card>
    </Container>
  );
}
