import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useMatches } from 'react-router';
import type { RouteHandle } from '../../app/routes.tsx';
import { Illustration } from '../../components/illustration.tsx';

/** A screen whose feature has not been released yet: its title, a note and a way on. */
export default function ComingSoon() {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        <Illustration name="tent" width={220} height={165} />
        <Title order={1}>{handle?.title ?? 'Coming soon'}</Title>
        <Text c="dimmed" maw={460}>
          This part of Campwise is coming soon. In the meantime, have a look around and find a camp your
          family will love.
        </Text>
        <Button component={Link} to="/">
          Back to the home page
        </Button>
      </Stack>
    </Container>
  );
}
