import { adjustmentLabels, type Quote, type QuoteLine } from '@campwise/contract/baskets';
import { Box, Divider, Group, Stack, Text } from '@mantine/core';
import { quoteMoney } from './quote-money.ts';

/** One label and amount of the summary, the amount on the right. */
function Row({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 400} c={strong ? 'dark' : 'gray.7'}>
        {label}
      </Text>
      <Text fw={strong ? 800 : 600} fz={strong ? 'h3' : 'sm'} style={{ whiteSpace: 'nowrap' }}>
        {amount}
      </Text>
    </Group>
  );
}

/** "Promo code SUMMER10" for a code; the contract's name for every other discount. */
function adjustmentLabel(kind: QuoteLine['adjustments'][number]['kind'], promoCode: string | null): string {
  return kind === 'promo_code' && promoCode
    ? `${adjustmentLabels.promo_code} ${promoCode}`
    : adjustmentLabels[kind];
}

function Line({
  line,
  showSession,
  promoCode,
  money,
}: {
  line: QuoteLine;
  showSession: boolean;
  promoCode: string | null;
  money: (cents: number) => string;
}) {
  const waitlist = line.placement === 'waitlist';
  const adjustments = waitlist ? [] : line.adjustments.filter((adjustment) => adjustment.amountCents > 0);
  return (
    <Box
      component="li"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)', listStyle: 'none' }}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Box style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {line.childName}
          </Text>
          {showSession ? (
            <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {line.sessionName}
            </Text>
          ) : null}
        </Box>
        <Text
          fw={700}
          ta="right"
          c={waitlist ? 'sun.9' : 'dark'}
          style={{ whiteSpace: waitlist ? 'normal' : 'nowrap' }}
        >
          {waitlist ? 'Waitlist — no charge' : money(line.amountCents)}
        </Text>
      </Group>
      {adjustments.length > 0 ? (
        <Stack gap={2} mt={4} pl="sm">
          <Row label="List price" amount={money(line.listPriceCents)} />
          {adjustments.map((adjustment) => (
            <Row
              key={adjustment.kind}
              label={adjustmentLabel(adjustment.kind, promoCode)}
              amount={money(-adjustment.amountCents)}
            />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

interface PriceSummaryProps {
  quote: Quote;
  /** A camp with several sessions names each line's session. */
  showSessions: boolean;
  /** A newer price is on its way: this one is shown faded meanwhile. */
  updating: boolean;
  /** The view's money format, when the quote is one of several shown together. */
  money?: (cents: number) => string;
}

/**
 * The server's price of the basket: each line with its list price and every discount it got
 * (or its waitlist place), then the subtotal and discounts when there are any, and the total.
 */
export function PriceSummary({
  quote,
  showSessions,
  updating,
  money = quoteMoney(quote),
}: PriceSummaryProps) {
  const hasDiscounts = quote.discountTotalCents > 0;
  return (
    <Stack
      gap="xs"
      aria-busy={updating}
      style={{ opacity: updating ? 0.6 : 1, transition: 'opacity 120ms ease' }}
    >
      <Box component="ul" m={0} p={0} aria-label="Your checkout">
        {quote.lines.map((line) => (
          <Line
            key={`${line.childId}:${line.sessionId}`}
            line={line}
            showSession={showSessions}
            promoCode={quote.promoCode}
            money={money}
          />
        ))}
      </Box>
      <Divider />
      {hasDiscounts ? (
        <>
          <Row label="Subtotal" amount={money(quote.listTotalCents)} />
          <Row label="Discounts" amount={money(-quote.discountTotalCents)} />
        </>
      ) : null}
      <Box aria-live="polite" aria-atomic="true">
        <Row label="Total" amount={money(quote.totalCents)} strong />
      </Box>
    </Stack>
  );
}
