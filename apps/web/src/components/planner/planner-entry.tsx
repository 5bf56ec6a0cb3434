import type { DateOptions } from '@campwise/contract/format';
import type { PlannerEntry } from '@campwise/contract/planner';
import { Anchor, Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { campPlaceText } from '../camps/camp-text.ts';
import { RegistrationStatusBadge } from '../registrations/status-badge.tsx';
import { SessionWhen } from '../sessions/session-when.tsx';
import classes from './planner.module.css';
import { offerText, plannerText } from './planner-text.ts';

interface PlannerEntryCardProps {
  entry: PlannerEntry;
  /** A warning names this place: the card says so, the warning above says why. */
  clashes: boolean;
  dateOptions: DateOptions;
}

/**
 * One place, waitlist place or offer in a week: the camp (and its session when the camp has
 * several), its status, its dates and hours. A paid place is a solid card; a waitlist place
 * and an offer are dashed, since the child does not have them yet, and an offer says until
 * when it is held with the way to pay.
 */
export function PlannerEntryCard({ entry, clashes, dateOptions }: PlannerEntryCardProps) {
  const held = entry.status === 'offered' ? offerText(entry) : null;
  return (
    <Box className={classes.entry} data-status={entry.status}>
      <Anchor component={Link} to={`/camps/${entry.campId}`} fw={700} size="sm" className={classes.campName}>
        {entry.campName}
      </Anchor>
      {entry.severalSessions ? (
        <Text size="xs" fw={600} className={classes.wrapAnywhere}>
          {entry.sessionName}
        </Text>
      ) : null}
      <Group gap={6} mt={6} mb={4}>
        <RegistrationStatusBadge status={entry.status} />
        {clashes ? (
          <Group gap={4} wrap="nowrap" c="sun.9">
            <IconAlertTriangle size={14} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="xs" fw={700}>
              {plannerText.clash}
              <VisuallyHidden>: see the warnings above the planner</VisuallyHidden>
            </Text>
          </Group>
        ) : null}
      </Group>
      <SessionWhen session={entry} dateOptions={dateOptions} size="xs" c="gray.7" />
      <Text size="xs" c="gray.7">
        {campPlaceText(entry)}
      </Text>
      {held ? (
        <Text size="xs" mt={4}>
          {held}.{' '}
          <Anchor
            component={Link}
            to="/camper/registrations"
            size="xs"
            fw={700}
            className={classes.screenOnly}
          >
            Pay on My Registrations
          </Anchor>
        </Text>
      ) : null}
    </Box>
  );
}
