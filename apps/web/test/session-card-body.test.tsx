import type { CampSession } from '@campwise/contract/sessions';
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SessionCardBody } from '../src/components/sessions/session-card-body.tsx';

const session: CampSession = {
  id: 7,
  campId: 3,
  name: 'Week 2',
  startDate: '2031-06-16',
  endDate: '2031-06-20',
  startTime: null,
  endTime: null,
  weekdays: null,
  priceCents: 25_000,
  capacity: 12,
  spotsLeft: 1,
  allowsWaitlist: true,
  registrationOpensAt: null,
  registrationClosesAt: null,
  status: 'scheduled',
  timeZone: 'America/Chicago',
};

/** The card's words, one text node's worth at a time. */
const textOf = (card: CampSession) =>
  renderToString(
    <MantineProvider>
      <SessionCardBody session={card} />
    </MantineProvider>,
  )
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '|')
    .split('|')
    .filter(Boolean);

describe('SessionCardBody', () => {
  it('names the session with its price, its dates and the spots left', () => {
    const words = textOf(session);
    expect(words).toContain('Week 2');
    expect(words).toContain('$250');
    expect(words).toContain('1 spot left');
    expect(words.some((text) => text.includes('June 16'))).toBe(true);
  });

  it('says when registration opens for a session not open yet, and Waitlist when it is full', () => {
    const words = textOf({ ...session, spotsLeft: 0, registrationOpensAt: '2031-03-01T15:00:00.000Z' });
    expect(words).toContain('Waitlist');
    expect(words.some((text) => text.includes('March 1'))).toBe(true);
  });
});
