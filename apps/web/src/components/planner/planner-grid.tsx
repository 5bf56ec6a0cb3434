import type { Planner } from '@campwise/contract/planner';
import {
  Anchor,
  Box,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { searchResultsPath } from '../search/show-results.ts';
import classes from './planner.module.css';
import { PlannerEntryCard } from './planner-entry.tsx';
import { FriendsInWeek } from './planner-friends.tsx';
import { PlannerMaybeCard } from './planner-maybe.tsx';
import { plannerText } from './planner-text.ts';
import {
  clashingIds,
  entriesInWeek,
  gapSearch,
  holdsPlace,
  type PlannerChild,
  type PlannerWeek,
  plannerDateOptions,
  weekLabel,
  yearRoundEntries,
} from './planner-weeks.ts';

/** A segmented control fits this many first names on a phone; more get a list to choose from. */
const SEGMENTED_MAX = 3;

interface WeekCellProps {
  planner: Planner;
  child: PlannerChild;
  week: PlannerWeek;
  clashes: ReadonlySet<number>;
  /** The week's heading (the table's row or the phone's list item): the focus goes there when a maybe goes. */
  headingId: string;
}

/** The table's row heading of a week, and the phone list's. */
const tableWeekId = (week: PlannerWeek) => `planner-week-${week.start}`;
const listWeekId = (week: PlannerWeek) => `planner-list-week-${week.start}`;
const yearRoundChildId = (child: PlannerChild) => `planner-year-round-${child.id}`;

/** The link to camps for one child's open week; its hidden words say which child and week. */
function FindCampsLink({ planner, child, week }: Pick<WeekCellProps, 'planner' | 'child' | 'week'>) {
  return (
    <Anchor
      component={Link}
      to={searchResultsPath(gapSearch(child, week, planner))}
      size="sm"
      fw={700}
      className={classes.screenOnly}
    >
      <IconSearch size={14} aria-hidden className={classes.linkIcon} />
      {plannerText.findCamps}
      <VisuallyHidden>
        {' '}
        for {child.firstName}, {weekLabel(week, planner)}
      </VisuallyHidden>
    </Anchor>
  );
}

/**
 * What a child has in a week, then what is saved for it. A week with nothing booked is a gap
 * with the way to fill it, maybes or not; a week with only a waitlist place or an offer keeps
 * the link too, since the child has no place yet.
 */
function WeekCell({ planner, child, week, clashes, headingId }: WeekCellProps) {
  const entries = entriesInWeek(planner.entries, child.id, week);
  const maybes = entriesInWeek(planner.maybes, child.id, week);
  const maybeCards = maybes.map((maybe) => (
    <PlannerMaybeCard
      key={maybe.id}
      maybe={maybe}
      childName={child.firstName}
      dateOptions={plannerDateOptions(planner)}
      focusAfterRemove={headingId}
    />
  ));
  if (entries.length === 0) {
    return (
      <Stack gap="xs">
        <Box className={classes.gap} data-gap>
          <Text size="sm" c="gray.7" fw={600}>
            {plannerText.gap}
          </Text>
          <FindCampsLink planner={planner} child={child} week={week} />
        </Box>
        {maybeCards}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {entries.map((entry) => (
        <PlannerEntryCard
          key={entry.registrationId}
          entry={entry}
          clashes={clashes.has(entry.registrationId)}
          dateOptions={plannerDateOptions(planner)}
        />
      ))}
      {maybeCards}
      {entries.some(holdsPlace) ? null : <FindCampsLink planner={planner} child={child} week={week} />}
    </Stack>
  );
}

interface GridProps {
  planner: Planner;
  /** The id of the heading that names the grid. */
  labelledBy: string;
}

/** Wide screens and paper: the weeks down, a column per child. */
function WeeksTable({ planner, clashes, labelledBy }: GridProps & { clashes: ReadonlySet<number> }) {
  // A column of friends' children when friends share any place in the range (decision 020).
  const withFriends = planner.friendPlaces.length > 0;
  const columns = planner.children.length + (withFriends ? 1 : 0);
  return (
    // Scrolls sideways when the children's columns do not fit; paper takes the page's width.
    <Box className={classes.table}>
      <Table
        className={classes.grid}
        style={{ '--planner-min-width': `${150 + columns * 230}px` }}
        withTableBorder
        withColumnBorders
        verticalSpacing="sm"
        horizontalSpacing="sm"
        layout="fixed"
        aria-labelledby={labelledBy}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={150}>
              Week
            </Table.Th>
            {planner.children.map((child) => (
              <Table.Th key={child.id} scope="col" title={`${child.firstName} ${child.lastName}`}>
                <Text component="span" fw={800} className={classes.wrapAnywhere}>
                  {child.firstName}
                </Text>
                <Text component="span" size="sm" c="gray.7" fw={400}>
                  {' '}
                  · age {child.age}
                </Text>
              </Table.Th>
            ))}
            {withFriends ? (
              <Table.Th scope="col">
                <Text component="span" fw={800}>
                  Friends
                </Text>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {planner.weeks.map((week) => (
            <Table.Tr key={week.start} className={classes.weekRow}>
              <Table.Th
                scope="row"
                fw={700}
                className={classes.weekHead}
                id={tableWeekId(week)}
                tabIndex={-1}
              >
                {weekLabel(week, planner)}
              </Table.Th>
              {planner.children.map((child) => (
                <Table.Td key={child.id} className={classes.cell}>
                  <WeekCell
                    planner={planner}
                    child={child}
                    week={week}
                    clashes={clashes}
                    headingId={tableWeekId(week)}
                  />
                </Table.Td>
              ))}
              {withFriends ? (
                <Table.Td className={classes.cell}>
                  <FriendsInWeek planner={planner} week={week} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** Phones: one child at a time, chosen above the list of weeks. */
function WeeksList({ planner, clashes }: { planner: Planner; clashes: ReadonlySet<number> }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const child = planner.children.find((item) => String(item.id) === chosen) ?? planner.children[0];
  if (!child) return null;
  const choices = planner.children.map((item) => ({ value: String(item.id), label: item.firstName }));
  return (
    <Stack gap="md" className={classes.list}>
      {planner.children.length <= 1 ? null : planner.children.length <= SEGMENTED_MAX ? (
        <SegmentedControl
          aria-label="Child"
          data={choices}
          value={String(child.id)}
          onChange={setChosen}
          fullWidth
          color="leaf"
        />
      ) : (
        <NativeSelect
          label="Child"
          data={choices}
          value={String(child.id)}
          onChange={(event) => setChosen(event.currentTarget.value)}
        />
      )}
      <Text size="sm" c="gray.7">
        {child.firstName} {child.lastName} · age {child.age}
      </Text>
      <Stack component="ul" gap="sm" className={classes.weekList} aria-label={`${child.firstName}’s weeks`}>
        {planner.weeks.map((week) => (
          <Box component="li" key={week.start} className={classes.weekItem}>
            <Title order={3} fz="sm" mb={6} id={listWeekId(week)} tabIndex={-1}>
              {weekLabel(week, planner)}
            </Title>
            <WeekCell
              planner={planner}
              child={child}
              week={week}
              clashes={clashes}
              headingId={listWeekId(week)}
            />
            <FriendsInWeek planner={planner} week={week} withHeading />
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The weeks of the range and what each child has in them: a table on wide screens and on
 * paper, a child at a time on phones. Both are drawn and CSS shows one, so a print from a
 * phone still has every child.
 */
export function PlannerGrid({ planner, labelledBy }: GridProps) {
  const clashes = clashingIds(planner);
  return (
    <>
      <WeeksTable planner={planner} clashes={clashes} labelledBy={labelledBy} />
      <WeeksList planner={planner} clashes={clashes} />
    </>
  );
}

/** Places and maybes without dates (year-round camps), under the weeks, each child's together. */
export function YearRoundPlaces({ planner, weeksHeadingId }: { planner: Planner; weeksHeadingId: string }) {
  const entries = yearRoundEntries(planner.entries);
  const maybes = yearRoundEntries(planner.maybes);
  if (entries.length === 0 && maybes.length === 0) return null;
  // The focus goes to a heading the removal leaves: the child's, the section's or the weeks'.
  const remaining = entries.length + maybes.length - 1;
  const clashes = clashingIds(planner);
  return (
    <Stack
      component="section"
      gap="sm"
      aria-labelledby="planner-year-round-heading"
      className={classes.screenOnly}
    >
      <Title order={2} fz="h3" id="planner-year-round-heading" tabIndex={-1}>
        {plannerText.yearRoundTitle}
      </Title>
      {planner.children.map((child) => {
        const own = entries.filter((entry) => entry.childId === child.id);
        const saved = maybes.filter((maybe) => maybe.childId === child.id);
        if (own.length === 0 && saved.length === 0) return null;
        const afterRemove =
          own.length + saved.length > 1
            ? yearRoundChildId(child)
            : remaining > 0
              ? 'planner-year-round-heading'
              : weeksHeadingId;
        return (
          <Stack key={child.id} gap="xs" role="group" aria-labelledby={yearRoundChildId(child)}>
            <Title order={3} fz="h4" c="leaf.8" id={yearRoundChildId(child)} tabIndex={-1}>
              {child.firstName}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              {own.map((entry) => (
                <PlannerEntryCard
                  key={entry.registrationId}
                  entry={entry}
                  clashes={clashes.has(entry.registrationId)}
                  dateOptions={plannerDateOptions(planner)}
                />
              ))}
              {saved.map((maybe) => (
                <PlannerMaybeCard
                  key={maybe.id}
                  maybe={maybe}
                  childName={child.firstName}
                  dateOptions={plannerDateOptions(planner)}
                  focusAfterRemove={afterRemove}
                />
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}
