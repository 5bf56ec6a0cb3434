import { Anchor, Container, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { LoadError, ResourceNotFound } from '../page-state.tsx';

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
export function OrgNotFound(wayBack: { backTo: string; backLabel: string }) {
  return (
    <ResourceNotFound
      title="Organization not found"
      text="We could not find that organization. It may have been deleted, or the link may be mistyped."
      {...wayBack}
    />
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
