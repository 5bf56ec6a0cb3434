import type { CampDetail } from '@campwise/contract/camps';
import { formatMoney } from '@campwise/contract/format';
import { parseId } from '@campwise/contract/ids';
import { messages } from '@campwise/contract/messages';
import {
  type RegistrationOptions,
  type RegistrationOutcome,
  registerBody,
} from '@campwise/contract/registrations';
import type { CampSession } from '@campwise/contract/sessions';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePublicCamp } from '../../api/camps.ts';
import { ApiError } from '../../api/client.ts';
import { useRegister, useRegistrationOptions } from '../../api/registrations.ts';
import { CampLoadFailure } from '../../components/camps/camp-page-states.tsx';
import { FormError } from '../../components/form-alert.tsx';
import { Illustration } from '../../components/illustration.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { CampSummary } from '../../components/registrations/camp-summary.tsx';
import { CamperChoice } from '../../components/registrations/camper-choice.tsx';
import { PaymentCardChoice } from '../../components/registrations/payment-card-choice.tsx';
import { namesText, spotsLeftText } from '../../components/registrations/registration-text.ts';
import { useRouteId } from '../../components/route-id.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { SessionChoice } from '../../components/sessions/session-choice.tsx';
import { windowNotice } from '../../components/sessions/session-text.ts';
import { SessionWhen } from '../../components/sessions/session-when.tsx';

/**
 * A key for one attempt at registering: a double click, a retry or a second tab sending the
 * same key registers and charges once. Random bytes rather than randomUUID, which browsers
 * offer only on secure origins.
 */
function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a failed attempt is over (the server answered no), so the next try is a new attempt.
 * A lost connection, a server failure or a registration still being processed may yet have gone
 * through: retrying those with the same key cannot register twice.
 */
function attemptIsOver(error: Error): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 0 || error.status >= 500) return false;
  return error.message !== messages.registrationInProgress;
}

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

/** What happened, in place of the form: registered and paid, or waiting for a spot. */
function Done({
  outcome,
  campName,
  names,
  camp,
  session,
}: {
  outcome: RegistrationOutcome;
  campName: string;
  names: string[];
  camp: CampDetail | undefined;
  session: CampSession | undefined;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const waitlisted = outcome.status === 'waitlisted';
  return (
    <Card padding="xl">
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name={waitlisted ? 'mailbox' : 'campfire'} width={240} height={180} />
        <Title order={2} ref={heading} tabIndex={-1}>
          {waitlisted ? 'You are on the waitlist' : 'You are registered!'}
        </Title>
        <Text maw={520}>
          {waitlisted
            ? `${namesText(names)} joined the waitlist for ${campName}. Nothing was charged. If a spot opens up, we will e-mail you a link that holds it for you for 48 hours.`
            : `${namesText(names)} ${names.length === 1 ? 'is' : 'are'} registered for ${campName}. We charged ${formatMoney(outcome.amountCents)} to your card.`}
        </Text>
        {camp ? (
          <Box w="100%" maw={520} ta="left">
            <CampSummary camp={camp} session={session} />
          </Box>
        ) : null}
        {outcome.receiptNumber ? (
          <Text maw={520}>
            Receipt number <strong>{outcome.receiptNumber}</strong>. We e-mailed you a receipt.
          </Text>
        ) : null}
        <Group justify="center" gap="sm">
          <Button component={Link} to="/camper/registrations">
            My Registrations
          </Button>
          <Button component={Link} to="/search" variant="default">
            Find more camps
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** 'Pay $900'; 'Pay $0' (disabled) before anyone is chosen. */
const payLabel = (feeCents: number) => `Pay ${formatMoney(feeCents)}`;

/** How the chosen children would be registered, from the spots left and any held spots. */
function planFor(options: RegistrationOptions, chosen: number[]) {
  const campers = options.children.filter((child) => chosen.includes(child.id));
  // A spot held from the waitlist is already counted out of the spots left.
  const needed = campers.filter((child) => child.offerExpiresAt === null).length;
  const tooFew = needed > options.spotsLeft;
  return {
    campers,
    waitlist: tooFew && options.allowsWaitlist,
    full: tooFew && !options.allowsWaitlist,
    feeCents: options.costCents * campers.length,
  };
}

/** The session the options are for. */
const chosenSession = (options: RegistrationOptions) =>
  options.sessions.find((session) => session.id === options.sessionId);

interface RegisterFormProps {
  options: RegistrationOptions;
  camp: CampDetail | undefined;
  /** The session asked for in the address, shown chosen while its options load. */
  askedSession: number | null;
  onChooseSession: (sessionId: number) => void;
  /** Another session's options are loading; what shows is the previous one's. */
  switching: boolean;
}

function RegisterForm({ options, camp, askedSession, onChooseSession, switching }: RegisterFormProps) {
  const register = useRegister(options.campId);
  const session = chosenSession(options);
  const notice = session ? windowNotice(session) : null;
  const heldForChildren = options.children.filter((child) => child.eligible && child.offerExpiresAt !== null);
  const [chosen, setChosen] = useState<number[]>(() => heldForChildren.map((child) => child.id));
  const [cardId, setCardId] = useState<number | null>(null);
  const [problems, setProblems] = useState<{ campers: string | null; card: string | null }>({
    campers: null,
    card: null,
  });
  const [attemptKey, setAttemptKey] = useState(newAttemptKey);
  const [done, setDone] = useState<{ outcome: RegistrationOutcome; names: string[] } | null>(null);

  const plan = planFor(options, chosen);

  if (done) {
    return (
      <Done
        outcome={done.outcome}
        campName={
          options.sessions.length > 1 && session ? `${options.campName}, ${session.name}` : options.campName
        }
        names={done.names}
        camp={camp}
        session={session}
      />
    );
  }
  const nobodyChosen = plan.campers.length === 0;
  const blocked = plan.full || nobodyChosen || notice !== null || switching;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending || switching) return;
    const body = {
      childIds: chosen,
      sessionId: options.sessionId,
      paymentMethodId: plan.waitlist ? undefined : (cardId ?? undefined),
      idempotencyKey: attemptKey,
    };
    const parsed = registerBody.safeParse(body);
    const campersProblem = parsed.success
      ? null
      : (parsed.error.issues[0]?.message ?? messages.chooseCampers);
    const cardProblem = !plan.waitlist && cardId === null ? messages.chooseCard : null;
    setProblems({ campers: campersProblem, card: cardProblem });
    if (!parsed.success || cardProblem) return;
    const names = plan.campers.map((child) => child.firstName);
    register.mutate(parsed.data, {
      onSuccess: (outcome) => setDone({ outcome, names }),
      onError: (error) => {
        if (attemptIsOver(error)) setAttemptKey(newAttemptKey());
      },
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {options.sessions.length > 1 ? (
              <SectionCard title="Session">
                <SessionChoice
                  sessions={options.sessions}
                  value={askedSession ?? options.sessionId}
                  onChange={onChooseSession}
                />
              </SectionCard>
            ) : null}
            <SectionCard title="Campers">
              <CamperChoice
                campers={options.children}
                chosen={chosen}
                onChange={(next) => {
                  setChosen(next);
                  setProblems((current) => ({ ...current, campers: null }));
                }}
                error={problems.campers}
              />
            </SectionCard>
            {plan.waitlist ? (
              <Alert
                color="sun"
                variant="light"
                icon={<IconInfoCircle aria-hidden />}
                title="This camp is full"
              >
                Your campers will join the waitlist free of charge. If a spot opens up, we will e-mail you a
                link that holds it for you for 48 hours, and you pay only then.
              </Alert>
            ) : (
              <SectionCard title="Payment" description="Your card is charged once you press Pay.">
                <PaymentCardChoice
                  value={cardId}
                  onChange={(id) => {
                    setCardId(id);
                    setProblems((current) => ({ ...current, card: null }));
                  }}
                  error={problems.card}
                />
              </SectionCard>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card p={{ base: 'lg', sm: 'xl' }} style={{ position: 'sticky', top: 'var(--mantine-spacing-md)' }}>
            <Stack gap="md">
              <Title order={2} fz="h3">
                Registration Fee
              </Title>
              {session ? (
                <Box aria-live="polite">
                  {options.sessions.length > 1 ? (
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {session.name}
                    </Text>
                  ) : null}
                  <SessionWhen session={session} c="gray.7" />
                </Box>
              ) : null}
              <Group justify="space-between" gap="sm" wrap="nowrap">
                <Text c="gray.7">
                  {plan.waitlist
                    ? 'Joining the waitlist is free'
                    : `${formatMoney(options.costCents)} × ${plan.campers.length} ${plan.campers.length === 1 ? 'camper' : 'campers'}`}
                </Text>
                <Text fw={800} fz="h3" aria-live="polite">
                  {plan.waitlist ? formatMoney(0) : formatMoney(plan.feeCents)}
                </Text>
              </Group>
              {plan.full ? (
                <Alert color="red" variant="light" role="alert">
                  {options.spotsLeft === 0
                    ? messages.campFull
                    : `Only ${spotsLeftText(options)}. Please choose fewer campers.`}
                </Alert>
              ) : null}
              {notice ? (
                <Alert color="sun" variant="light" icon={<IconInfoCircle aria-hidden />}>
                  {notice}
                </Alert>
              ) : null}
              <FormError error={register.error} />
              <Button
                type="submit"
                size="md"
                color="sun"
                loading={register.isPending || switching}
                disabled={blocked}
                leftSection={plan.waitlist ? null : <IconLock size={18} aria-hidden />}
              >
                {plan.waitlist ? 'Join the waitlist' : payLabel(plan.feeCents)}
              </Button>
              {nobodyChosen ? (
                <Text size="xs" c="gray.7" ta="center">
                  Choose at least one camper to pay.
                </Text>
              ) : null}
              {plan.waitlist ? null : (
                <Text size="xs" c="gray.7" ta="center">
                  A cancellation before the camp starts is refunded in full.
                </Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </form>
  );
}

/** Registration and payment for a camp (spec section 2: /camps/{id}/register). */
export default function RegisterForCamp() {
  const campId = useRouteId();
  const [params, setParams] = useSearchParams();
  const askedSession = parseId(params.get('session') ?? undefined);
  const sessionId = Number.isNaN(askedSession) ? null : askedSession;
  const query = useRegistrationOptions(campId, sessionId);
  const chooseSession = (id: number) => setParams({ session: String(id) }, { replace: true });
  // The camp's own page data, for its picture, dates and place above the form.
  const camp = usePublicCamp(campId).data;
  usePageTitle(query.data ? `Register for ${query.data.campName}` : undefined);

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

  return (
    <PageFrame
      title={`Register for ${options.campName}`}
      parent={{ to: `/camps/${campId}`, label: options.campName }}
      description={`${formatMoney(options.costCents)} per camper · ${spotsLeftText(options)}`}
    >
      <Stack gap="lg">
        {camp ? <CampSummary camp={camp} session={chosenSession(options)} /> : null}
        {options.children.length === 0 ? (
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
          />
        )}
      </Stack>
    </PageFrame>
  );
}
