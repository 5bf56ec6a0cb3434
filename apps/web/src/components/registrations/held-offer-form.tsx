import type { Quote } from '@campwise/contract/baskets';
import type { CampDetail } from '@campwise/contract/camps';
import { formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import {
  type RegistrationOptions,
  type RegistrationOutcome,
  registerBody,
} from '@campwise/contract/registrations';
import { windowNotice } from '@campwise/contract/session-text';
import { Alert, Box, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { sortedLines, useQuote } from '../../api/baskets.ts';
import { useRegister } from '../../api/registrations.ts';
import { PriceSummary } from '../baskets/price-summary.tsx';
import { FormError } from '../form-alert.tsx';
import { CheckoutRefundPolicy } from '../refund-policy/refund-policy-note.tsx';
import { SectionCard } from '../section-card.tsx';
import { SessionChoice } from '../sessions/session-choice.tsx';
import { SessionWhen } from '../sessions/session-when.tsx';
import { attemptIsOver, newAttemptKey } from './attempt-key.ts';
import { CamperChoice } from './camper-choice.tsx';
import { PaymentCardChoice } from './payment-card-choice.tsx';
import { RegisterDone } from './register-done.tsx';
import { registeredText, spotsLeftText, waitlistJoinedText } from './registration-text.ts';

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
  };
}

/** The session the options are for. */
export const chosenSession = (options: RegistrationOptions) =>
  options.sessions.find((session) => session.id === options.sessionId);

export interface HeldOfferFormProps {
  options: RegistrationOptions;
  camp: CampDetail | undefined;
  /** The session asked for in the address, shown chosen while its options load. */
  askedSession: number | null;
  onChooseSession: (sessionId: number) => void;
  /** Another session's options are loading; what shows is the previous one's. */
  switching: boolean;
  /** Told once the payment (or the waitlist place) went through, so the page can say it is done. */
  onDone?: (outcome: RegistrationOutcome) => void;
}

/**
 * Paying for a spot held from the waitlist: one session, the children the spot is held for
 * chosen, and the session choice to look at another one.
 */
export function HeldOfferForm({
  options,
  camp,
  askedSession,
  onChooseSession,
  switching,
  onDone,
}: HeldOfferFormProps) {
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
  // The price is the server's (the camp's discounts, a sibling's among them), as it will charge it.
  const request =
    done || register.isPending || switching || plan.waitlist || plan.full || chosen.length === 0
      ? null
      : {
          lines: sortedLines(chosen.map((childId) => ({ childId, sessionId: options.sessionId }))),
          promoCode: null,
        };
  const priced = useQuote(options.campId, request);
  // While a payment is on its way, the price it was sent with stays on screen.
  const [sentQuote, setSentQuote] = useState<Quote | null>(null);
  const quote = register.isPending ? sentQuote : request ? (priced.data ?? null) : null;
  const priceCurrent =
    quote !== null && !priced.isPlaceholderData && !priced.isFetching && priced.error === null;

  if (done) {
    const campLabel =
      options.sessions.length > 1 && session ? `${options.campName}, ${session.name}` : options.campName;
    return (
      <RegisterDone
        outcome={done.outcome}
        summary={
          done.outcome.status === 'waitlisted'
            ? waitlistJoinedText(done.names, campLabel)
            : registeredText(done.names, campLabel, done.outcome.amountCents)
        }
        camp={camp}
        session={session}
        sessions={options.sessions}
        showSessions={options.sessions.length > 1}
      />
    );
  }
  const nobodyChosen = plan.campers.length === 0;
  const blocked =
    plan.full || nobodyChosen || notice !== null || switching || (!plan.waitlist && !priceCurrent);

  // Only the Pay button pays: the checkout is no form, so neither Enter in one of its fields nor
  // a dialog's form can send it.
  const pay = () => {
    if (register.isPending || switching) return;
    const body = {
      childIds: chosen,
      sessionId: options.sessionId,
      paymentMethodId: plan.waitlist ? undefined : (cardId ?? undefined),
      // Charged only while it is still the price shown.
      expectedTotalCents: plan.waitlist ? undefined : quote?.totalCents,
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
    setSentQuote(quote);
    register.mutate(parsed.data, {
      onSuccess: (outcome) => {
        setDone({ outcome, names });
        onDone?.(outcome);
      },
      onError: (error) => {
        if (attemptIsOver(error)) setAttemptKey(newAttemptKey());
      },
    });
  };

  return (
    <div>
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
              {plan.waitlist ? (
                <Group justify="space-between" gap="sm" wrap="nowrap">
                  <Text c="gray.7">Joining the waitlist is free</Text>
                  <Text fw={800} fz="h3" aria-live="polite">
                    {formatMoney(0)}
                  </Text>
                </Group>
              ) : quote ? (
                <PriceSummary quote={quote} showSessions={false} updating={!priceCurrent} />
              ) : request && priced.isFetching ? (
                <Stack gap="xs" aria-busy="true">
                  <Text size="sm" c="gray.7" role="status">
                    Working out the price…
                  </Text>
                  <Skeleton height={48} radius="md" />
                </Stack>
              ) : null}
              {request && priced.error ? (
                <Alert color="red" variant="light" role="alert">
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">{priced.error.message}</Text>
                    <Button
                      variant="light"
                      color="red"
                      size="compact-sm"
                      onClick={() => void priced.refetch()}
                    >
                      Try again
                    </Button>
                  </Stack>
                </Alert>
              ) : null}
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
              {plan.waitlist ? null : <CheckoutRefundPolicy policy={options.refundPolicy} />}
              <Button
                size="md"
                color="sun"
                onClick={pay}
                loading={register.isPending || switching}
                disabled={blocked}
                leftSection={plan.waitlist ? null : <IconLock size={18} aria-hidden />}
              >
                {plan.waitlist
                  ? 'Join the waitlist'
                  : nobodyChosen
                    ? `Pay ${formatMoney(0)}`
                    : quote
                      ? `Pay ${formatMoney(quote.totalCents)}`
                      : 'Pay'}
              </Button>
              {nobodyChosen ? (
                <Text size="xs" c="gray.7" ta="center">
                  Choose at least one camper to pay.
                </Text>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </div>
  );
}
