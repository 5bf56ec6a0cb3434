import { z } from 'zod';

/** A family's calendar subscription as the account shows it: whether there is one, and since when. */
export const calendarFeedSchema = z.object({ createdAt: z.string() }).nullable();
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedResponse = z.object({ data: calendarFeedSchema });

/** A new subscription: its address, shown once (only its hash is kept). */
export const newCalendarFeedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type NewCalendarFeed = z.infer<typeof newCalendarFeedSchema>;
export const newCalendarFeedResponse = z.object({ data: newCalendarFeedSchema });

/** 32 random bytes, base64url: 43 characters. */
export const calendarFeedParams = z.object({ token: z.string().regex(/^[\w-]{43}$/) });

/** The path of a session's calendar under the site's address. */
export const sessionCalendarPath = (sessionId: number) => `/calendar/sessions/${sessionId}/session.ics`;

/** The path of a family's feed under the site's address. */
export const calendarFeedPath = (token: string) => `/calendar/feeds/${token}/family.ics`;

/**
 * Where each calendar app subscribes to a feed: Apple's and most others' by `webcal:`, Google's
 * and Outlook's own pages given the address.
 */
export function calendarAppLinks(url: string): { apple: string; google: string; outlook: string } {
  const webcal = url.replace(/^https?:/, 'webcal:');
  return {
    apple: webcal,
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(url)}&name=${encodeURIComponent('Campwise')}`,
  };
}
