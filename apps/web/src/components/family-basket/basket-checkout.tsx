import {
  type BasketSession,
  basketCheckoutBody,
  basketClashes,
  type BasketCheckout as CheckoutAnswer,
  type FamilyBasket,
} from '@campwise/contract/family-basket';
import { messages } from '@campwise/contract/messages';
import { Alert, Box, Card, Divider, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { quoteQuery, sortedLines } from '../../api/baskets.ts';
import { useChildren } from '../../api/children.ts';
import { useBasketCheckout } from '../../api/family-basket.ts';
import classes from '../baskets/basket-form.module.css';
import { PayButton } from '../baskets/checkout-parts.tsx';
import { quoteMoney } from '../baskets/quote-money.ts';
import { FormError, FormProblem } from '../form-alert.tsx';
import {
  HealthReview,
  type HealthReviews,
  healthReviewsFor,
  useHealthProfiles,
} from '../health-profiles/health-review.tsx';
import { attemptIsOver, newAttemptKey } from '../registrations/attempt-key.ts';
import { PaymentCardChoice } from '../registrations/payment-card-choice.tsx';
import { SectionCard } from '../section-card.tsx';
import { BasketCampCard, type CampPrice } from './basket-camp-card.tsx';
import { campLines } from './basket-text.ts';

/** What the parent is told of each child chosen for two sessions meeting at the same time. */
function clashText(basket: FamilyBasket, family: readonly { id: number; firstName: string }[]): string[] {
  const campOf = new Map(
    basket.camps.flatMap((camp) =>
      camp.sessions.map((session) => [session.sessionId, camp.campName] as const),
    ),
  );
  const named = (session: BasketSession) => `${campOf.get(session.sessionId) ?? ''} (${session.sessionName})`;
  return basketClashes(basket).map((clash) =>
    messages.basketChildClash
      .replace('{name}', family.find((child) => child.id === clash.childId)?.firstName ?? 'A camper')
      .replace('{first}', named(clash.first))
      .replace('{second}', named(clash.second)),
  );
}

/** A camp with nobody chosen yet has no price to ask for. */
const NOT_PRICED: CampPrice = {
  quote: null,
  current: false,
  pricing: false,
  error: null,
  retry: () => undefined,
};

interface BasketCheckoutProps {
  basket: FamilyBasket;
  /** Told once the checkout was answered, so the page can say what was booked. */
  onDone: (answer: CheckoutAnswer) => void;
}

/**
 * The family basket's checkout (decision 069): every camp's sessions and children, each priced
 * by its own rules, one health check, one card, one Pay for the total.
 */
export function BasketCheckout({ basket, onDone }: BasketCheckoutProps) {
  const checkout = useBasketCheckout(onDone);
  const family = useChildren();
  const [codes, setCodes] = useState<Record<number, string | null>>({});
  const [cardId, setCardId] = useState<number | null>(null);
  const [cardProblem, setCardProblem] = useState<string | null>(null);
  const [healthReviews, setHealthReviews] = useState<HealthReviews>({});
  const [healthProblem, setHealthProblem] = useState<string | null>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [attemptKey, setAttemptKey] = useState(newAttemptKey);
  const prepares = useRef(new Map<number, () => Promise<boolean>>());
  const onCode = useCallback(
    (campId: number, code: string | null) =>
      setCodes((known) => (known[campId] === code ? known : { ...known, [campId]: code })),
    [],
  );

  const parts = basket.camps.map((camp) => ({ camp, lines: sortedLines(campLines(camp)) }));
  const priced = parts.filter((part) => part.lines.length > 0);
  const quotes = useQueries({
    queries: priced.map(({ camp, lines }) =>
      quoteQuery(camp.campId, { lines, promoCode: codes[camp.campId] ?? null }),
    ),
  });
  const prices = new Map<number, CampPrice>(
    priced.map(({ camp }, index) => {
      const query = quotes[index];
      return [
        camp.campId,
        {
          quote: query?.data ?? null,
          current: query?.isSuccess === true && !query.isFetching,
          pricing: query?.isFetching ?? false,
          error: query?.error ?? null,
          retry: () => void query?.refetch(),
        },
      ];
    }),
  );
  const shown = [...prices.values()].flatMap((price) => (price.quote ? [price.quote] : []));
  const money = quoteMoney(...shown);
  const ready = priced.length > 0 && [...prices.values()].every((price) => price.current && price.quote);
  const totalCents = shown.reduce((sum, quote) => sum + quote.totalCents, 0);
  const allWaitlist =
    shown.length > 0 && shown.every((quote) => quote.lines.every((line) => line.placement === 'waitlist'));
  const childIds = [...new Set(priced.flatMap((part) => part.lines.map((line) => line.childId)))];
  const campers = (family.data ?? []).filter((child) => childIds.includes(child.id));
  const healthProfiles = useHealthProfiles(campers);
  const locked = checkout.isPending;
  const clashes = clashText(basket, family.data ?? []);

  const pay = async () => {
    if (locked || !ready) return;
    const charging = !allWaitlist;
    const health = healthReviewsFor(campers, healthProfiles, healthReviews);
    const missingCard = charging && cardId === null ? messages.chooseCard : null;
    setCardProblem(missingCard);
    setHealthProblem(health.problem);
    const parsed = basketCheckoutBody.safeParse({
      camps: priced.map(({ camp, lines }) => ({
        campId: camp.campId,
        lines,
        promoCode: codes[camp.campId] ?? undefined,
        // Ready: every camp has its current price.
        expectedTotalCents: prices.get(camp.campId)?.quote?.totalCents ?? 0,
      })),
      paymentMethodId: charging ? (cardId ?? undefined) : undefined,
      healthReviews: health.reviews,
      idempotencyKey: attemptKey,
    });
    setFormProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.tryAgain));
    if (!parsed.success || missingCard || health.problem) return;
    // Every camp's answers are saved and its waivers checked before anything is paid.
    for (const { camp } of priced) {
      const prepare = prepares.current.get(camp.campId);
      if (prepare && !(await prepare())) return;
    }
    checkout.mutate(parsed.data, {
      onError: (error) => {
        if (attemptIsOver(error)) setAttemptKey(newAttemptKey());
      },
    });
  };

  const payLabel =
    priced.length === 0 ? 'Pay' : allWaitlist ? 'Join the waitlist' : `Pay ${money(totalCents)}`;
  const payButton = (
    <PayButton
      label={payLabel}
      onClick={() => void pay()}
      loading={locked || (priced.length > 0 && !ready && [...prices.values()].some((price) => price.pricing))}
      disabled={!ready || clashes.length > 0}
      free={allWaitlist}
    />
  );

  return (
    <div>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {basket.camps.map((camp) => (
              <BasketCampCard
                key={camp.campId}
                camp={camp}
                price={prices.get(camp.campId) ?? NOT_PRICED}
                money={money}
                locked={locked}
                onCode={onCode}
                prepares={prepares}
              />
            ))}
            <SectionCard title="Health" description="Still correct? Each camper's profile, kept once.">
              <HealthReview
                campers={campers}
                profiles={healthProfiles}
                reviews={healthReviews}
                problem={healthProblem}
                onChange={(next) => {
                  setHealthReviews(next);
                  setHealthProblem(null);
                }}
              />
            </SectionCard>
            {allWaitlist ? null : (
              <SectionCard
                title="Payment"
                description="Your card is charged once you press Pay: each camp's organisation charges its own part, with its own receipt."
              >
                <PaymentCardChoice
                  value={cardId}
                  onChange={(id) => {
                    setCardId(id);
                    setCardProblem(null);
                  }}
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
                Your summer so far
              </Title>
              <Box component="ul" m={0} p={0} aria-label="Each camp's total">
                {priced.map(({ camp }) => {
                  const quote = prices.get(camp.campId)?.quote;
                  return (
                    <Group
                      key={camp.campId}
                      component="li"
                      justify="space-between"
                      wrap="nowrap"
                      gap="sm"
                      py={4}
                    >
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {camp.campName}
                      </Text>
                      <Text size="sm" fw={700}>
                        {quote ? money(quote.totalCents) : '…'}
                      </Text>
                    </Group>
                  );
                })}
              </Box>
              <Divider />
              <Group justify="space-between" aria-live="polite" aria-atomic="true">
                <Text fw={800}>Total</Text>
                <Text fw={800} size="lg">
                  {money(totalCents)}
                </Text>
              </Group>
              {clashes.map((text) => (
                <Alert
                  key={text}
                  color="red"
                  variant="light"
                  icon={<IconAlertTriangle size={18} aria-hidden />}
                >
                  {text}
                </Alert>
              ))}
              <FormProblem message={formProblem} />
              <FormError error={checkout.error} />
              <Box visibleFrom="md">{payButton}</Box>
              {priced.length === 0 ? (
                <Text size="xs" c="gray.7" ta="center">
                  Choose who goes to at least one session to pay.
                </Text>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <Box className={classes.payBar} hiddenFrom="md">
        {payButton}
      </Box>
    </div>
  );
}
