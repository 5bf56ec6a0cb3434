import { agesText, formatPriceRange } from '@campwise/contract/format';
import type { SearchResult } from '@campwise/contract/search';
import {
  AspectRatio,
  Box,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCalendar, IconMapPin, IconTicket, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { CampLine } from '../camps/camp-card.tsx';
import { CampImage } from '../camps/camp-image.tsx';
import { campDatesText, campPlaceText } from '../camps/camp-text.ts';
import { ResultCardHeart } from '../maybes/result-card-heart.tsx';
import { arrivalState } from '../page/arrival-parent.ts';
import padding from '../page/padding.module.css';
import { spotsLeftText } from '../registrations/registration-text.ts';
import classes from './search-result-card.module.css';

/** Few enough spots left that the card draws the eye to them. */
const FEW_SPOTS = 5;

/** "2.4 miles away" (or "less than a mile away"). */
export function distanceText(miles: number): string {
  if (miles < 1) return 'less than a mile away';
  const rounded = Math.round(miles * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'mile' : 'miles'} away`;
}

interface SearchResultCardProps {
  result: SearchResult;
  /** The first results are in view at once: their pictures load without waiting. */
  eager: boolean;
  /** For a signed-in parent: friends' shared children going to this camp (decision 020). */
  friends?: string[];
}

/** One search result: thumbnail, name, where and when, the first lines of its description, LEARN MORE. */
export function SearchResultCard({ result, eager, friends = [] }: SearchResultCardProps) {
  const place = campPlaceText(result);
  const location = useLocation();
  // The camp's back link returns to these results, with their filters.
  const fromResults = arrivalState({ to: `${location.pathname}${location.search}`, label: 'Search Results' });
  return (
    <Card component="article" padding={0} className={classes.card}>
      <Box className={classes.picture}>
        <CampImage image={result.thumbnail} size="small" alt="" radius="0" eager={eager} />
      </Box>
      <Stack gap={6} className={`${padding.compact} ${classes.body}`}>
        <Box>
          <Title order={2} fz="h4" lh={1.3} className={classes.wrap}>
            {result.name}
          </Title>
          <Text size="sm" c="gray.7" className={classes.wrap}>
            by {result.orgName}
          </Text>
        </Box>
        <CampLine icon={<IconMapPin size={16} />}>
          {place}
          {result.distanceMiles !== null ? (
            <Text span c="gray.7" size="sm">
              {' · '}
              {distanceText(result.distanceMiles)}
            </Text>
          ) : null}
        </CampLine>
        <CampLine icon={<IconCalendar size={16} />}>{campDatesText(result)}</CampLine>
        <CampLine icon={<IconUsers size={16} />}>{agesText(result)}</CampLine>
        <CampLine icon={<IconTicket size={16} />}>
          <Text
            span
            size="sm"
            fw={result.spotsLeft <= FEW_SPOTS ? 700 : undefined}
            c={result.spotsLeft <= FEW_SPOTS ? 'sun.9' : undefined}
          >
            {spotsLeftText(result)}
          </Text>
        </CampLine>
        {friends.map((label) => (
          <CampLine key={label} icon={<IconUsersGroup size={16} />}>
            <Text span size="sm" fw={700} c="leaf.8">
              {label}
            </Text>
          </CampLine>
        ))}
        <Text size="sm" c="gray.8" lineClamp={3} className={classes.wrap}>
          {result.description}
        </Text>
        <Group justify="space-between" align="center" mt="auto" pt={6} gap="sm">
          <Text fw={800} size="lg" c="leaf.8">
            {formatPriceRange(result.costCents, result.maxPriceCents)}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <ResultCardHeart result={result} />
            <Button
              component={Link}
              to={`/camps/${result.id}`}
              state={fromResults}
              color="sun"
              tt="uppercase"
            >
              Learn more
              {/* The link's own text names the camp, for readers and for anyone listing the links. */}
              <VisuallyHidden> about {result.name}</VisuallyHidden>
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

export function SearchResultCardSkeleton() {
  return (
    <Card padding={0} className={classes.card}>
      <Box className={classes.picture}>
        <AspectRatio ratio={4 / 3}>
          <Skeleton radius={0} />
        </AspectRatio>
      </Box>
      <Stack gap="sm" className={`${padding.compact} ${classes.body}`}>
        <Skeleton height={20} width="60%" />
        <Skeleton height={12} width="35%" />
        <Skeleton height={12} width="50%" />
        <Skeleton height={12} width="45%" />
        <Skeleton height={36} />
      </Stack>
    </Card>
  );
}
