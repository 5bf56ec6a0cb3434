import { formatMoney } from '@campwise/contract/format';
import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSiteInfo } from '../../api/site.ts';
import { Illustration } from '../../components/illustration.tsx';
import { InlineThemeIcon } from '../../components/inline-theme-icon.tsx';
import { Columns } from '../../components/page/columns.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import classes from './pricing.module.css';

const hostIncludes = [
  'A public profile for each of your organizations',
  'Listings for all your camps, with dates, ages, cost, open spots and photos',
  'Online registration and card payments',
  'Rosters for every camp, with waitlists when a camp fills up',
  'Marketing to local families searching on Campwise',
  'A “reviewed by Campwise” badge once your organization is approved',
  'Friendly support by e-mail',
];

const familyIncludes = [
  'Search every camp near you',
  'Add your children once, register in a few clicks',
  'Save a card for faster checkout',
  'Plan the same weeks as your friends',
];

const checkIcon = (
  <InlineThemeIcon component="span" size={22} radius="xl" variant="light" aria-hidden>
    <IconCheck size={14} stroke={3} />
  </InlineThemeIcon>
);

function HostPrice() {
  const site = useSiteInfo();
  if (site.isPending) {
    return (
      <Stack gap="sm">
        <VisuallyHidden>Loading the current price</VisuallyHidden>
        <Skeleton height={20} width="40%" />
        <Skeleton height={48} width="55%" />
      </Stack>
    );
  }
  if (site.isError) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text fw={700}>We couldn’t load the current price.</Text>
        <Text size="sm" c="gray.7">
          Please check your connection and try again.
        </Text>
        <Button size="sm" variant="light" onClick={() => site.refetch()} loading={site.isFetching}>
          Try again
        </Button>
      </Stack>
    );
  }
  const { planName, planPriceCents, planInterval } = site.data;
  return (
    <Stack gap={6}>
      <Text fw={700} c="leaf.8">
        {planName}
      </Text>
      <Group gap="xs" align="baseline">
        <Text component="span" ff="heading" fw={800} className={classes.price}>
          {formatMoney(planPriceCents)}
        </Text>
        <Text component="span" size="lg" c="gray.7">
          per {planInterval}
        </Text>
      </Group>
      <Text size="sm" c="gray.7">
        Billed every {planInterval}. Cancel any time.
      </Text>
    </Stack>
  );
}

export default function Pricing() {
  return (
    <PageFrame
      title="Pricing"
      description="One simple plan for camp hosts. Searching and registering is free for families."
      illustration="wallet"
    >
      <Columns cols={{ base: 1, md: 2 }} spacing="lg" className={classes.plans}>
        <Card padding="xl" shadow="md" className={classes.hostPlan}>
          <Stack gap="lg" flex={1}>
            <Title order={2}>For camp hosts</Title>
            <HostPrice />
            <Box>
              <Title order={3} size="h5" mb="sm">
                What’s included
              </Title>
              <List spacing="xs" icon={checkIcon}>
                {hostIncludes.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Box>
          </Stack>
          <Stack gap="xs" mt="xl">
            <Button component={Link} to="/host/register" color="sun" size="lg" fullWidth>
              Start hosting
            </Button>
            <Text size="sm" c="gray.7" ta="center">
              Already hosting?{' '}
              <Anchor component={Link} to="/host/login" underline="always">
                Sign in
              </Anchor>
            </Text>
          </Stack>
        </Card>

        <Card padding="xl" className={classes.familyPlan}>
          <Stack gap="lg" flex={1}>
            <Title order={2}>For families</Title>
            <Stack gap={6}>
              <Text fw={700} c="leaf.8">
                Camper account
              </Text>
              <Text component="span" ff="heading" fw={800} className={classes.price}>
                Free
              </Text>
              <Text size="sm" c="gray.8">
                Searching and registering is free for families. You pay only each camp’s own price, with no
                booking fees.
              </Text>
            </Stack>
            <Box>
              <Title order={3} size="h5" mb="sm">
                What you get
              </Title>
              <List spacing="xs" icon={checkIcon}>
                {familyIncludes.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Box>
            <Box className={classes.familyArt}>
              <Illustration name="hero-family" width={280} height={210} />
            </Box>
          </Stack>
          <Stack gap="xs" mt="xl">
            <Button component={Link} to="/camper/register" variant="outline" size="lg" fullWidth>
              Create a free account
            </Button>
            <Text size="sm" c="gray.8" ta="center">
              Already signed up?{' '}
              <Anchor component={Link} to="/camper/login" underline="always">
                Sign in
              </Anchor>
            </Text>
          </Stack>
        </Card>
      </Columns>
      <Text ta="center" c="gray.8" mt="xl">
        Questions about hosting or billing?{' '}
        <Anchor component={Link} to="/faq" underline="always">
          Read the FAQ
        </Anchor>{' '}
        or{' '}
        <Anchor component={Link} to="/contact" underline="always">
          contact us
        </Anchor>
        .
      </Text>
    </PageFrame>
  );
}
