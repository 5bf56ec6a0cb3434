import type { Quote } from '@campwise/contract/baskets';
import type { BasketCamp } from '@campwise/contract/family-basket';
import { Anchor, Box, Card, Stack, Text, Title } from '@mantine/core';
import { type RefObject, useEffect } from 'react';
import { Link } from 'react-router';
import { PriceError, PricingSkeleton } from '../baskets/checkout-parts.tsx';
import { PriceSummary } from '../baskets/price-summary.tsx';
import { PromoCodeField } from '../baskets/promo-code-field.tsx';
import { isPromoRefusal, usePromoCode } from '../baskets/use-promo-code.ts';
import { useCampFormsStep } from '../camp-forms/checkout-forms-step.tsx';
import { campPlaceText } from '../camps/camp-text.ts';
import { BasketSessionRow } from './basket-session-row.tsx';
import { campLines } from './basket-text.ts';

/** A camp's price as the basket asked it. */
export interface CampPrice {
  quote: Quote | null;
  /** The price on screen is the one of the camp's lines and code as they are now. */
  current: boolean;
  pricing: boolean;
  error: Error | null;
  retry: () => void;
}

interface BasketCampCardProps {
  camp: BasketCamp;
  price: CampPrice;
  /** The view's money format (every camp's amounts to one precision). */
  money: (cents: number) => string;
  locked: boolean;
  /** The code applied to this camp changed (null: none). */
  onCode: (campId: number, code: string | null) => void;
  /** Where the camp's forms step leaves its "save and check before paying". */
  prepares: RefObject<Map<number, () => Promise<boolean>>>;
}

/**
 * One camp of the family basket: its sessions with the children chosen for each, its own promo
 * code and price (its own discounts), and its questions and waivers below it.
 */
export function BasketCampCard({ camp, price, money, locked, onCode, prepares }: BasketCampCardProps) {
  const lines = campLines(camp);
  const childIds = [...new Set(lines.map((line) => line.childId))];
  const promo = usePromoCode(camp.campId, lines);
  const forms = useCampFormsStep(camp.campId, childIds, `Questions and waivers for ${camp.campName}`);
  const headingId = `basket-camp-${camp.campId}`;

  const { applied, refused } = promo;
  useEffect(() => onCode(camp.campId, applied), [onCode, camp.campId, applied]);
  // A code the server now refuses (its last use taken) is dropped, and why is said beside it.
  const refusal = isPromoRefusal(price.error) && applied ? (price.error?.message ?? null) : null;
  useEffect(() => {
    if (refusal) refused(refusal);
  }, [refusal, refused]);
  useEffect(() => {
    const map = prepares.current;
    map?.set(camp.campId, forms.prepare);
    return () => {
      map?.delete(camp.campId);
    };
  });

  const otherError = price.error && !isPromoRefusal(price.error) ? price.error : null;
  return (
    <Stack gap="lg">
      <Card component="section" padding="lg" aria-labelledby={headingId}>
        <Stack gap="xs">
          <Box>
            <Title order={2} fz="h3" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={`/camps/${camp.campId}`} inherit>
                {camp.campName}
              </Anchor>
            </Title>
            <Text size="sm" c="gray.7">
              {camp.orgName} · {campPlaceText(camp)}
            </Text>
          </Box>
          <Box component="ul" m={0} p={0}>
            {camp.sessions.map((session, index) => (
              <BasketSessionRow
                key={session.sessionId}
                campId={camp.campId}
                session={session}
                locked={locked}
                divided={index > 0}
              />
            ))}
          </Box>
          {lines.length === 0 ? (
            <Text size="sm" c="gray.7">
              Choose who goes to a session of this camp to pay for it.
            </Text>
          ) : price.quote ? (
            <PriceSummary quote={price.quote} showSessions updating={!price.current} money={money} />
          ) : price.pricing ? (
            <PricingSkeleton />
          ) : null}
          {otherError ? <PriceError error={otherError} onRetry={price.retry} /> : null}
          {lines.length > 0 ? (
            <PromoCodeField
              promo={{
                ...promo,
                apply: async () => {
                  if (!locked) await promo.apply();
                },
                remove: () => {
                  if (!locked) promo.remove();
                },
              }}
            />
          ) : null}
        </Stack>
      </Card>
      {forms.element}
    </Stack>
  );
}
