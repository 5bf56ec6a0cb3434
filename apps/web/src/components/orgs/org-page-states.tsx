import {
  Anchor,
  AspectRatio,
  Button,
  Container,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Illustration } from '../illustration.tsx';
import { LoadError } from '../page-state.tsx';

/** The organization id of the route, or NaN when the address holds something else. */
export function useOrgId(): number {
  const { id } = useParams();
  return id && /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN;
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={600}>
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}

/** An organization that does not exist or belongs to someone else. */
export function OrgNotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        <Illustration name="compass" width={220} height={165} />
        <Title order={1}>Organization not found</Title>
        <Text c="gray.7" maw={460}>
          We could not find that organization. It may have been deleted, or the link may be mistyped.
        </Text>
        <Button component={Link} to={backTo}>
          {backLabel}
        </Button>
      </Stack>
    </Container>
  );
}

/** Not found for a 404 or a malformed id, otherwise a failure with a retry. */
export function OrgLoadFailure({
  error,
  onRetry,
  backTo,
  backLabel,
}: {
  error: Error | null;
  onRetry: () => void;
  backTo: string;
  backLabel: string;
}) {
  if (!error || (error instanceof ApiError && error.status === 404)) {
    return <OrgNotFound backTo={backTo} backLabel={backLabel} />;
  }
  return (
    <Container py="xl">
      <LoadError message="We could not load this organization." onRetry={onRetry} />
    </Container>
  );
}

/** The shape of a profile (image beside details) while it loads. */
export function OrgProfileSkeleton({ label }: { label: string }) {
  return (
    <Container py="xl" aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <Skeleton height={14} width={160} mb="lg" />
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AspectRatio ratio={4 / 3}>
            <Skeleton radius="lg" />
          </AspectRatio>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Skeleton height={32} width="70%" />
            <Skeleton height={16} width="50%" />
            <Skeleton height={16} width="60%" />
            <Skeleton height={16} width="40%" />
            <Skeleton height={80} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
