import { messages } from '@campwise/contract/messages';
import type { NewsletterSignup } from '@campwise/contract/newsletter';
import { Anchor, Box, Button, Card, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleCheckFilled, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { type ActionFunctionArgs, data, Form, Link, useActionData } from 'react-router';
import { ApiError, apiRequest } from '../../api/client.ts';
import { useNewsletterSignup } from '../../api/newsletter.ts';
import { lastSearchZip, useNearbyCamps, usePopularPlace } from '../../api/search.ts';
import { CampCard, CampCardSkeleton } from '../../components/camps/camp-card.tsx';
import { Illustration, type IllustrationName } from '../../components/illustration.tsx';
import { Columns } from '../../components/page/columns.tsx';
import padding from '../../components/page/padding.module.css';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadingSkeleton } from '../../components/page/page-state.tsx';
import classes from './landing.module.css';

const promises = ['Free for families', 'Hosts reviewed', 'Secure payments'];

/** What families are promised, under the page's lead. */
function Promises() {
  return (
    <Group gap="md" component="ul" className={classes.promises}>
      {promises.map((promise) => (
        <Group component="li" key={promise} gap={6} wrap="nowrap">
          <ThemeIcon size="sm" radius="xl" color="leaf" variant="light" aria-hidden>
            <IconCheck size={14} stroke={3} />
          </ThemeIcon>
          <Text size="sm" fw={600} c="gray.8">
            {promise}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

function HostHero() {
  return (
    <Box className={`${classes.hostBand} ${padding.band}`}>
      <Columns cols={{ base: 1, md: 2 }} spacing="xl" className={classes.centered}>
        <Box className={classes.hostArt}>
          <Illustration name="hero-host" width={440} height={330} />
        </Box>
        <Stack gap="md" align="flex-start">
          <Text size="sm" fw={800} c="leaf.1" className="cw-caps-heading">
            For camp hosts
          </Text>
          <Title order={2} size="h1" c="white">
            Run a camp? Fill your spots
          </Title>
          <Text size="lg" c="leaf.0">
            List your organization and camps, take registrations and payments online, keep your rosters in one
            place and reach local families looking for their next adventure.
          </Text>
          <Group gap="lg">
            <Button component={Link} to="/host/login" color="sun" size="lg">
              Get started
            </Button>
            <Anchor component={Link} to="/pricing" c="white" fw={700} underline="always">
              See host pricing
            </Anchor>
          </Group>
        </Stack>
      </Columns>
    </Box>
  );
}

/**
 * A search from the first screen: a real GET form to the results page (the browser sends it
 * before the app's script has arrived; the app then opens the results without a new page).
 */
function HomeSearch() {
  return (
    <Form method="get" action="/searchresults" role="search" aria-label="Search camps">
      <Box className={classes.searchFields}>
        <TextInput
          label="Camp or activity"
          name="term"
          placeholder="Soccer, art, coding…"
          size="md"
          radius="xl"
          style={{ flex: 2 }}
        />
        <TextInput
          label="ZIP code"
          name="zip"
          placeholder="78704"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          size="md"
          radius="xl"
          style={{ flex: 1 }}
        />
        <Button type="submit" color="sun" size="md" leftSection={<IconSearch size={18} aria-hidden />}>
          Search camps
        </Button>
      </Box>
    </Form>
  );
}

/**
 * Camps near the visitor, known without asking where they are (decision 068): near the ZIP they
 * last searched from on this device, or else where families book most. The server renders the
 * latter; the browser switches to the former once it runs.
 */
function NearbyCamps() {
  const [lastZip, setLastZip] = useState<string | null>(null);
  useEffect(() => setLastZip(lastSearchZip()), []);
  const popular = usePopularPlace();
  const place = lastZip ?? popular.data?.zip ?? null;
  const camps = useNearbyCamps(place);
  const found = camps.data ?? [];
  if (place === null || (camps.isSuccess && found.length === 0)) return null;
  const where = lastZip ?? (popular.data ? `${popular.data.city}, ${popular.data.state}` : '');
  return (
    <Stack gap="md" component="section" aria-labelledby="nearby-camps-heading">
      <Group justify="space-between" align="baseline" gap="sm">
        <Title order={2} id="nearby-camps-heading">
          Camps near {where}
        </Title>
        <Anchor component={Link} to={`/searchresults?zip=${place}`} fw={700}>
          See all camps near {where}
        </Anchor>
      </Group>
      {camps.isSuccess ? (
        <Columns
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="lg"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {found.map((camp) => (
            <li key={camp.id}>
              <CampCard camp={camp} href={`/camps/${camp.id}`} />
            </li>
          ))}
        </Columns>
      ) : (
        <LoadingSkeleton label="Loading camps near you" gap="sm">
          <Columns cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            {['a', 'b', 'c'].map((key) => (
              <CampCardSkeleton key={key} />
            ))}
          </Columns>
        </LoadingSkeleton>
      )}
    </Stack>
  );
}

interface Feature {
  title: string;
  text: string;
  illustration: IllustrationName;
}

const features: Feature[] = [
  {
    title: 'Schedule classes',
    text: 'See dates, times and open spots at a glance, and build a whole summer of camps and classes around your family’s calendar.',
    illustration: 'schedule',
  },
  {
    title: 'Tons of choices',
    text: 'Soccer, swimming, coding, art, theater, overnight adventures and more: search local camps by ZIP code, dates, age and interest.',
    illustration: 'choices',
  },
  {
    title: 'Coordinate with other parents',
    text: 'Share camps with friends and sign up for the same weeks, so the kids go together and carpools are easy to plan.',
    illustration: 'coordinate',
  },
];

function Features() {
  return (
    <Box>
      <Stack gap="xs" align="center" ta="center" mb="xl">
        <Title order={2}>Summer planning, made simple</Title>
        <Text size="lg" c="gray.7" maw={620}>
          Everything you need to find the right camps, book them and share the fun.
        </Text>
      </Stack>
      <Columns cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {features.map((feature) => (
          <Card key={feature.title} padding="lg">
            <Box className={classes.featureArt}>
              <Illustration name={feature.illustration} width={240} height={180} />
            </Box>
            <Title order={3} size="h4" mb="xs">
              {feature.title}
            </Title>
            <Text c="gray.7">{feature.text}</Text>
          </Card>
        ))}
      </Columns>
    </Box>
  );
}

/** What the newsletter form's action answers: signed up, or the address sent and what is wrong with it. */
type NewsletterAnswer = { subscribed: true } | { email: string; error: string };

/**
 * The newsletter form as a browser sends it before the page's script has run: the server signs
 * the address up through the same call the app makes and renders the page with the answer.
 */
export async function action({ request }: ActionFunctionArgs) {
  const email = String((await request.formData()).get('email') ?? '');
  const { newsletterSignupBody } = await import('@campwise/contract/newsletter');
  const parsed = newsletterSignupBody.safeParse({ email });
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? messages.invalidEmail;
    return data<NewsletterAnswer>({ email, error }, { status: 400 });
  }
  try {
    await apiRequest('POST', '/api/newsletter', parsed.data);
    return data<NewsletterAnswer>({ subscribed: true });
  } catch (failure) {
    const refused = failure instanceof ApiError;
    return data<NewsletterAnswer>(
      { email, error: refused ? failure.message : messages.tryAgain },
      { status: refused ? failure.status : 503 },
    );
  }
}

function NewsletterForm() {
  const signup = useNewsletterSignup();
  // The answer to the form the page sent before its script, when it did.
  const answer = useActionData<NewsletterAnswer>();
  const refused = answer && 'error' in answer ? answer : null;
  const [email, setEmail] = useState(refused?.email ?? '');
  const [error, setError] = useState<string | null>(refused?.error ?? null);
  const [checking, setChecking] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    let body: NewsletterSignup = { email };
    setChecking(true);
    try {
      // Loaded on demand so the schema library stays out of the home page's first download.
      const { newsletterSignupBody } = await import('@campwise/contract/newsletter');
      const parsed = newsletterSignupBody.safeParse({ email });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? messages.invalidEmail);
        return;
      }
      body = parsed.data;
    } catch {
      // Without the schema the server still checks the address and answers with its message.
    } finally {
      setChecking(false);
    }
    signup.mutate(body, {
      onError: (failure) => setError(failure instanceof ApiError ? failure.message : messages.tryAgain),
    });
  }

  if (signup.isSuccess || (answer && 'subscribed' in answer)) {
    return (
      <Group role="status" gap="sm" wrap="nowrap" align="flex-start">
        <Box c="leaf.7" aria-hidden>
          <IconCircleCheckFilled size={28} />
        </Box>
        <Text size="lg" fw={600} c="leaf.9">
          {messages.newsletterThanks}
        </Text>
      </Group>
    );
  }

  return (
    // Posted to the page itself until the script takes over; the fragment brings the answer into view.
    <form method="post" action="/#newsletter" onSubmit={handleSubmit} noValidate>
      <Box className={classes.newsletterFields}>
        <TextInput
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          size="md"
          radius="xl"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: 1 }}
        />
        <Button
          type="submit"
          color="sun"
          size="md"
          loading={checking || signup.isPending}
          className={classes.submit}
        >
          Subscribe
        </Button>
      </Box>
    </form>
  );
}

function Newsletter() {
  return (
    <Box id="newsletter" className={`${classes.newsletter} ${padding.band}`}>
      <Columns cols={{ base: 1, md: 2 }} spacing="xl" className={classes.centered}>
        <Stack gap="md">
          <Title order={2}>Get camp news in your inbox</Title>
          <Text size="lg" c="gray.8">
            New camps near you, registration openings and summer planning tips, about once a month.
            Unsubscribe any time.
          </Text>
          <NewsletterForm />
        </Stack>
        <Box visibleFrom="md" className={classes.heroArt}>
          <Illustration name="mailbox" width={320} height={240} />
        </Box>
      </Columns>
    </Box>
  );
}

export default function Landing() {
  return (
    <PageFrame
      title="Summer camps near you"
      description={
        <Stack gap="md">
          <Text size="xl" c="gray.8">
            Day camps, overnight adventures and after-school activities your kids will love: sign them up in a
            few clicks and plan the summer together with friends.
          </Text>
          <Promises />
          <HomeSearch />
        </Stack>
      }
      illustration="hero-family"
      illustrationSize="large"
      actions={
        <>
          <Button component={Link} to="/camper/register" color="sun" size="lg">
            Join the fun
          </Button>
          <Button component={Link} to="/search" variant="outline" size="lg">
            Browse camps
          </Button>
        </>
      }
    >
      <Stack gap={64}>
        <NearbyCamps />
        <HostHero />
        <Features />
        <Newsletter />
      </Stack>
    </PageFrame>
  );
}
