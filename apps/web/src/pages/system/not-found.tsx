import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Illustration } from '../../components/illustration.tsx';

export default function NotFound() {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        <Illustration name="compass" width={220} height={165} />
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" maw={460}>
          We looked everywhere, from the cabins to the canoe dock, but this page isn’t here. It may have
          moved, or the link may be mistyped.
        </Text>
        <Group justify="center">
          <Button component={Link} to="/">
            Go to the home page
          </Button>
          <Button component={Link} to="/search" variant="light">
            Search camps
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
