import type { Quote } from '@campwise/contract/baskets';
import type { CampDetail } from '@campwise/contract/camps';
import { formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import {
  type RegisterBody,
  type RegistrationOptions,
  type RegistrationOutcome,
  registerBody,
} from '@campwise/contract/registrations';
import { windowNotice } from '@campwise/contract/session-text';
import { OFFER_HOLD_HOURS } from '@campwise/contract/waitlist-offers';
import { Alert, Box, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useSessionsOptions } from '../../api/baskets.ts';
import { ApiError } from '../../api/client.ts';
import { useRegister } from '../../api/registrations.ts';
import { useCampFormsStep } from '../camp-forms/checkout-forms-step.tsx';
import { FormError, FormProblem } from '../form-alert.tsx';
import {
  HealthReview,
  type HealthReviews,
  healthReviewsFor,
  useHealthProfiles,
} from '../health-profiles/health-review.tsx';
import { LoadError } from '../page/page-state.tsx';
import { dueNow, PlanChoice, type PlanPick } from '../payment-plans/plan-choice.tsx';
import { CheckoutRefundPolicy } from '../refund-policy/refund-policy-note.tsx';
import { attemptIsOver, newAttemptKey } from '../registrations/attempt-key.ts';
import { CamperChoice } from '../registrations/camper-choice.tsx';
import { PaymentCardChoice } from '../registrations/payment-card-choice.tsx';
import { RegisterDone } from '../registrations/register-done.tsx';
import { SectionCard } from '../section-card.tsx';
import { SessionWhen } from '../sessions/session-when.tsx';
import { basketChoice, basketProblem } from './basket-choice.ts';
import { basketDoneText } from './basket-done.ts';
import classes from './basket-form.module.css';
import { PayButton, PriceError, PricingSkeleton } from './checkout-parts.tsx';
import { PriceSummary } from './price-summary.tsx';
import { PromoCodeField } from './promo-code-field.tsx';
import { quoteMoney } from './quote-money.ts';
import { SessionPicks } from './session-picks.tsx';
import { useBasketQuote } from './use-basket-quote.ts';
import { usePromoCode } from './use-promo-code.ts';

/** The session asked for (or the camp's first) starts chosen, unless it is not open yet. */
function firstChoice(options: RegistrationOptions): number[] {
  const asked = options.sessions.find((session) => session.id === options.sessionId);
  if (!asked) return [];
  return options.sessions.length === 1 || windowNotice(asked) === null ? [asked.id] : [];
}

/**
 * A payment sent, with the price it was sent for. Until it is over, the page shows that price
 * and asks for no other: a lost answer is sent again as it was, under the same key.
 */
interface Attempt {
  body: RegisterBody;
  quote: Quote;
}

/** The server said no to this basket: asking again will not change it, choosing differently will. */
const refusedForGood = (error: Error) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

const waitlistNote = `If a spot opens up, we will e-mail you a link that holds it for you for ${OFFER_HOLD_HOURS} hours, and you pay only then.`;

interface BasketFormProps {
  options: RegistrationOptions;
  camp: CampDetail | undefined;
  /** Told once the payment (or the waitlist places) went through, so the page can say it is done. */
  onDone?: (outcome: RegistrationOutcome) => void;
  /** Set when the family came from the host's booking widget (decision 075). */
  bookedVia?: BookedVia;
}

export type BookedVia = RegisterBody['bookedVia'];

/**
 * One checkout for a family: one or more sessions, one or more children, the server's price
 * line by line with every discount, a promo code, and one payment for everything.
 */
export function BasketForm({ options, camp, onDone, bookedVia }: BasketFormProps) {
  const single = options.sessions.length === 1;
  const register = useRegister(options.campId);
  const [sessionIds, setSessionIds] = useState(() => firstChoice(options));
  const [childIds, setChildIds] = useState<number[]>([]);
  const [cardId, setCardId] = useState<number | null>(null);
  const [cardProblem, setCardProblem] = useState<string | null>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [attemptKey, setAttemptKey] = useState(newAttemptKey);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [done, setDone] = useState<RegistrationOutcome | null>(null);
  const [pick, setPick] = useState<PlanPick>({ kind: 'full' });
  const [healthReviews, setHealthReviews] = useState<HealthReviews>({});
  const [healthProblem, setHealthProblem] = useState<string | null>(null);

  const chosenSessions = options.sessions.filter((session) => sessionIds.includes(session.id));
  const sessionsOptions = useSessionsOptions(options, sessionIds);
  const { campers, lines } = basketChoice(options, chosenSessions, childIds, sessionsOptions.bySession);
  const chosenCampers = campers.filter((child) => child.eligible && childIds.includes(child.id));
  const healthProfiles = useHealthProfiles(chosenCampers);
  const problem = basketProblem(chosenSessions, lines, sessionsOptions.bySession, single);
  const promo = usePromoCode(options.campId, lines);
  const formsStep = useCampFormsStep(
    options.campId,
    childIds.filter((id) => campers.some((child) => child.id === id && child.eligible)),
  );
  const priced = useBasketQuote(
    options.campId,
    attempt || problem || sessionsOptions.loading ? null : lines,
    promo,
  );

  if (done) {
    return (
      <RegisterDone
        outcome={done}
        summary={basketDoneText(options, done, attempt?.quote.lines ?? [])}
        camp={camp}
        session={single ? options.sessions[0] : undefined}
        sessions={options.sessions}
        showSessions={!single}
      />
    );
  }

  /**
   * A change to the basket while nothing is being paid: a new attempt, and the previous one's
   * answer no longer applies. Ignored while a payment is on its way.
   */
  const change = (apply: () => void) => {
    if (register.isPending) return;
    if (attempt) {
      setAttempt(null);
      setAttemptKey(newAttemptKey());
    }
    setFormProblem(null);
    register.reset();
    apply();
  };

  const quote = attempt?.quote ?? priced.quote;
  const ready = attempt ? !register.isPending : priced.current;
  const allWaitlist = quote?.lines.every((line) => line.placement === 'waitlist') ?? false;
  const someWaitlist =
    quote !== null && !allWaitlist && quote.lines.some((line) => line.placement === 'waitlist');
  const nothingChosen = lines.length === 0 && attempt === null;
  // A deposit is chosen only while the quote offers one.
  const paying: PlanPick = quote?.planOffer && !allWaitlist ? pick : { kind: 'full' };

  const send = (sending: Attempt) => {
    setAttempt(sending);
    register.mutate(sending.body, {
      onSuccess: (outcome) => {
        setDone(outcome);
        onDone?.(outcome);
      },
      onError: (error) => {
        if (!attemptIsOver(error)) return;
        setAttempt(null);
        setAttemptKey(newAttemptKey());
      },
    });
  };

  // Only the Pay button pays: the checkout is no form, so neither Enter in one of its fields nor
  // a dialog's form can send it.
  const pay = () => {
    if (register.isPending) return;
    if (attempt) {
      send(attempt);
      return;
    }
    if (!ready || !quote || !priced.request) return;
    const charging = !allWaitlist;
    const health = healthReviewsFor(chosenCampers, healthProfiles, healthReviews);
    const parsed = registerBody.safeParse({
      healthReviews: health.reviews,
      lines: priced.request.lines,
      promoCode: priced.request.promoCode ?? undefined,
      paymentMethodId: charging ? (cardId ?? undefined) : undefined,
      plan:
        paying.kind === 'plan' && quote.planOffer
          ? { instalments: Math.min(paying.instalments, quote.planOffer.maxInstalments) }
          : undefined,
      idempotencyKey: attemptKey,
      expectedTotalCents: quote.totalCents,
      bookedVia,
    });
    const missingCard = charging && cardId === null ? messages.chooseCard : null;
    setCardProblem(missingCard);
    setHealthProblem(health.problem);
    setFormProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.tryAgain));
    if (parsed.success && !missingCard && !health.problem) {
      const sending = { body: parsed.data, quote };
      void formsStep.prepare().then((ready) => {
        if (ready) send(sending);
      });
    }
  };

  const payLabel = (() => {
    if (nothingChosen) return `Pay ${formatMoney(0)}`;
    if (!quote) return 'Pay';
    if (allWaitlist) return 'Join the waitlist';
    // As the summary above writes the total, to the same precision.
    const money = quoteMoney(quote);
    return paying.kind === 'plan'
      ? `Pay ${money(dueNow(quote, paying))} deposit`
      : `Pay ${money(quote.totalCents)}`;
  })();
  const payButton = (
    <PayButton
      label={payLabel}
      onClick={pay}
      loading={register.isPending || formsStep.saving || (!ready && priced.pricing)}
      disabled={!ready || problem !== null}
      free={allWaitlist}
    />
  );
  const hint =
    sessionIds.length === 0
      ? 'Choose at least one session to pay.'
      : nothingChosen
        ? 'Choose at least one camper to pay.'
        : null;

  return (
    <div>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {single ? null : (
              <SectionCard title="Sessions">
                <SessionPicks
                  sessions={options.sessions}
                  chosen={sessionIds}
                  onChange={(next) => change(() => setSessionIds(next))}
                />
              </SectionCard>
            )}
            <SectionCard title="Campers">
              <CamperChoice
                campers={campers}
                chosen={childIds.filter((id) => campers.some((child) => child.id === id && child.eligible))}
                onChange={(next) => change(() => setChildIds(next))}
                error={null}
                agesNote={single ? undefined : 'Ages are on the first day of the first session you choose.'}
              />
            </SectionCard>
            <SectionCard title="Health" description="Still correct? Each camper's profile, kept once.">
              <HealthReview
                campers={chosenCampers}
                profiles={healthProfiles}
                reviews={healthReviews}
                problem={healthProblem}
                onChange={(next) =>
                  change(() => {
                    setHealthReviews(next);
                    setHealthProblem(null);
                  })
                }
              />
            </SectionCard>
            {formsStep.element}
            {allWaitlist ? (
              <Alert
                color="sun"
                variant="light"
                icon={<IconInfoCircle aria-hidden />}
                title={single ? 'This camp is full' : 'The sessions you chose are full'}
              >
                Your campers will join the waitlist free of charge. {waitlistNote}
              </Alert>
            ) : (
              <SectionCard title="Payment" description="Your card is charged once you press Pay.">
                {quote?.planOffer ? (
                  <PlanChoice quote={quote} pick={paying} onChange={(next) => change(() => setPick(next))} />
                ) : null}
                <PaymentCardChoice
                  value={cardId}
                  onChange={(id) =>
                    change(() => {
                      setCardId(id);
                      setCardProblem(null);
                    })
                  }
                  error={cardProblem}
                />
              </SectionCard>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card p={{ base: 'lg', sm: 'xl' }} className={classes.summary}>
            <Stack gap="md">
              <Title order={2} fz="h3">
                Registration Fee
              </Title>
              {single && options.sessions[0] ? (
                <SessionWhen session={options.sessions[0]} c="gray.7" />
              ) : null}
              {quote ? (
                <PriceSummary quote={quote} showSessions={!single} updating={!ready && priced.pricing} />
              ) : priced.pricing ? (
                <PricingSkeleton />
              ) : null}
              {someWaitlist ? (
                <Text size="sm" c="gray.7">
                  A waitlist place is free. {waitlistNote}
                </Text>
              ) : null}
              {sessionsOptions.error ? (
                <LoadError
                  message="We could not check who can come to the sessions you chose."
                  onRetry={sessionsOptions.retry}
                />
              ) : null}
              {priced.error ? (
                <PriceError
                  error={priced.error}
                  onRetry={refusedForGood(priced.error) ? null : priced.retry}
                />
              ) : null}
              {problem ? (
                <Alert
                  color={problem.tone === 'full' ? 'red' : 'sun'}
                  variant="light"
                  icon={problem.tone === 'full' ? undefined : <IconInfoCircle aria-hidden />}
                >
                  {problem.message}
                </Alert>
              ) : null}
              <PromoCodeField
                promo={{
                  ...promo,
                  apply: async () => change(() => void promo.apply()),
                  remove: () => change(promo.remove),
                }}
              />
              <FormProblem message={formProblem} />
              <FormError error={register.error} />
              {allWaitlist ? null : <CheckoutRefundPolicy policy={options.refundPolicy} />}
              {/* On a phone, Pay is in the bar at the bottom of the screen instead. */}
              <Box visibleFrom="md">{payButton}</Box>
              {hint ? (
                <Text size="xs" c="gray.7" ta="center">
                  {hint}
                </Text>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      {/* The Pay button says the total: on a phone it stays at the bottom of the screen. */}
      <Box className={classes.payBar} hiddenFrom="md">
        {payButton}
      </Box>
    </div>
  );
}
