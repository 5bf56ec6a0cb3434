import type { CampListItem } from '@campwise/contract/camps';
import { agesText, formatMoney } from '@campwise/contract/format';
import { Anchor, AspectRatio, Box, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconMapPin, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { arrivalState } from '../page/arrival-parent.ts';
import type { ParentScreen } from '../page/parent-link.tsx';
import classes from './camp-card.module.css';
import { CampImage } from './camp-image.tsx';
import { campDatesText, campPlaceText } from './camp-text.ts';

/** One detail of a camp card beside its icon. */
export function CampLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Box c="leaf.7" style={{ flexShrink: 0, lineHeight: 0, marginTop: 2 }} aria-hidden>
        {icon}
      </Box>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/**
 * A camp on a list: photo, name, dates, place and cost; the whole card opens `href`. On public
 * lists `from` names the list's screen, which the camp's back link returns to.
 */
export function CampCard({
  camp,
  href,
  from,
  footer,
}: {
  camp: CampListItem;
  href: string;
  from?: ParentScreen;
  /** Below the price: more for the list's owner (a host's places and links); above the card's own link. */
  footer?: ReactNode;
}) {
  return (
    <Card component="article" padding="md" className={classes.card}>
      <Card.Section>
        <CampImage image={camp.thumbnail} size="small" alt="" radius="0" />
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Title order={2} fz="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
          <Anchor
            component={Link}
            to={href}
            state={from ? arrivalState(from) : undefined}
            className={classes.stretched}
            underline="hover"
          >
            {camp.name}
          </Anchor>
        </Title>
        <CampLine icon={<IconCalendar size={16} />}>{campDatesText(camp)}</CampLine>
        <CampLine icon={<IconMapPin size={16} />}>{campPlaceText(camp)}</CampLine>
        <CampLine icon={<IconUsers size={16} />}>{agesText(camp)}</CampLine>
        <Text fw={800} size="lg" c="leaf.8" mt="auto" pt={4}>
          {formatMoney(camp.costCents)}
        </Text>
        {footer ? <div className={classes.footer}>{footer}</div> : null}
      </Stack>
    </Card>
  );
}

export function CampCardSkeleton() {
  return (
    <Card padding="md">
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          <Skeleton radius={0} />
        </AspectRatio>
      </Card.Section>
      <Skeleton height={18} mt="md" width="70%" />
      <Skeleton height={12} mt="sm" width="55%" />
      <Skeleton height={12} mt="sm" width="40%" />
      <Skeleton height={16} mt="sm" width="25%" />
    </Card>
  );
}
