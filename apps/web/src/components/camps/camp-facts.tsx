import type { CampDetail } from '@campwise/contract/camps';
import { agesText, formatMoney } from '@campwise/contract/format';
import { dailyTimesOf } from '@campwise/contract/session-text';
import { Anchor, Badge, Box, Group, Text } from '@mantine/core';
import {
  IconCalendar,
  IconCash,
  IconClipboardList,
  IconMail,
  IconMapPin,
  IconPhone,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { BreakableText } from '../breakable-text.tsx';
import { Fact } from '../fact.tsx';
import { Columns } from '../page/columns.tsx';
import { campAddressText, campDatesText } from './camp-text.ts';

/** A camp's categories as a list of badges; nothing when it has none. */
export function CampCategoryBadges({ categories }: { categories: CampDetail['categories'] }) {
  if (categories.length === 0) return null;
  return (
    <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Categories">
      {categories.map((category) => (
        <Box component="li" key={category.id}>
          <Badge variant="light" c="leaf.8" size="lg" tt="none">
            {category.text}
          </Badge>
        </Box>
      ))}
    </Group>
  );
}

/**
 * The details of a camp's profile: where, when, who, what it costs, how many and whom to ask.
 * With several sessions these sum them up (the span of dates, the lowest price, all places);
 * a single session's daily hours join its dates.
 */
export function CampFacts({ camp }: { camp: CampDetail }) {
  const categoryIds = camp.categories.map((category) => category.id);
  const scheduled = camp.sessions.filter((session) => session.status === 'scheduled');
  const [only] = scheduled;
  const several = scheduled.length > 1;
  const pricesDiffer = new Set(scheduled.map((session) => session.priceCents)).size > 1;
  const dailyTimes = !several && only ? dailyTimesOf(only) : null;
  return (
    <Columns cols={{ base: 1, sm: 2 }} spacing="md">
      <Fact icon={<IconMapPin size={18} />} label="Address">
        {campAddressText(camp)}
      </Fact>
      <Fact icon={<IconCalendar size={18} />} label="Dates">
        {campDatesText({ ...camp, dailyTimes }, categoryIds)}
      </Fact>
      <Fact icon={<IconUsers size={18} />} label="Ages">
        {agesText(camp)}
      </Fact>
      <Fact icon={<IconCash size={18} />} label="Cost">
        {pricesDiffer ? `From ${formatMoney(camp.costCents)}` : formatMoney(camp.costCents)}
      </Fact>
      <Fact icon={<IconUsersGroup size={18} />} label="Capacity">
        {several
          ? `${camp.spotsAvailable} Campers across ${scheduled.length} sessions`
          : `${camp.spotsAvailable} Campers`}
      </Fact>
      <Fact icon={<IconClipboardList size={18} />} label="Waitlist">
        {camp.allowsWaitlist ? 'Families can join a waitlist when full' : 'No waitlist'}
      </Fact>
      <Fact icon={<IconPhone size={18} />} label="Contact phone">
        <Anchor href={`tel:${camp.phone}`}>{camp.phone}</Anchor>
      </Fact>
      <Fact icon={<IconMail size={18} />} label="Contact email">
        {camp.email ? (
          <Anchor href={`mailto:${camp.email}`}>
            <BreakableText value={camp.email} />
          </Anchor>
        ) : (
          <Text span c="gray.7" fs="italic">
            Not given
          </Text>
        )}
      </Fact>
    </Columns>
  );
}

/** The camp's description under its details. */
export function CampDescription({ description }: { description: string }) {
  return <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{description}</Text>;
}
