import { randomUUID } from 'node:crypto';
import { BOOKED_VIA_WIDGET } from '@campwise/contract/booking-widget';
import type { Insights } from '@campwise/contract/insights';
import { messages } from '@campwise/contract/messages';
import type { RegistrationOutcome } from '@campwise/contract/registrations';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { registrations } from '../src/db/schema.ts';
import { firstSession, send } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { addCamp, type CampHost, campHost, type Family, family, outcome } from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: CampHost;
let campId: number;
let sessionId: number;
let campName: string;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  host = await campHost(app, await createAdmin(app, db).then((admin) => admin.token));
  campName = `Widget <Woods> ${randomUUID().slice(0, 6)}`;
  campId = await addCamp(app, host, { name: campName, spotsAvailable: '2', allowsWaitlist: 'true' });
  sessionId = (await firstSession(db, campId)).id;
});

const widget = (query = '', orgId = host.orgId) =>
  app.inject({ method: 'GET', url: `/widget/orgs/${orgId}${query}` });

/** A basket of one place, sent as the checkout sends it (from the widget or not, or as `bookedVia` says). */
async function sendOne(parent: Family, bookedVia?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/camps/${campId}/registrations`,
    headers: bearer(parent.token),
    payload: {
      idempotencyKey: randomUUID(),
      paymentMethodId: parent.cardId,
      lines: [{ childId: parent.childIds[0] ?? 0, sessionId }],
      ...(bookedVia ? { bookedVia } : {}),
    },
  });
}

const bookOne = async (parent: Family, via?: typeof BOOKED_VIA_WIDGET): Promise<RegistrationOutcome> =>
  outcome(await sendOne(parent, via));

async function insights(): Promise<Insights> {
  const res = await send(app, { method: 'GET', url: `/host/insights?orgId=${host.orgId}` }, host.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Insights }>().data;
}

describe('the booking widget page', () => {
  it("lists the organisation's upcoming sessions with places and prices, each opening the checkout", async () => {
    const res = await widget();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // The host's own text is written as text, never as markup.
    expect(res.body).toContain(campName.replace('<', '&lt;').replace('>', '&gt;'));
    expect(res.body).not.toContain('<Woods>');
    expect(res.body).toContain('$150');
    expect(res.body).toContain('2 spots left');
    expect(res.body).toContain('Ages 6 to 12');
    expect(res.body).toContain(
      `href="${app.config.publicUrl}/camps/${campId}/register?session=${sessionId}&amp;via=widget"`,
    );
    expect(res.body).toContain('target="_blank" rel="noopener"');
  });

  it('may be framed by any site, and it alone', async () => {
    const res = await widget();
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const url of [`/orgs/${host.orgId}`, '/api/site', `/api/camps/${campId}`]) {
      const other = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(other.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(other.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it("takes the host's colour and font, with text that reads on that colour", async () => {
    const light = await widget('?color=FFD43B&font=serif');
    expect(light.statusCode, light.body).toBe(200);
    expect(light.body).toContain('--accent:#ffd43b;--on-accent:#000000');
    expect(light.body).toContain('font-family:Georgia');
    const dark = await widget('?color=%23123456');
    expect(dark.body).toContain('--accent:#123456;--on-accent:#ffffff');
  });

  it('refuses a colour or a font it does not know, with a clear message', async () => {
    for (const [query, message] of [
      ['?color=red', messages.widgetColorInvalid],
      ['?color=12345', messages.widgetColorInvalid],
      ['?font=comic', messages.widgetFontInvalid],
    ] as const) {
      const res = await widget(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it('is 404 for an organisation families cannot see', async () => {
    for (const id of [2_000_000_000]) {
      const res = await widget('', id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(messages.orgNotFound);
    }
  });
});

describe('bookings through the widget', () => {
  it("are marked on the place and counted in the host's insights, apart from the others", async () => {
    const before = (await insights()).totals;
    const fromWidget = await bookOne(await family(app, [9]), BOOKED_VIA_WIDGET);
    const direct = await bookOne(await family(app, [9]));
    expect([fromWidget.status, direct.status]).toEqual(['confirmed', 'confirmed']);
    const places = await db
      .select({ id: registrations.id, bookedVia: registrations.bookedVia })
      .from(registrations)
      .where(inArray(registrations.id, [...fromWidget.registrationIds, ...direct.registrationIds]));
    expect(places.find((place) => place.id === fromWidget.registrationIds[0])?.bookedVia).toBe('widget');
    expect(places.find((place) => place.id === direct.registrationIds[0])?.bookedVia).toBeNull();
    const after = (await insights()).totals;
    expect(after.placesSold - before.placesSold).toBe(2);
    expect(after.widgetPlaces - before.widgetPlaces).toBe(1);
  });

  it('count no place that was not sold: a waitlist place through the widget is demand, not a sale', async () => {
    const before = (await insights()).totals;
    const waiting = await bookOne(await family(app, [9]), BOOKED_VIA_WIDGET);
    expect(waiting.status).toBe('waitlisted');
    const [place] = await db
      .select({ bookedVia: registrations.bookedVia })
      .from(registrations)
      .where(eq(registrations.id, waiting.registrationIds[0] ?? 0));
    expect(place?.bookedVia).toBe('widget');
    const after = (await insights()).totals;
    expect(after.widgetPlaces).toBe(before.widgetPlaces);
    expect(after.waitlistJoins - before.waitlistJoins).toBe(1);
  });

  it('shows a full session as open to its waitlist', async () => {
    const res = await widget();
    expect(res.body).toContain('Waitlist');
    expect(res.body).toContain('Join waitlist');
  });

  it('refuses another source than the widget', async () => {
    const res = await sendOne(await family(app, [9]), 'newsletter');
    expect(res.statusCode).toBe(400);
  });
});
