import { formatMoney } from '@campwise/contract/format';
import { sessionNotice, spotsLeftText } from '@campwise/contract/session-text';
import { registrationWindow } from '@campwise/contract/session-window';
import type { CampSession } from '@campwise/contract/sessions';
import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession, useVisitorType } from '../../app/session.ts';
import { AddToBasketButton } from '../family-basket/add-to-basket-button.tsx';
import { SaveMaybeButton } from '../maybes/save-maybe-button.tsx';
import padding from '../page/padding.module.css';
import { registerPath } from '../registrations/register-path.ts';
import { NotifyMeButton } from './notify-me-button.tsx';
import { SessionWhen } from './session-when.tsx';

/** The id the camp page's "Choose a session" scrolls to. */
export const SESSIONS_ANCHOR = 'sessions';

function SessionRow({
  campId,
  session,
  takesRegistrations,
}: {
  campId: number;
  session: CampSession;
  takesRegistrations: boolean;
}) {
  // Register is a link the server's page holds for the visitor it was told of; "Notify me" asks
  // the API as the signed-in parent, so it waits for the session itself.
  const visitor = useVisitorType();
  const signedIn = useSession();
  const notice = sessionNotice({ takesRegistrations }, session);
  // Hosts and administrators do not register.
  const forParents = visitor === null || visitor === 'camper';
  // Full with no waitlist: nothing to register for until a spot frees up.
  const fullForGood = session.spotsLeft === 0 && !session.allowsWaitlist;
  const canRegister = notice === null && forParents && !fullForGood;
  // A family can ask to be e-mailed when the window opens, or when a full session has a spot again.
  const hearAbout =
    registrationWindow(session, new Date()) === 'not_open'
      ? ('opening' as const)
      : notice === null && fullForGood
        ? ('place' as const)
        : null;
  const titleId = `session-${session.id}-name`;
  return (
    <Box
      component="li"
      py="md"
      aria-labelledby={titleId}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)', listStyle: 'none' }}
    >
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="sm" justify="space-between" wrap="nowrap" align="baseline">
            <Title order={3} fz="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {session.name}
            </Title>
            <Text fw={800}>{formatMoney(session.priceCents)}</Text>
          </Group>
          <SessionWhen session={session} />
          <Text size="sm" fw={700} c={session.spotsLeft > 0 ? 'leaf.8' : 'sun.9'}>
            {spotsLeftText(session)}
          </Text>
          {notice ? (
            <Text size="sm" c="gray.8">
              {notice}
            </Text>
          ) : null}
        </Stack>
        {forParents ? (
          <Group gap="sm">
            <SaveMaybeButton
              campId={campId}
              sessionId={session.id}
              name={session.name}
              describedBy={titleId}
            />
            {hearAbout ? (
              <NotifyMeButton
                kind={hearAbout}
                campId={campId}
                sessionId={session.id}
                sessionName={session.name}
                signedInAsParent={signedIn !== null}
              />
            ) : null}
            {canRegister ? <AddToBasketButton sessionId={session.id} name={session.name} /> : null}
            {canRegister ? (
              <Button
                component={Link}
                to={registerPath(campId, visitor === 'camper', session.id)}
                color="sun"
                leftSection={<IconPencilPlus size={18} aria-hidden />}
                aria-label={`Register for ${session.name}`}
              >
                Register
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
    </Box>
  );
}

/** Brings the sessions list into view and moves focus to its heading. */
export function showSessions() {
  const list = document.getElementById(SESSIONS_ANCHOR);
  list?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  list?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

/**
 * A link to `/camps/{id}#sessions` (a search result's heart, for a camp with several sessions)
 * lands on the list once the page has drawn it, as the browser would on a page it loaded itself.
 */
function useShowSessionsOnArrival() {
  const { hash } = useLocation();
  const shown = useRef(false);
  useEffect(() => {
    if (hash === `#${SESSIONS_ANCHOR}` && !shown.current) {
      shown.current = true;
      showSessions();
    }
  }, [hash]);
}

/** A camp's sessions on its public page, each with its own Register and "Save as maybe". */
export function PublicSessionsList({
  campId,
  sessions,
  takesRegistrations,
}: {
  campId: number;
  sessions: CampSession[];
  takesRegistrations: boolean;
}) {
  useShowSessionsOnArrival();
  return (
    <Card
      className={padding.card}
      component="section"
      aria-labelledby="sessions-heading"
      id={SESSIONS_ANCHOR}
    >
      <Stack gap="xs">
        {/* Focusable so that "Choose a session" can bring a keyboard or screen reader here. */}
        <Title order={2} fz="h3" id="sessions-heading" tabIndex={-1}>
          Sessions
        </Title>
        <Text size="sm" c="gray.7">
          Each session has its own dates, price and places.
        </Text>
        <Box component="ul" m={0} p={0} mt="xs">
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              campId={campId}
              session={session}
              takesRegistrations={takesRegistrations}
            />
          ))}
        </Box>
      </Stack>
    </Card>
  );
}
