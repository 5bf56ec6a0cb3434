import {
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Menu,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { AfterHydration } from '../components/after-hydration.tsx';
import { UnreadBadge } from '../components/conversations/unread-badge.tsx';
import { BasketLink } from '../components/family-basket/basket-link.tsx';
import { Logo } from '../components/logo.tsx';
import { useKnownHostView } from '../components/teams/use-known-host-view.ts';
import { guestLinks, guestMenus, memberLinks, type NavLink } from './nav-links.ts';
import { signOut, useSession } from './session.ts';
import classes from './site-header.module.css';

/** Logout clears the stored session and reloads, as the spec describes. */
function logout(): void {
  signOut();
  window.location.assign('/');
}

/** The phone menu's links: the drawer's, and the ones the menu before the script holds. */
function MenuLinks({
  links,
  signedIn,
  onFollow,
}: {
  links: NavLink[];
  signedIn: boolean;
  onFollow?: () => void;
}) {
  return (
    <>
      {links.map((link) => (
        <RouterNavLink key={link.to} to={link.to} className={classes.drawerLink} onClick={onFollow} end>
          {link.label}
          {link.unread ? <UnreadBadge /> : null}
        </RouterNavLink>
      ))}
      {signedIn ? (
        <UnstyledButton className={classes.drawerLink} onClick={logout}>
          Logout
        </UnstyledButton>
      ) : (
        guestMenus.map((group) => (
          <Box key={group.label}>
            <Divider my="xs" />
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
              {group.label}
            </Text>
            {group.links.map((link) => (
              <RouterNavLink key={link.to} to={link.to} className={classes.drawerLink} onClick={onFollow} end>
                {link.label}
              </RouterNavLink>
            ))}
          </Box>
        ))
      )}
    </>
  );
}

/**
 * The phone menu as the server sends it: a disclosure the browser opens by itself, so the menu
 * works while the page's script is still on its way (seconds on a slow phone). The app's burger
 * and drawer take its place once the page is the app's. The page is rendered for nobody, so
 * it holds the guest's links.
 */
function MenuBeforeScript({ links, hiddenFrom }: { links: NavLink[]; hiddenFrom: 'md' | 'lg' }) {
  return (
    <Box component="details" hiddenFrom={hiddenFrom}>
      <summary className={classes.earlyButton}>
        <span className={classes.earlyLines} aria-hidden />
        <VisuallyHidden>Menu</VisuallyHidden>
      </summary>
      <Stack component="nav" aria-label="Main" gap={4} className={classes.earlyPanel}>
        <MenuLinks links={links} signedIn={false} />
      </Stack>
    </Box>
  );
}

export function SiteHeader() {
  const session = useSession();
  const [menuOpen, { toggle, close }] = useDisclosure(false);
  const hostView = useKnownHostView(session?.userType === 'host');
  const links = session ? memberLinks(session, hostView) : guestLinks;
  // A parent's seven links and Logout need about 1,140 px beside the logo when set closer
  // together (crowded): below the lg breakpoint (1,200 px) they fold into the menu rather than
  // wrap onto a second line.
  const barFrom = links.length > 5 ? 'lg' : 'md';
  const crowded = links.length > 6;
  const packed = links.length > 7;

  return (
    <Box component="header" className={classes.header}>
      <Container className={classes.inner}>
        <Link to="/" className={classes.brand} aria-label="Campwise home">
          <Logo />
        </Link>

        {/* The bar (or, on a phone, the menu) with a parent's basket beside it. */}
        <Group gap="xs" wrap="nowrap">
          <Group
            component="nav"
            aria-label="Main"
            gap={crowded ? 2 : 'xs'}
            visibleFrom={barFrom}
            className={
              packed ? `${classes.crowded} ${classes.packed}` : crowded ? classes.crowded : undefined
            }
          >
            {links.map((link) => (
              <RouterNavLink key={link.to} to={link.to} className={classes.link} end>
                {link.label}
                {link.unread ? <UnreadBadge /> : null}
              </RouterNavLink>
            ))}
            {session ? (
              <Button variant="subtle" color="dark" onClick={logout} className={classes.logout}>
                Logout
              </Button>
            ) : (
              guestMenus.map((group) => (
                <Menu key={group.label} position="bottom-end" shadow="md" withinPortal>
                  <Menu.Target>
                    <UnstyledButton className={classes.link}>
                      {/* A span: the button holds inline content only. */}
                      <Group component="span" gap={4} wrap="nowrap">
                        {group.label}
                        <IconChevronDown size={14} aria-hidden />
                      </Group>
                    </UnstyledButton>
                  </Menu.Target>
                  <AfterHydration>
                    <Menu.Dropdown>
                      {group.links.map((link) => (
                        <Menu.Item key={link.to} component={Link} to={link.to}>
                          {link.label}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </AfterHydration>
                </Menu>
              ))
            )}
          </Group>

          {session?.userType === 'camper' ? <BasketLink /> : null}
          <AfterHydration before={<MenuBeforeScript links={links} hiddenFrom={barFrom} />}>
            <Burger
              opened={menuOpen}
              onClick={toggle}
              hiddenFrom={barFrom}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
            />
          </AfterHydration>
        </Group>
      </Container>

      <AfterHydration>
        <Drawer
          opened={menuOpen}
          onClose={close}
          hiddenFrom={barFrom}
          position="right"
          size="xs"
          title="Menu"
          classNames={{ title: classes.drawerTitle }}
        >
          <Stack component="nav" aria-label="Main" gap={4}>
            <MenuLinks links={links} signedIn={session !== null} onFollow={close} />
          </Stack>
        </Drawer>
      </AfterHydration>
    </Box>
  );
}
