import { formatMoney, formatPriceRange } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import type { RegistrationOutcome } from '@campwise/contract/registrations';
import { parseId } from '@campwise/contract/row-ids';
import {
  Alert,
  Button,
  Card,
  Container,
  Grid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePublicCamp } from '../../api/camps.ts';
import { ApiError } from '../../api/client.ts';
import { useRegistrationOptions } from '../../api/registrations.ts';
import { BasketForm, type BookedVia } from '../../components/baskets/basket-form.tsx';
import { bookedViaFor } from '../../components/baskets/booked-via.ts';
import { CampLoadFailure } from '../../components/camps/camp-page-states.tsx';
import { Illustration } from '../../components/illustration.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { CampSummary } from '../../components/registrations/camp-summary.tsx';
import {
  chosenSession,
  HeldOfferForm,
  type HeldOfferFormProps,
} from '../../components/registrations/held-offer-form.tsx';
import { spotsLeftText } from '../../components/registrations/registration-text.ts';
import { useRouteId } from '../../components/route-id.ts';

function RegisterSkeleton() {
  return (
    <Container py="xl" aria-busy="true">
      <VisuallyHidden role="status">Loading registration</VisuallyHidden>
      <Stack gap="lg">
        <Skeleton height={14} width={80} />
        <Skeleton height={36} width="60%" />
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Skeleton height={88} radius="md" />
              <Skeleton height={88} radius="md" />
              <Skeleton height={140} radius="md" />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton height={220} radius="lg" />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

/** The spec's text when the parent has no children yet, with the way to add them. */
function NoCampers() {
  return (
    <Card padding="xl">
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name="tent" width={240} height={180} />
        <Title order={2} fz="h3">
          {messages.mustAddCampers}
        </Title>
        <Text c="gray.7" maw={460}>
          Add each child with their birthday and shirt size once; you can then register them for any camp.
        </Text>
        <Button component={Link} to="/camper/campers" color="sun">
          Add campers
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * Paying for a spot held from the waitlist keeps its own form (one session, the children it is
 * held for); otherwise the family's basket. Decided once, so the confirmation after paying for
 * a held spot stays when the refreshed options no longer hold it.
 */
function RegisterForm({ bookedVia, ...props }: HeldOfferFormProps & { bookedVia: BookedVia }) {
  const [held] = useState(() =>
    props.options.children.some((child) => child.eligible && child.offerExpiresAt !== null),
  );
  return held ? (
    <HeldOfferForm {...props} />
  ) : (
    <BasketForm options={props.options} camp={props.camp} onDone={props.onDone} bookedVia={bookedVia} />
  );
}

/** Registration and payment for a camp (docs/product-spec.md, section 2: /camps/{id}/register). */
export default function RegisterForCamp() {
  const campId = useRouteId();
  const [params, setParams] = useSearchParams();
  const askedSession = parseId(params.get('session') ?? undefined);
  const sessionId = Number.isNaN(askedSession) ? null : askedSession;
  const query = useRegistrationOptions(campId, sessionId);
  const chooseSession = (id: number) => setParams({ session: String(id) }, { replace: true });
  const [bookedVia] = useState(() => bookedViaFor(campId, params.get('via')));
  // The camp's own page data, for its picture, dates and place above the form.
  const camp = usePublicCamp(campId).data;
  // Once paid (or waitlisted) the page says so, where it asked to register before.
  const [finished, setFinished] = useState<RegistrationOutcome['status'] | null>(null);
  const title = (campName: string) =>
    finished === 'waitlisted'
      ? `On the waitlist for ${campName}`
      : finished
        ? `Registered for ${campName}`
        : `Register for ${campName}`;
  usePageTitle(query.data ? title(query.data.campName) : undefined);

  if (query.error instanceof ApiError && query.error.message === messages.sessionNotFound) {
    return (
      <PageFrame title="Register" parent={{ to: `/camps/${campId}`, label: 'Camp' }}>
        <Alert color="red" variant="light" role="alert" title={messages.sessionNotFound}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">It may have been cancelled. The camp's page lists the sessions open now.</Text>
            <Button component={Link} to={`/camps/${campId}`} variant="light" color="red" size="xs">
              See the camp's sessions
            </Button>
          </Stack>
        </Alert>
      </PageFrame>
    );
  }
  if (Number.isNaN(campId) || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <CampLoadFailure
        error={query.error}
        onRetry={() => query.refetch()}
        backTo="/search"
        backLabel="Search camps"
      />
    );
  }
  if (query.error) {
    return (
      <PageFrame title="Register" parent={{ to: `/camps/${campId}`, label: 'Camp' }}>
        <Alert color="red" variant="light" role="alert" title="We could not open this registration">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{query.error.message}</Text>
            <Button variant="light" color="red" size="xs" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </PageFrame>
    );
  }
  if (query.isPending) return <RegisterSkeleton />;
  const options = query.data;
  const prices = options.sessions.map((session) => session.priceCents);
  const lowestPrice = Math.min(...prices);
  const highestPrice = Math.max(...prices);

  return (
    <PageFrame
      title={title(options.campName)}
      parent={{ to: `/camps/${campId}`, label: options.campName }}
      description={
        options.sessions.length > 1
          ? `${options.sessions.length} sessions · ${formatPriceRange(lowestPrice, highestPrice)} per camper`
          : `${formatMoney(options.costCents)} per camper · ${spotsLeftText(options)}`
      }
    >
      <Stack gap="lg">
        {camp ? (
          <CampSummary
            camp={camp}
            session={options.sessions.length === 1 ? chosenSession(options) : undefined}
          />
        ) : null}
        {camp && !camp.takesRegistrations ? (
          <Alert color="sun" variant="light" title={messages.registrationOpensSoon}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                This camp is getting ready to take payments. Save its sessions as maybes and come back soon.
              </Text>
              <Button component={Link} to={`/camps/${campId}`} variant="light" color="sun" size="xs">
                Back to the camp
              </Button>
            </Stack>
          </Alert>
        ) : options.children.length === 0 ? (
          <NoCampers />
        ) : (
          <RegisterForm
            // A new session starts a new choice: who can come differs from one session to another.
            key={options.sessionId}
            options={options}
            camp={camp}
            askedSession={sessionId}
            onChooseSession={chooseSession}
            switching={query.isPlaceholderData}
            onDone={(outcome) => setFinished(outcome.status)}
            bookedVia={bookedVia}
          />
        )}
      </Stack>
    </PageFrame>
  );
}
