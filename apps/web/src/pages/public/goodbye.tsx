import { messages } from '@campwise/contract/messages';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { signOut } from '../../app/session.ts';
import { Illustration } from '../../components/illustration.tsx';

/** After an account is deleted: the session ends here, once the settings page has been left. */
export default function Goodbye() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const accountDeleted = (location.state as { accountDeleted?: boolean } | null)?.accountDeleted === true;

  useEffect(() => {
    if (!accountDeleted) return;
    signOut();
    queryClient.clear();
  }, [accountDeleted, queryClient]);

  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        <Illustration name="campfire" width={220} height={165} />
        <Title order={1}>Goodbye for now</Title>
        <Text c="gray.7" maw={460} role="status">
          {messages.accountDeleted}
        </Text>
        <Group justify="center">
          <Button component={Link} to="/">
            Go to the home page
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
