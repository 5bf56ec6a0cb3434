import {
  AspectRatio,
  Box,
  Button,
  Card,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconListNumbers, IconPlayerPlayFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSiteInfo } from '../../api/site.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { Illustration, type IllustrationName } from '../../components/illustration.tsx';
import { InlineThemeIcon } from '../../components/inline-theme-icon.tsx';
import { Columns } from '../../components/page/columns.tsx';
import padding from '../../components/page/padding.module.css';
import { PageFrame } from '../../components/page/page-frame.tsx';
import classes from './how-it-works.module.css';

interface Step {
  title: string;
  text: string;
  illustration: IllustrationName;
}

interface Side {
  key: 'camp' | 'camper';
  button: string;
  heading: string;
  modalTitle: string;
  summary: string;
  highlights: string[];
  illustration: IllustrationName;
  steps: Step[];
  cta: { label: string; to: string };
}

const sides: Side[] = [
  {
    key: 'camp',
    button: 'Camp',
    heading: 'For camps and hosts',
    modalTitle: 'How Campwise works for camps',
    summary:
      'List your organization and camps, and let families find, register and pay for them online while you focus on running a great program.',
    highlights: [
      'A listing for your organization and camps',
      'Registration and payment tools',
      'Marketing to local families',
    ],
    illustration: 'hero-host',
    steps: [
      {
        title: 'Create your host account',
        text: 'Sign up as a host and choose the host subscription that gives you every listing and registration tool.',
        illustration: 'tent',
      },
      {
        title: 'Add your organization',
        text: 'Tell families who you are and where you are. Our team reviews every organization and each host goes through a background check before going live.',
        illustration: 'lodge',
      },
      {
        title: 'List your camps',
        text: 'Once approved, add each camp with its dates, times, location, ages, open spots and cost, plus photos that show it at its best.',
        illustration: 'schedule',
      },
      {
        title: 'Fill your spots',
        text: 'Families find you in search, register and pay by card. You see every registration on your camp’s roster.',
        illustration: 'campfire',
      },
    ],
    cta: { label: 'Become a host', to: '/host/register' },
  },
  {
    key: 'camper',
    button: 'Camper',
    heading: 'For families',
    modalTitle: 'How Campwise works for campers',
    summary:
      'Find camps and activities near you, register your kids in a few clicks and plan the summer with friends. Free for families, always.',
    highlights: [
      'Search by ZIP code, dates, age and interest',
      'Register and pay securely by card',
      'Coordinate camps with friends',
    ],
    illustration: 'hero-family',
    steps: [
      {
        title: 'Create a free account',
        text: 'Sign up as a camper family and add your children once: names, birthdays, shirt sizes and any medical notes the camp should know.',
        illustration: 'hero-family',
      },
      {
        title: 'Search for camps',
        text: 'Look for camps near your ZIP code and filter by category, age, month and cost. Every camp shows its dates, ages and open spots.',
        illustration: 'choices',
      },
      {
        title: 'Register and pay',
        text: 'Pick the children who are going, pay by card and get a confirmation. If a camp is full, join its waitlist when the camp offers one.',
        illustration: 'schedule',
      },
      {
        title: 'Plan with friends',
        text: 'Share camps with other parents and sign up for the same weeks, so the kids go together.',
        illustration: 'coordinate',
      },
    ],
    cta: { label: 'Create a free account', to: '/camper/register' },
  },
];

function StepList({ steps }: { steps: Step[] }) {
  return (
    <Box component="ol" className={classes.steps}>
      {steps.map((step, index) => (
        <li key={step.title} className={classes.step}>
          <ThemeIcon size={40} radius="xl" color="sun" aria-hidden>
            <Text fw={800} ff="heading">
              {index + 1}
            </Text>
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={3} size="h4">
              {step.title}
            </Title>
            <Text c="gray.7">{step.text}</Text>
          </Stack>
          <Box className={classes.stepArt}>
            <Illustration name={step.illustration} width={140} height={105} />
          </Box>
        </li>
      ))}
    </Box>
  );
}

interface ExplainerProps {
  side: Side;
  opened: boolean;
  onClose: () => void;
}

function Explainer({ side, opened, onClose }: ExplainerProps) {
  const site = useSiteInfo();
  const videoUrl = site.data?.explainerVideos[side.key] ?? null;
  return (
    <AppModal opened={opened} onClose={onClose} title={side.modalTitle} size="xl">
      {site.isPending ? (
        <Skeleton height={320} radius="md" />
      ) : videoUrl ? (
        <AspectRatio ratio={16 / 9}>
          <iframe
            src={videoUrl}
            title={`Video: ${side.modalTitle}`}
            className={classes.video}
            allow="fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
          />
        </AspectRatio>
      ) : (
        <StepList steps={side.steps} />
      )}
      <Group justify="flex-end" mt="xl">
        <Button component={Link} to={side.cta.to} color="sun">
          {side.cta.label}
        </Button>
      </Group>
    </AppModal>
  );
}

function SideCard({ side }: { side: Side }) {
  const [opened, { open, close }] = useDisclosure(false);
  const site = useSiteInfo();
  const hasVideo = Boolean(site.data?.explainerVideos[side.key]);
  const Icon = hasVideo ? IconPlayerPlayFilled : IconListNumbers;
  return (
    <Card padding="lg">
      <Box className={classes.sideArt} mb="md">
        <Illustration name={side.illustration} width={320} height={240} />
      </Box>
      <Stack gap="sm" flex={1}>
        <Title order={2} size="h3">
          {side.heading}
        </Title>
        <Text c="gray.7">{side.summary}</Text>
        <List
          spacing={6}
          icon={
            <InlineThemeIcon component="span" size="sm" radius="xl" variant="light" aria-hidden>
              <IconCheck size={14} stroke={3} />
            </InlineThemeIcon>
          }
        >
          {side.highlights.map((highlight) => (
            <List.Item key={highlight}>
              <Text component="span" c="gray.8">
                {highlight}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
      <Group mt="lg">
        <Button
          color="sun"
          size="md"
          leftSection={<Icon size={18} aria-hidden />}
          onClick={open}
          aria-haspopup="dialog"
        >
          {side.button}
        </Button>
      </Group>
      <Explainer side={side} opened={opened} onClose={close} />
    </Card>
  );
}

export default function HowItWorks() {
  return (
    <PageFrame
      title="How it Works"
      description="Campwise brings families and camp hosts together: hosts list their camps, families find them and register in a few clicks. Choose your side to see how it works."
      illustration="signpost"
    >
      <Stack gap={56}>
        <Columns cols={{ base: 1, md: 2 }} spacing="lg">
          {sides.map((side) => (
            <SideCard key={side.key} side={side} />
          ))}
        </Columns>
        <Box className={`${classes.closing} ${padding.band}`}>
          <Stack gap="md" align="center" ta="center">
            <Title order={2}>Ready when you are</Title>
            <Text size="lg" c="gray.8" maw={620}>
              Families join free. Hosts can see what the subscription includes before signing up.
            </Text>
            <Group justify="center" gap="md">
              <Button component={Link} to="/camper/register" color="sun" size="lg">
                Create a family account
              </Button>
              <Button component={Link} to="/pricing" variant="outline" size="lg">
                See host pricing
              </Button>
            </Group>
          </Stack>
        </Box>
      </Stack>
    </PageFrame>
  );
}
