import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type CalendarPlace, calendarFile } from '../src/modules/registrations/calendar.ts';
import { placeCalendarLinks } from '../src/modules/registrations/calendar-links.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const SITE = 'https://camps.example.org';

/** A week of day camp in Seattle, Monday to Friday, 9 AM to 3 PM. */
const SEATTLE_WEEK: CalendarPlace = {
  id: 7,
  campId: 3,
  campName: 'Puget Sound Sailing',
  orgName: 'Salt Air Camps',
  address: '1200 Alki Ave SW',
  city: 'Seattle',
  state: 'WA',
  zip: '98116',
  isVirtual: false,
  startDate: '2026-07-06',
  endDate: '2026-07-10',
  startTime: '09:00',
  endTime: '15:00',
  weekdays: [1, 2, 3, 4, 5],
  timeZone: 'America/Los_Angeles',
  sessionName: 'Week 1',
  sessionCount: 3,
  childFirstName: 'Ada',
  status: 'confirmed',
  sequence: 0,
};

/** The file's lines, unfolded. */
const linesOf = (places: CalendarPlace[]) =>
  calendarFile(places, SITE, NOW).replaceAll('\r\n ', '').split('\r\n');

/** The lines of each component named, in order. */
function blocks(lines: string[], name: string): string[][] {
  const found: string[][] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    if (line === `BEGIN:${name}`) current = [];
    else if (line === `END:${name}` && current) {
      found.push(current);
      current = null;
    } else current?.push(line);
  }
  return found;
}

describe('a calendar file', () => {
  it("makes a session with daily hours a timed event in the camp's zone, repeated on its weekdays", () => {
    const lines = linesOf([SEATTLE_WEEK]);
    const [event] = blocks(lines, 'VEVENT');
    expect(event).toEqual(
      expect.arrayContaining([
        'UID:registration-7@camps.example.org',
        'DTSTART;TZID=America/Los_Angeles:20260706T090000',
        'DTEND;TZID=America/Los_Angeles:20260706T150000',
        // Until the last day's 9 AM in Seattle (UTC−7 in July), written in UTC.
        'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20260710T160000Z',
      ]),
    );
    expect(event?.some((line) => line.startsWith('DTSTART;VALUE=DATE'))).toBe(false);
    // The zone is described in the file, with the 2026 changes to and from daylight saving.
    const [zone] = blocks(lines, 'VTIMEZONE');
    expect(zone?.[0]).toBe('TZID:America/Los_Angeles');
    expect(blocks(zone ?? [], 'DAYLIGHT')).toEqual([
      ['DTSTART:20260308T020000', 'TZOFFSETFROM:-0800', 'TZOFFSETTO:-0700'],
    ]);
    expect(blocks(zone ?? [], 'STANDARD')).toEqual([
      ['DTSTART:19700101T000000', 'TZOFFSETFROM:-0800', 'TZOFFSETTO:-0800'],
      ['DTSTART:20261101T020000', 'TZOFFSETFROM:-0700', 'TZOFFSETTO:-0800'],
    ]);
    expect(lines.indexOf('BEGIN:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
  });

  it('says a changed place is a newer version, and a cancelled one cancelled', () => {
    const [event] = blocks(linesOf([{ ...SEATTLE_WEEK, status: 'cancelled', sequence: 86_400 }]), 'VEVENT');
    expect(event).toEqual(expect.arrayContaining(['SEQUENCE:86400', 'STATUS:CANCELLED']));
    expect(blocks(linesOf([SEATTLE_WEEK]), 'VEVENT')[0]).toEqual(expect.arrayContaining(['SEQUENCE:0']));
  });

  it('starts on the first day the session meets, repeats daily without weekdays, and once for one day', () => {
    const fromSunday = blocks(linesOf([{ ...SEATTLE_WEEK, startDate: '2026-07-05' }]), 'VEVENT')[0];
    expect(fromSunday).toContain('DTSTART;TZID=America/Los_Angeles:20260706T090000');
    const daily = blocks(linesOf([{ ...SEATTLE_WEEK, weekdays: null }]), 'VEVENT')[0];
    expect(daily).toContain('RRULE:FREQ=DAILY;UNTIL=20260710T160000Z');
    const oneDay = blocks(linesOf([{ ...SEATTLE_WEEK, endDate: '2026-07-06' }]), 'VEVENT')[0];
    expect(oneDay).toContain('DTEND;TZID=America/Los_Angeles:20260706T150000');
    expect(oneDay?.some((line) => line.startsWith('RRULE'))).toBe(false);
  });

  it('describes a zone without daylight saving with one observance, and each zone once', () => {
    const phoenix = { ...SEATTLE_WEEK, id: 8, timeZone: 'America/Phoenix' };
    const lines = linesOf([SEATTLE_WEEK, phoenix, { ...SEATTLE_WEEK, id: 9 }]);
    const zones = blocks(lines, 'VTIMEZONE');
    expect(zones.map((zone) => zone[0])).toEqual(['TZID:America/Los_Angeles', 'TZID:America/Phoenix']);
    expect(zones[1]).toEqual([
      'TZID:America/Phoenix',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:-0700',
      'TZOFFSETTO:-0700',
      'END:STANDARD',
    ]);
    expect(blocks(lines, 'VEVENT')[1]).toContain(
      'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20260710T160000Z',
    );
  });

  it('keeps a session without hours one all-day block, with no zone to describe', () => {
    const lines = linesOf([{ ...SEATTLE_WEEK, startTime: null, endTime: null }]);
    expect(blocks(lines, 'VEVENT')[0]).toEqual(
      expect.arrayContaining(['DTSTART;VALUE=DATE:20260706', 'DTEND;VALUE=DATE:20260711']),
    );
    expect(lines).not.toContain('BEGIN:VTIMEZONE');
  });
});

describe("a place's links to calendar apps", () => {
  const linksOf = (place: CalendarPlace) => {
    const links = placeCalendarLinks({ ...place, startDate: place.startDate ?? '' }, SITE, NOW);
    return { google: new URL(links.google), outlook: new URL(links.outlook) };
  };

  it("gives Google the week's timed mornings in the camp's zone, repeated as in the file", () => {
    const { google } = linksOf(SEATTLE_WEEK);
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(google.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Puget Sound Sailing (Week 1) (Ada)',
      location: '1200 Alki Ave SW, Seattle, WA 98116',
      details: expect.stringContaining('https://camps.example.org/camps/3'),
      dates: '20260706T090000/20260706T150000',
      ctz: 'America/Los_Angeles',
      recur: 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20260710T160000Z',
    });
  });

  it('gives Outlook, which takes no repetition, the week as one block with the hours in its notes', () => {
    const { outlook } = linksOf(SEATTLE_WEEK);
    expect(outlook.origin + outlook.pathname).toBe('https://outlook.live.com/calendar/0/action/compose');
    expect(outlook.searchParams.get('allday')).toBe('true');
    expect(outlook.searchParams.get('startdt')).toBe('2026-07-06');
    expect(outlook.searchParams.get('enddt')).toBe('2026-07-11');
    expect(outlook.searchParams.get('body')).toMatch(/^9 AM – 3 PM each day it meets\./);
  });

  it('gives Outlook one day as timed, at the right instants', () => {
    const { outlook } = linksOf({ ...SEATTLE_WEEK, endDate: '2026-07-06' });
    expect(outlook.searchParams.get('allday')).toBe('false');
    // 9 AM and 3 PM in Seattle in July (UTC−7).
    expect(outlook.searchParams.get('startdt')).toBe('2026-07-06T16:00:00.000Z');
    expect(outlook.searchParams.get('enddt')).toBe('2026-07-06T22:00:00.000Z');
  });

  it('gives both a session without hours as whole days, its last day included', () => {
    const { google, outlook } = linksOf({ ...SEATTLE_WEEK, startTime: null, endTime: null });
    expect(google.searchParams.get('dates')).toBe('20260706/20260711');
    expect(google.searchParams.has('recur')).toBe(false);
    expect(outlook.searchParams.get('enddt')).toBe('2026-07-11');
  });
});

describe('a calendar file read by ical.js, as calendar apps built on it read it', () => {
  /** The file's events, each with its zone registered from the file's own VTIMEZONE. */
  function parsed(places: CalendarPlace[]) {
    const calendar = new ICAL.Component(ICAL.parse(calendarFile(places, SITE, NOW)));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    }
    return calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
  }

  it("reads a week of mornings as five timed events at the camp's instants", () => {
    const [event] = parsed([SEATTLE_WEEK]);
    expect(event?.summary).toBe('Puget Sound Sailing (Week 1) (Ada)');
    // 9 AM to 3 PM in Seattle (UTC−7 in July).
    expect(event?.startDate.toJSDate().toISOString()).toBe('2026-07-06T16:00:00.000Z');
    expect(event?.endDate.toJSDate().toISOString()).toBe('2026-07-06T22:00:00.000Z');
    const days: string[] = [];
    const iterator = event?.iterator();
    for (let next = iterator?.next(); next; next = iterator?.next()) days.push(next.toJSDate().toISOString());
    expect(days).toEqual([
      '2026-07-06T16:00:00.000Z',
      '2026-07-07T16:00:00.000Z',
      '2026-07-08T16:00:00.000Z',
      '2026-07-09T16:00:00.000Z',
      '2026-07-10T16:00:00.000Z',
    ]);
  });

  it('reads a session without hours as whole days, and a cancelled place as cancelled', () => {
    const [allDay, cancelled] = parsed([
      { ...SEATTLE_WEEK, startTime: null, endTime: null },
      { ...SEATTLE_WEEK, id: 8, status: 'cancelled' },
    ]);
    expect(allDay?.startDate.isDate).toBe(true);
    expect(allDay?.startDate.toString()).toBe('2026-07-06');
    expect(allDay?.endDate.toString()).toBe('2026-07-11');
    expect(cancelled?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});
