import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Shown when a screen fails to load or render: a friendly message and a way back. */
export function RouteError() {
  const error = useRouteError();
  const offline = error instanceof TypeError && /fetch|import/i.test(error.message);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">
          {offline
            ? 'We could not load this page. Check your connection and try again.'
            : 'Sorry, this page ran into a problem. Please try again.'}
        </Text>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </Stack>
    </Container>
  );
}
