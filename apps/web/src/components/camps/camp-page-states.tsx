import { parseId } from '@campwise/contract/ids';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Illustration } from '../illustration.tsx';
import { LoadError } from '../page-state.tsx';

/** The camp id of the route, or NaN when the address holds no id the API could know. */
export function useCampId(): number {
  return parseId(useParams().id);
}

interface WayBack {
  /** Where the not-found page leads: the host's organizations, or search for a visitor. */
  backTo: string;
  backLabel: string;
}

function CampNotFound({ backTo, backLabel }: WayBack) {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        <Illustration name="compass" width={220} height={165} />
        <Title order={1}>Camp not found</Title>
        <Text c="gray.7" maw={460}>
          We could not find that camp. It may have been deleted, or the link may be mistyped.
        </Text>
        <Button component={Link} to={backTo}>
          {backLabel}
        </Button>
      </Stack>
    </Container>
  );
}

/** Not found for a 404 or a malformed id, otherwise a failure with a retry. */
export function CampLoadFailure({
  error,
  onRetry,
  ...wayBack
}: WayBack & { error: Error | null; onRetry: () => void }) {
  if (!error || (error instanceof ApiError && error.status === 404)) return <CampNotFound {...wayBack} />;
  return (
    <Container py="xl">
      <LoadError message="We could not load this camp." onRetry={onRetry} />
    </Container>
  );
}
