import type { Planner } from '@campwise/contract/planner';
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './planner.module.css';
import { friendPlacesInWeek, type PlannerWeek } from './planner-weeks.ts';

/** Where friends' children go in a week: the line about each, and the camp. */
export function FriendsInWeek({
  planner,
  week,
  withHeading = false,
}: {
  planner: Planner;
  week: PlannerWeek;
  /** On a phone the friends follow the child's week under a small heading of their own. */
  withHeading?: boolean;
}) {
  const places = friendPlacesInWeek(planner, week);
  if (places.length === 0) return null;
  return (
    <Stack gap={6} mt={withHeading ? 'xs' : 0}>
      {withHeading ? (
        <Group gap={4} c="leaf.8" wrap="nowrap">
          <IconUsersGroup size={14} aria-hidden />
          <Text size="xs" fw={800} tt="uppercase" lts={0.5}>
            Friends this week
          </Text>
        </Group>
      ) : null}
      {places.map((place) => (
        <Box key={`${place.sessionId}-${place.label}`} className={classes.friend}>
          <Text size="sm" fw={700} className={classes.wrapAnywhere}>
            {place.label}
          </Text>
          <Anchor component={Link} to={`/camps/${place.campId}`} size="xs" className={classes.campName}>
            {place.campName}
            {place.severalSessions ? ` · ${place.sessionName}` : ''}
          </Anchor>
        </Box>
      ))}
    </Stack>
  );
}
