import {
  AspectRatio,
  Button,
  Container,
  Grid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Illustration } from '../illustration.tsx';
import { LoadError } from '../page-state.tsx';

/** The camp id of the route, or NaN when the address holds something else. */
export function useCampId(): number {
  const { id } = useParams();
  return id && /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN;
}

function CampNotFound() {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        <Illustration name="compass" width={220} height={165} />
        <Title order={1}>Camp not found</Title>
        <Text c="gray.7" maw={460}>
          We could not find that camp. It may have been deleted, or the link may be mistyped.
        </Text>
        <Button component={Link} to="/host/dashboard">
          Back to my organizations
        </Button>
      </Stack>
    </Container>
  );
}

/** Not found for a 404 or a malformed id, otherwise a failure with a retry. */
export function CampLoadFailure({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  if (!error || (error instanceof ApiError && error.status === 404)) return <CampNotFound />;
  return (
    <Container py="xl">
      <LoadError message="We could not load this camp." onRetry={onRetry} />
    </Container>
  );
}

/** The shape of the camp profile (photos beside details) while it loads. */
export function CampPageSkeleton({ label }: { label: string }) {
  return (
    <Container py="xl" aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <Skeleton height={14} width={160} mb="lg" />
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <AspectRatio ratio={4 / 3}>
            <Skeleton radius="lg" />
          </AspectRatio>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Skeleton height={32} width="70%" />
            <Skeleton height={16} width="40%" />
            <Skeleton height={16} width="60%" />
            <Skeleton height={16} width="50%" />
            <Skeleton height={16} width="45%" />
            <Skeleton height={80} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
