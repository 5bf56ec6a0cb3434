import { Anchor, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarWeek, IconHeart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FamilyOverview } from '../../components/dashboard/family-overview.tsx';
import { Illustration, type IllustrationName } from '../../components/illustration.tsx';
import { SAVED_PATH } from '../../components/maybes/maybe-text.ts';
import { PageFrame } from '../../components/page/page-frame.tsx';
import classes from './camper.module.css';

interface Tile {
  title: string;
  to: string;
  illustration: IllustrationName;
  text: string;
}

/** The spec's three tiles, in its order. */
const tiles: Tile[] = [
  {
    title: 'Manage Campers',
    to: '/camper/campers',
    illustration: 'hero-family',
    text: 'Add your children with their birthday, shirt size and any allergies or medical needs.',
  },
  {
    title: 'Manage Registrations',
    to: '/camper/registrations',
    illustration: 'schedule',
    text: 'See the camps each child is signed up for, waitlist places and offers, and cancel if plans change.',
  },
  {
    title: 'Manage Payment Info',
    to: '/camper/cards',
    illustration: 'wallet',
    text: 'Save the cards you pay for camps with. We never keep the full card number.',
  },
];

function DashboardTile({ tile }: { tile: Tile }) {
  return (
    <Card component="article" padding="lg" className={classes.card}>
      <Card.Section bg="sun.0" py="md">
        <Stack align="center">
          <Illustration name={tile.illustration} width={200} height={150} />
        </Stack>
      </Card.Section>
      <Stack gap={6} mt="md">
        <Title order={2} fz="h3">
          <Anchor component={Link} to={tile.to} className={classes.stretched} underline="hover" inherit>
            {tile.title}
          </Anchor>
        </Title>
        <Text c="gray.7">{tile.text}</Text>
      </Stack>
    </Card>
  );
}

/**
 * The camper dashboard: what needs doing and what is coming up, above the spec's three tiles,
 * and the ways to the summer planner and the saved sessions beside the title.
 */
export default function CamperDashboard() {
  return (
    <PageFrame
      title="My Dashboard"
      description="Everything for your family's camps in one place."
      actions={
        <>
          <Button
            component={Link}
            to="/camper/planner"
            variant="light"
            leftSection={<IconCalendarWeek size={18} aria-hidden />}
          >
            Plan the summer
          </Button>
          <Button
            component={Link}
            to={SAVED_PATH}
            variant="light"
            leftSection={<IconHeart size={18} aria-hidden />}
          >
            Saved sessions
          </Button>
        </>
      }
    >
      <Stack gap="xl">
        <FamilyOverview />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {tiles.map((tile) => (
            <DashboardTile key={tile.to} tile={tile} />
          ))}
        </SimpleGrid>
      </Stack>
    </PageFrame>
  );
}
