import { formatMoney } from '@campwise/contract/format';
import type { Planner } from '@campwise/contract/planner';
import { Alert, Box, Card, List, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import classes from './planner.module.css';
import { maybesCountText, plannerText } from './planner-text.ts';

/**
 * What the range holds: paid, places, waitlist places and offers, each in a tile, and what the
 * maybes saved for it would cost now, with how many there are.
 */
export function PlannerTotals({ totals, maybes }: Pick<Planner, 'totals' | 'maybes'>) {
  const tiles = [
    { label: 'Paid', value: formatMoney(totals.paidCents) },
    { label: 'Places', value: String(totals.places) },
    { label: 'Waitlist places', value: String(totals.waitlisted) },
    { label: 'Offers', value: String(totals.offered) },
    { label: 'Maybes', value: formatMoney(totals.maybesCents), note: maybesCountText(maybes) },
  ];
  return (
    <section aria-labelledby="planner-totals-heading">
      <VisuallyHidden component="h2" id="planner-totals-heading">
        Totals
      </VisuallyHidden>
      <Box component="dl" className={classes.totals}>
        {tiles.map((tile) => (
          <Card key={tile.label} padding="sm" shadow="none" className={classes.total}>
            <Text component="dt" size="sm" c="gray.7" fw={600}>
              {tile.label}
            </Text>
            <Box component="dd" m={0}>
              <Text fz={24} fw={800} ff="heading">
                {tile.value}
              </Text>
              {tile.note ? (
                // The space keeps the figure and its note apart when read as one.
                <Text size="xs" c="gray.7">
                  {' '}
                  {tile.note}
                </Text>
              ) : null}
            </Box>
          </Card>
        ))}
      </Box>
    </section>
  );
}

/** Clashes the server found, each message as it wrote it. */
export function PlannerWarnings({ warnings }: { warnings: Planner['warnings'] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="sun"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={plannerText.warningsTitle}
      className={classes.screenOnly}
    >
      <List size="sm" spacing={4}>
        {warnings.map((warning) => (
          <List.Item key={`${warning.kind}-${warning.registrationIds.join('-')}`}>
            {warning.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
