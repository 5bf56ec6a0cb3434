import { campDay, campMoment } from '@campwise/contract/camp-clock';
import { messages } from '@campwise/contract/messages';
import { DEFAULT_REMINDER_SETTINGS, MAX_WHAT_TO_BRING } from '@campwise/contract/reminders';
import { shiftDate } from '@campwise/contract/sessions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { mailOutbox, organizations, sessionReminders } from '../src/db/schema.ts';
import { sendSessionReminders } from '../src/modules/reminders/send-reminders.ts';
import { firstSession, send } from './camp-fixtures.ts';
import { createAdmin, type TestUser } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { PUBLIC_URL } from './payments-fixtures.ts';
import { addCamp, book, type CampHost, campHost, type Family, family } from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let admin: TestUser;
let host: CampHost;
let otherHost: CampHost;

const DAY_MS = 86_400_000;
/** A day counted from today at the test camps, in Austin (Central Time). */
const inDays = (days: number) => shiftDate(campDay(new Date(), 'America/Chicago'), days);
const later = (days: number) => new Date(Date.now() + days * DAY_MS);

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
  otherHost = await campHost(app, admin.token);
});

/** A camp whose one session starts `days` from now, with `children` of one family booked on it. */
async function bookedCamp(days: number, children = 1): Promise<{ campId: number; parent: Family }> {
  const campId = await addCamp(app, host, { startDate: inDays(days), endDate: inDays(days + 4) });
  const parent = await family(
    app,
    Array.from({ length: children }, () => 9),
  );
  const session = await firstSession(db, campId);
  await book(
    app,
    parent,
    campId,
    parent.childIds.map((childId) => ({ childId, sessionId: session.id })),
  );
  return { campId, parent };
}

function mailsTo(parent: Family) {
  return db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody, html: mailOutbox.htmlBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, parent.email))
    .then((rows) => rows.filter((row) => /^(Coming up|Tomorrow):/.test(row.subject)));
}

function saveSettings(token: string, campId: number | string, payload: Record<string, unknown>) {
  return send(app, { method: 'PUT', url: `/host/camp/${campId}/reminders`, payload }, token);
}

describe('reminder settings', () => {
  it('starts on with nothing to bring, and keeps what the host saves', async () => {
    const campId = await addCamp(app, host);
    const read = await send(app, { method: 'GET', url: `/host/camp/${campId}/reminders` }, host.token);
    expect(read.json().data).toEqual(DEFAULT_REMINDER_SETTINGS);
    const saved = await saveSettings(host.token, campId, { enabled: false, whatToBring: '  Sunscreen  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ enabled: false, whatToBring: 'Sunscreen' });
    const again = await send(app, { method: 'GET', url: `/host/camp/${campId}/reminders` }, host.token);
    expect(again.json().data).toEqual({ enabled: false, whatToBring: 'Sunscreen' });
  });

  it("is 404 for another host's camp, read or written", async () => {
    const theirs = await addCamp(app, otherHost);
    const read = await send(app, { method: 'GET', url: `/host/camp/${theirs}/reminders` }, host.token);
    expect(read.statusCode).toBe(404);
    const written = await saveSettings(host.token, theirs, { enabled: false, whatToBring: '' });
    expect(written.statusCode).toBe(404);
    expect(written.json().message).toBe(messages.campNotFound);
  });

  it('refuses text that is too long or a missing switch, saving nothing', async () => {
    const campId = await addCamp(app, host);
    const long = await saveSettings(host.token, campId, {
      enabled: true,
      whatToBring: 'x'.repeat(MAX_WHAT_TO_BRING + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(
      messages.reminderTextTooLong.replace('{max}', String(MAX_WHAT_TO_BRING)),
    );
    const missing = await saveSettings(host.token, campId, { whatToBring: 'Hat' });
    expect(missing.statusCode).toBe(400);
    const read = await send(app, { method: 'GET', url: `/host/camp/${campId}/reminders` }, host.token);
    expect(read.json().data).toEqual(DEFAULT_REMINDER_SETTINGS);
  });
});

describe('the reminder job', () => {
  it('sends the week reminder once, with the dates, place and what to bring as the host wrote it', async () => {
    const { campId, parent } = await bookedCamp(7);
    const text = 'A packed lunch, sunscreen & a refillable water bottle <labelled>.';
    expect((await saveSettings(host.token, campId, { enabled: true, whatToBring: text })).statusCode).toBe(
      200,
    );
    await sendSessionReminders(db, PUBLIC_URL, new Date());
    await sendSessionReminders(db, PUBLIC_URL, new Date());
    const mails = await mailsTo(parent);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toMatch(/^Coming up: Registration Camp/);
    expect(mail?.text).toContain('in 7 days');
    expect(mail?.text).toContain(`What to bring: ${text}`);
    expect(mail?.text).toContain('Where: 1200 Lakeshore Dr, Austin, TX 78701');
    expect(mail?.html).toContain('&lt;labelled&gt;');
    expect(mail?.text).not.toContain('Peanut');
    const exported = await send(app, { method: 'GET', url: '/api/account/export' }, parent.token);
    expect(exported.json().sessionReminders).toEqual([
      expect.objectContaining({ campName: expect.stringMatching(/^Registration Camp/), kind: 'week' }),
    ]);
  });

  it("links to the camp's forms when a waiver added after booking is still unsigned", async () => {
    const { campId, parent } = await bookedCamp(6);
    const waiver = await send(
      app,
      {
        method: 'POST',
        url: `/host/camp/${campId}/waivers`,
        payload: {
          title: 'Release of risk',
          text: 'I understand that camp activities carry a risk of injury and I accept these risks for my camper.',
          required: true,
        },
      },
      host.token,
    );
    expect(waiver.statusCode, waiver.body).toBe(201);
    await sendSessionReminders(db, PUBLIC_URL, new Date());
    const [mail] = await mailsTo(parent);
    expect(mail?.text).toContain(
      'The camp still needs answers to its questions or your signature on its waiver',
    );
    expect(mail?.text).toContain(`${PUBLIC_URL}/camper/camps/${campId}/forms`);
  });

  it('sends the day reminder the day before, once, after the week one', async () => {
    const { parent } = await bookedCamp(7);
    await sendSessionReminders(db, PUBLIC_URL, new Date());
    await sendSessionReminders(db, PUBLIC_URL, later(6));
    await sendSessionReminders(db, PUBLIC_URL, later(6));
    const subjects = (await mailsTo(parent)).map((mail) => mail.subject.split(':')[0]);
    expect(subjects.sort()).toEqual(['Coming up', 'Tomorrow']);
  });

  it('catches up after downtime: a missed week reminder goes out late, a missed one on the day does not', async () => {
    const soon = await bookedCamp(3);
    await sendSessionReminders(db, PUBLIC_URL, new Date());
    expect((await mailsTo(soon.parent)).map((mail) => mail.text.includes('in 3 days'))).toEqual([true]);
    const started = await bookedCamp(1);
    await sendSessionReminders(db, PUBLIC_URL, later(1));
    expect(await mailsTo(started.parent)).toHaveLength(0);
  });

  it('sends none for a camp whose host turned them off', async () => {
    const { campId, parent } = await bookedCamp(5);
    expect((await saveSettings(host.token, campId, { enabled: false, whatToBring: 'Hat' })).statusCode).toBe(
      200,
    );
    await sendSessionReminders(db, PUBLIC_URL, new Date());
    await sendSessionReminders(db, PUBLIC_URL, later(4));
    expect(await mailsTo(parent)).toHaveLength(0);
  });

  it('writes one e-mail for a family with two children in the session, naming both', async () => {
    const { parent } = await bookedCamp(6, 2);
    await sendSessionReminders(db, PUBLIC_URL, new Date());
    const mails = await mailsTo(parent);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Ada and Ben start');
    const recorded = await db.select().from(sessionReminders).where(eq(sessionReminders.parentId, parent.id));
    expect(recorded.map((row) => row.kind)).toEqual(['week']);
  });

  it('sends none for a cancelled place', async () => {
    const { parent } = await bookedCamp(4);
    const list = await send(app, { method: 'GET', url: '/camper/registrations' }, parent.token);
    const id = list.json<{ data: { id: number }[] }>().data[0]?.id;
    const cancelled = await send(
      app,
      { method: 'POST', url: `/camper/registrations/${id}/cancel` },
      parent.token,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sendSessionReminders(db, PUBLIC_URL, new Date());
    expect(await mailsTo(parent)).toHaveLength(0);
  });

  it('sends a Seattle family the day reminder on the evening before in Seattle, past midnight in UTC', async () => {
    const seattle = await campHost(app, admin.token);
    await db
      .update(organizations)
      .set({ timeZone: 'America/Los_Angeles' })
      .where(eq(organizations.id, seattle.orgId));
    const today = campDay(new Date(), 'America/Los_Angeles');
    const campId = await addCamp(app, seattle, {
      startDate: shiftDate(today, 1),
      endDate: shiftDate(today, 5),
    });
    const parent = await family(app, [9]);
    const session = await firstSession(db, campId);
    await book(app, parent, campId, [{ childId: parent.childIds[0] as number, sessionId: session.id }]);
    // 5 PM in Seattle: in UTC it is already the day the session starts.
    const fivePm = campMoment(today, '17:00', 'America/Los_Angeles');
    expect(fivePm.toISOString().slice(0, 10)).toBe(shiftDate(today, 1));
    await sendSessionReminders(db, PUBLIC_URL, fivePm);
    expect((await mailsTo(parent)).map((mail) => mail.subject.split(':')[0])).toEqual(['Tomorrow']);
    const recorded = await db.select().from(sessionReminders).where(eq(sessionReminders.parentId, parent.id));
    expect(recorded.map((row) => row.kind)).toEqual(['day']);
  });
});
