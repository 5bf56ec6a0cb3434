import { parseId } from '@campwise/contract/ids';
import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Illustration } from '../illustration.tsx';
import { LoadError } from '../page-state.tsx';

/** The organization id of the route, or NaN when the address holds no id the API could know. */
export function useOrgId(): number {
  return parseId(useParams().id);
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
