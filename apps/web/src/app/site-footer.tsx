import { ActionIcon, Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useSiteInfo } from '../api/site.ts';
import { Logo } from '../components/logo.tsx';
import { Columns } from '../components/page/columns.tsx';
import { isAdminScreen } from './nav-links.ts';
import classes from './site-footer.module.css';

const footerLinks = [
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
  { label: 'Terms of Use', to: '/terms' },
  { label: 'Privacy Policy', to: '/privacypolicy' },
];

/** A back-office screen's footer: the legal links and the copyright line, nothing to sell. */
function CompactFooter() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container py="md">
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="leaf.1">
            © {new Date().getFullYear()} Campwise. All rights reserved.
          </Text>
          <Group component="nav" aria-label="Footer" gap="md">
            {footerLinks
              .filter((link) => link.to === '/terms' || link.to === '/privacypolicy')
              .map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="xs" className={classes.link}>
                  {link.label}
                </Anchor>
              ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

export function SiteFooter() {
  const { pathname } = useLocation();
  if (isAdminScreen(pathname)) return <CompactFooter />;
  return <MarketingFooter />;
}

function MarketingFooter() {
  const { data: site } = useSiteInfo();
  const socialLinks = site
    ? [
        { label: 'Facebook', href: site.socialLinks.facebook, Icon: IconBrandFacebook },
        { label: 'Instagram', href: site.socialLinks.instagram, Icon: IconBrandInstagram },
      ]
    : [];
  return (
    <Box component="footer" className={classes.footer}>
      <Container py="xl">
        <Columns cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Link to="/" className={classes.home} aria-label="Campwise home">
              <Logo inverted />
            </Link>
            <Text size="sm" c="leaf.0">
              Summer camps and kids’ activities, found and booked in one place.
            </Text>
          </Stack>
          <Stack component="nav" aria-label="Footer" gap={6}>
            {footerLinks.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} className={classes.link}>
                {link.label}
              </Anchor>
            ))}
          </Stack>
          <Stack gap="xs">
            <Text size="sm" fw={700} c="white">
              Follow us
            </Text>
            <Group gap="xs">
              {socialLinks.map(({ label, href, Icon }) => (
                <ActionIcon
                  key={label}
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Campwise on ${label}`}
                  variant="white"
                  color="leaf"
                  size="lg"
                  radius="xl"
                >
                  <Icon size={20} aria-hidden />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
        </Columns>
        <Text size="xs" c="leaf.1" mt="xl">
          © {new Date().getFullYear()} Campwise. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
