import type { SiteInfo } from '@campwise/contract/site';
import { Anchor, Button, Card, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconLifebuoy, IconMail, IconShieldLock } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useSiteInfo } from '../../api/site.ts';
import { BreakableText } from '../../components/breakable-text.tsx';
import { Columns } from '../../components/page/columns.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';

interface Channel {
  title: string;
  text: string;
  address: (site: SiteInfo) => string;
  Icon: ComponentType<{ size?: number }>;
}

const channels: Channel[] = [
  {
    title: 'Support',
    text: 'Trouble signing in, a question about a registration or payment, or something on the site not working as it should.',
    address: (site) => site.supportEmail,
    Icon: IconLifebuoy,
  },
  {
    title: 'General questions',
    text: 'Listing your camp, partnerships, press, or anything else you would like to know about Campwise.',
    address: (site) => site.infoEmail,
    Icon: IconMail,
  },
  {
    title: 'Privacy',
    text: 'Requests to see, correct or delete your data, or questions about our Privacy Policy. We answer within 30 days.',
    address: (site) => site.privacyEmail,
    Icon: IconShieldLock,
  },
];

export default function Contact() {
  const site = useSiteInfo();
  return (
    <PageFrame
      title="Contact us"
      description="We read every message and reply on weekdays. Pick the address that fits your question, and we will get back to you soon."
      illustration="mailbox"
    >
      {site.isError ? (
        <Card padding="lg" mb="lg">
          <Stack gap="xs" align="flex-start">
            <Text fw={700}>We couldn’t load our e-mail addresses.</Text>
            <Text c="gray.7">Please check your connection and try again.</Text>
            <Button variant="light" onClick={() => site.refetch()} loading={site.isFetching}>
              Try again
            </Button>
          </Stack>
        </Card>
      ) : null}
      <Columns cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {channels.map(({ title, text, address, Icon }) => (
          <Card key={title} padding="lg">
            <ThemeIcon size={48} radius="xl" variant="light" mb="md" aria-hidden>
              <Icon size={26} />
            </ThemeIcon>
            <Title order={2} size="h3" mb="xs">
              {title}
            </Title>
            <Text c="gray.7" mb="md" flex={1}>
              {text}
            </Text>
            {site.data ? (
              <Anchor href={`mailto:${address(site.data)}`} fw={700} underline="always">
                <BreakableText value={address(site.data)} />
              </Anchor>
            ) : site.isPending ? (
              <>
                <VisuallyHidden>Loading the address</VisuallyHidden>
                <Skeleton height={22} width="80%" />
              </>
            ) : null}
          </Card>
        ))}
      </Columns>
      <Text ta="center" c="gray.8" mt="xl">
        Looking for a quick answer?{' '}
        <Anchor component={Link} to="/faq" underline="always">
          Read the frequently asked questions
        </Anchor>
        .
      </Text>
    </PageFrame>
  );
}
