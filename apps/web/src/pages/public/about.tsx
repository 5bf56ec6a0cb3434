import { Box, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeartHandshake, IconMapPin, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Illustration } from '../../components/illustration.tsx';
import { Columns } from '../../components/page/columns.tsx';
import padding from '../../components/page/padding.module.css';
import { PageFrame } from '../../components/page/page-frame.tsx';
import classes from './about.module.css';

const values = [
  {
    title: 'Families first',
    text: 'Searching, comparing and registering is free for families. We show real dates, ages, costs and open spots, so you can decide at a glance.',
    Icon: IconHeartHandshake,
  },
  {
    title: 'Local and independent',
    text: 'The best summers are often run by a coach, an artist or a naturalist down the road. We help small hosts be found next to the big names.',
    Icon: IconMapPin,
  },
  {
    title: 'Trust built in',
    text: 'Every organization is reviewed by our team before its camps go live, and every host goes through a background check.',
    Icon: IconShieldCheck,
  },
];

export default function About() {
  return (
    <PageFrame
      title="About Campwise"
      description="We help families find summer camps and activities their kids will love, and help the people who run them fill their spots."
      illustration="tent"
    >
      <Stack gap={56}>
        <Stack gap="xl">
          <Stack gap="xs" maw={760}>
            <Title order={2}>Our mission</Title>
            <Text size="lg" c="gray.8" className={classes.prose}>
              Every child deserves a summer of muddy knees, new friends and the thrill of trying something for
              the first time. Our mission is to make those summers easy to plan: one place to discover what is
              on nearby, book it with confidence and line it up with the friends your kids want to be with.
            </Text>
          </Stack>
          <Columns cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {values.map(({ title, text, Icon }) => (
              <Card key={title} padding="lg">
                <ThemeIcon size={48} radius="xl" variant="light" color="leaf" mb="md" aria-hidden>
                  <Icon size={26} />
                </ThemeIcon>
                <Title order={3} size="h4" mb="xs">
                  {title}
                </Title>
                <Text c="gray.7">{text}</Text>
              </Card>
            ))}
          </Columns>
        </Stack>

        <Columns cols={{ base: 1, md: 2 }} spacing="xl" className={classes.story}>
          <Stack gap="md">
            <Title order={2}>Our story</Title>
            <Text className={classes.prose}>
              Campwise began with a spreadsheet. Every February, one of our founders sat at the kitchen table
              with a dozen browser tabs open, trying to piece together a summer for three kids: this week’s
              soccer clinic, that week’s art camp, and somehow the same week of swim lessons as the neighbors
              so the carpool would work.
            </Text>
            <Text className={classes.prose}>
              A few streets away, a friend ran a small nature day camp. Her sessions were wonderful and half
              empty, because families simply did not know she existed. Sign-ups came in on paper forms,
              payments by check, and the roster lived in a notebook.
            </Text>
            <Text className={classes.prose}>
              Both of them had the same problem from opposite sides. So they built one place where families
              can see what is on near them, register and pay in a few clicks, and plan with friends, and where
              hosts get a listing, registration and payment tools and a way to reach local families. Today
              Campwise brings together parents and camp hosts of every size, from one-coach clinics to
              lakeside overnight camps.
            </Text>
          </Stack>
          <Box className={classes.storyArt}>
            <Illustration name="campfire" width={440} height={330} />
          </Box>
        </Columns>

        <Box className={`${classes.closing} ${padding.band}`}>
          <Stack gap="md" align="center" ta="center">
            <Title order={2}>Come and find your summer</Title>
            <Text size="lg" c="gray.8" maw={620}>
              Browse camps near you, or sign in to manage your organization and camps.
            </Text>
            <Group justify="center" gap="md">
              <Button component={Link} to="/search" color="sun" size="lg">
                Search camps
              </Button>
              <Button component={Link} to="/host/login" variant="outline" size="lg">
                Host log in
              </Button>
            </Group>
          </Stack>
        </Box>
      </Stack>
    </PageFrame>
  );
}
