import { type DateOptions, formatMoney } from '@campwise/contract/format';
import type { Maybe } from '@campwise/contract/planner';
import { spotsLeftText } from '@campwise/contract/session-text';
import { Anchor, Badge, Box, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRemoveMaybe } from '../../api/maybes.ts';
import { campPlaceText } from '../camps/camp-text.ts';
import {
  maybeRemovedText,
  maybeTitle,
  NO_LONGER_AVAILABLE,
  namesSession,
  registerMaybeLabel,
  removeMaybeLabel,
} from '../maybes/maybe-text.ts';
import { registerPath } from '../registrations/register-path.ts';
import { SessionWhen } from '../sessions/session-when.tsx';
import classes from './planner.module.css';
import { maybePrintText, plannerText } from './planner-text.ts';

interface PlannerMaybeCardProps {
  maybe: Maybe;
  childName: string;
  dateOptions: DateOptions;
  /** The id of a heading that stays once the card is gone, which then takes the focus. */
  focusAfterRemove: string;
}

/**
 * A session saved for the child, not booked: a light card with an outlined heart, its price
 * and the spots left now, Register and Remove. One that can no longer be booked only offers
 * Remove. On paper it is one line of text.
 */
export function PlannerMaybeCard({ maybe, childName, dateOptions, focusAfterRemove }: PlannerMaybeCardProps) {
  const remove = useRemoveMaybe();
  const title = maybeTitle(maybe);
  // The promise rather than mutate's callbacks: the card unmounts as the planner reloads without it.
  const onRemove = () =>
    remove.mutateAsync(maybe).then(
      () => {
        notifications.show({ color: 'leaf', message: maybeRemovedText(title, childName) });
        document.getElementById(focusAfterRemove)?.focus();
      },
      (error: Error) => notifications.show({ color: 'red', message: error.message }),
    );
  return (
    <>
      <Box className={`${classes.maybe} ${classes.screenOnly}`} data-maybe data-bookable={maybe.bookable}>
        <Anchor
          component={Link}
          to={`/camps/${maybe.campId}`}
          fw={700}
          size="sm"
          className={classes.campName}
        >
          {maybe.campName}
        </Anchor>
        {namesSession(maybe) ? (
          <Text size="xs" fw={600} className={classes.wrapAnywhere}>
            {maybe.sessionName}
          </Text>
        ) : null}
        <Group gap={6} mt={6} mb={4}>
          <Badge
            variant="outline"
            color="sun.7"
            c="sun.9"
            tt="none"
            size="md"
            miw="max-content"
            leftSection={<IconHeart size={13} aria-hidden />}
          >
            {plannerText.maybe}
          </Badge>
        </Group>
        <SessionWhen session={maybe} dateOptions={dateOptions} size="xs" c="gray.7" />
        <Text size="xs" c="gray.7">
          {campPlaceText(maybe)}
        </Text>
        {maybe.bookable ? (
          <Text size="xs" mt={2}>
            <Text span inherit fw={700}>
              {formatMoney(maybe.priceCents)}
            </Text>
            {' · '}
            <Text span inherit fw={700} c={maybe.spotsLeft > 0 ? 'leaf.8' : 'sun.9'}>
              {spotsLeftText(maybe)}
            </Text>
          </Text>
        ) : (
          <Text size="xs" fw={700} c="gray.8" mt={2}>
            {NO_LONGER_AVAILABLE}
          </Text>
        )}
        <Group gap="xs" mt={8}>
          {maybe.bookable ? (
            <Button
              component={Link}
              to={registerPath(maybe.campId, true, maybe.sessionId)}
              color="sun"
              size="xs"
              aria-label={registerMaybeLabel(title)}
            >
              Register
            </Button>
          ) : null}
          <Button
            variant="default"
            size="xs"
            loading={remove.isPending}
            onClick={onRemove}
            aria-label={removeMaybeLabel(title, childName)}
          >
            Remove
          </Button>
        </Group>
      </Box>
      <Text size="xs" className={classes.printOnly}>
        {maybePrintText(maybe, dateOptions)}
      </Text>
    </>
  );
}
