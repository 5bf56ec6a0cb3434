import { randomUUID } from 'node:crypto';
import { campDay, campMoment } from '@campwise/contract/camp-clock';
import {
  type CheckInEntry,
  type CheckInSheet,
  PARENT_COLLECTOR,
  type PickupAdult,
} from '@campwise/contract/check-in';
import { messages } from '@campwise/contract/messages';
import type { AccountExport } from '@campwise/contract/privacy';
import type { Roster } from '@campwise/contract/registrations';
import { shiftDate } from '@campwise/contract/sessions';
import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  attendanceEvents,
  campSessions,
  images,
  organizations,
  pickupAdults,
  placeTransfers,
  registrations,
} from '../src/db/schema.ts';
import { recordAttendance } from '../src/modules/check-in/record-attendance.ts';
import { campToday, detailedJpeg, NOT_AN_IMAGE, send } from './camp-fixtures.ts';
import {
  ADULT_FIELDS,
  addPickupAdult,
  bookPlace,
  pickupAdultCall,
  runToday,
  tap,
  tapBody,
} from './check-in-fixtures.ts';
import { createAdmin, mailTo, type TestUser, unauthenticatedReply } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { ACCOUNT_PASSWORD, expectError, registerAccount } from './payments-fixtures.ts';
import { addCamp, type CampHost, campHost, family, outcome, register } from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let admin: TestUser;
let host: CampHost;
let otherHost: CampHost;
let jpeg: Buffer;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
  otherHost = await campHost(app, admin.token);
  jpeg = await detailedJpeg();
});

/** A camp of the host running today, a family with a paid place for its first child and an adult. */
async function runningCamp(overrides: Record<string, string> = {}) {
  const campId = await addCamp(app, host, overrides);
  const parent = await family(app, [9, 7]);
  const childId = parent.childIds[0] as number;
  await bookPlace(app, parent, campId, childId);
  const sessionId = await runToday(db, campId);
  const adultId = await addPickupAdult(app, parent.token, childId, ADULT_FIELDS, jpeg);
  return { campId, sessionId, parent, childId, adultId };
}

const sheet = (token: string, sessionId: number, day = campToday()) =>
  send(app, { method: 'GET', url: `/host/sessions/${sessionId}/check-in?day=${day}` }, token);

const entryOf = (res: { json: <T>() => T }) => res.json<{ data: CheckInEntry }>().data;

async function eventCount(childId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(attendanceEvents)
    .where(eq(attendanceEvents.childId, childId));
  return row?.n ?? 0;
}

describe('pickup adults', () => {
  it('a parent adds, changes and removes the adults who may collect a child, with a photo', async () => {
    const parent = await family(app, [9]);
    const childId = parent.childIds[0] as number;
    const added = await send(
      app,
      pickupAdultCall('POST', `/camper/campers/${childId}/pickup-adults`, ADULT_FIELDS, jpeg),
      parent.token,
    );
    expect(added.statusCode, added.body).toBe(201);
    const adult = added.json<{ data: PickupAdult }>().data;
    expect(adult).toMatchObject({ childId, ...ADULT_FIELDS });
    expect(adult.photo?.url).toMatch(/^\/uploads\/.+-1600\.webp$/);
    // Unlike a camp's pictures, a person's photo is for this site only.
    const photo = await app.inject({ method: 'GET', url: adult.photo?.url ?? '' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cross-origin-resource-policy']).toBe('same-origin');

    const changed = await send(
      app,
      pickupAdultCall('PUT', `/camper/pickup-adults/${adult.id}`, { ...ADULT_FIELDS, relationship: 'Aunt' }),
      parent.token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    // Details alone keep the photo.
    expect(changed.json<{ data: PickupAdult }>().data).toMatchObject({
      relationship: 'Aunt',
      photo: adult.photo,
    });
    const replaced = await send(
      app,
      pickupAdultCall('PUT', `/camper/pickup-adults/${adult.id}`, ADULT_FIELDS, jpeg),
      parent.token,
    );
    expect(replaced.json<{ data: PickupAdult }>().data.photo?.url).not.toBe(adult.photo?.url);

    const noPhoto = await send(
      app,
      { method: 'DELETE', url: `/camper/pickup-adults/${adult.id}/photo` },
      parent.token,
    );
    expect(noPhoto.json<{ data: PickupAdult }>().data.photo).toBeNull();
    const listed = await send(
      app,
      { method: 'GET', url: `/camper/campers/${childId}/pickup-adults` },
      parent.token,
    );
    expect(listed.json<{ data: PickupAdult[] }>().data.map((row) => row.id)).toEqual([adult.id]);

    const removed = await send(
      app,
      { method: 'DELETE', url: `/camper/pickup-adults/${adult.id}` },
      parent.token,
    );
    expect(removed.json()).toEqual({ data: { deleted: true } });
    const after = await send(
      app,
      { method: 'GET', url: `/camper/campers/${childId}/pickup-adults` },
      parent.token,
    );
    expect(after.json()).toEqual({ data: [] });
  });

  it('refuses bad details and files that are not images, saving nothing', async () => {
    const parent = await family(app, [9]);
    const url = `/camper/campers/${parent.childIds[0]}/pickup-adults`;
    const [before] = await db.select({ n: count() }).from(images);
    const blank = await send(app, pickupAdultCall('POST', url, { ...ADULT_FIELDS, name: ' ' }), parent.token);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toMatchObject({ name: messages.pickupNameRequired });
    const noRelation = await send(
      app,
      pickupAdultCall('POST', url, { name: 'Rose', phone: '512-555-0177' }),
      parent.token,
    );
    expect(noRelation.json().fields).toMatchObject({ relationship: messages.pickupRelationshipRequired });
    const badPhone = await send(
      app,
      pickupAdultCall('POST', url, { ...ADULT_FIELDS, phone: '12' }),
      parent.token,
    );
    expect(badPhone.json().fields).toMatchObject({ phone: messages.invalidPhone });
    const notImage = await send(app, pickupAdultCall('POST', url, ADULT_FIELDS, NOT_AN_IMAGE), parent.token);
    expectError(notImage, 400, 'BAD_REQUEST', messages.imageType, { photo: messages.imageType });
    const list = await send(app, { method: 'GET', url }, parent.token);
    expect(list.json()).toEqual({ data: [] });
    const [after] = await db.select({ n: count() }).from(images);
    expect(after?.n).toBe(before?.n);
  });

  it('keeps a child to eight adults', async () => {
    const parent = await family(app, [9]);
    const childId = parent.childIds[0] as number;
    for (let index = 0; index < 8; index += 1) await addPickupAdult(app, parent.token, childId);
    const ninth = await send(
      app,
      pickupAdultCall('POST', `/camper/campers/${childId}/pickup-adults`),
      parent.token,
    );
    expectError(ninth, 409, 'CONFLICT', messages.pickupAdultLimit);
  });

  it("another family's child and adults are not found; hosts and guests are refused", async () => {
    const parent = await family(app, [9]);
    const other = await family(app, [9]);
    const childId = parent.childIds[0] as number;
    const adultId = await addPickupAdult(app, parent.token, childId);
    const calls = [
      { method: 'GET' as const, url: `/camper/campers/${childId}/pickup-adults` },
      pickupAdultCall('POST', `/camper/campers/${childId}/pickup-adults`),
      pickupAdultCall('PUT', `/camper/pickup-adults/${adultId}`),
      { method: 'DELETE' as const, url: `/camper/pickup-adults/${adultId}/photo` },
      { method: 'DELETE' as const, url: `/camper/pickup-adults/${adultId}` },
    ];
    for (const call of calls) {
      expect((await send(app, call, other.token)).statusCode, String(call.url)).toBe(404);
      expect((await send(app, call, host.token)).statusCode, String(call.url)).toBe(403);
      expect((await send(app, call)).json(), String(call.url)).toEqual(unauthenticatedReply);
    }
    const [still] = await db
      .select({ id: pickupAdults.id })
      .from(pickupAdults)
      .where(eq(pickupAdults.id, adultId));
    expect(still).toBeDefined();
  });

  it('deleting a child removes its adults and their photos', async () => {
    const parent = await family(app, [9]);
    const childId = parent.childIds[0] as number;
    const adultId = await addPickupAdult(app, parent.token, childId, ADULT_FIELDS, jpeg);
    const [adult] = await db
      .select({ photo: pickupAdults.photoImageId })
      .from(pickupAdults)
      .where(eq(pickupAdults.id, adultId));
    const deleted = await send(app, { method: 'DELETE', url: `/camper/campers/${childId}` }, parent.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await db.select().from(pickupAdults).where(eq(pickupAdults.id, adultId))).toEqual([]);
    expect(
      await db
        .select()
        .from(images)
        .where(eq(images.id, adult?.photo ?? 0)),
    ).toEqual([]);
  });
});

describe('the check-in sheet', () => {
  it('lists the children with confirmed places, with their pickup adults', async () => {
    const { campId, sessionId, childId, adultId } = await runningCamp({
      spotsAvailable: '1',
      allowsWaitlist: 'true',
    });
    // A second family waits for a place: a waitlist place is not on the sheet.
    const waiting = await family(app, [9]);
    expect(
      outcome(
        await register(app, waiting, campId, { childIds: waiting.childIds, paymentMethodId: waiting.cardId }),
      ).status,
    ).toBe('waitlisted');
    await addPickupAdult(app, waiting.token, waiting.childIds[0] as number);
    const res = await sheet(host.token, sessionId);
    expect(res.statusCode, res.body).toBe(200);
    // The sheet carries allergies: no browser or proxy keeps it.
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<{ data: CheckInSheet }>().data;
    expect(data).toMatchObject({ campId, sessionId, day: campToday(), dayRefusal: null });
    expect(data.children.map((entry) => entry.childId)).toEqual([childId]);
    expect(data.children[0]).toMatchObject({
      firstName: 'Ada',
      state: 'expected',
      checkedInAt: null,
      refusals: [],
      pickupAdults: [{ id: adultId, ...ADULT_FIELDS }],
    });
    expect(data.children[0]?.pickupAdults[0]?.photo?.smallUrl).toMatch(/-400\.webp$/);
    // The waiting child cannot be checked in: its host has no paid place for it.
    const refused = await tap(
      app,
      host.token,
      sessionId,
      'check-ins',
      tapBody(waiting.childIds[0] as number),
    );
    expectError(refused, 404, 'NOT_FOUND', messages.checkInChildNotFound);
  });

  it('refuses a day the session does not meet on, a day ahead, and a cancelled session', async () => {
    const { sessionId, childId } = await runningCamp();
    const before = shiftDate(campToday(), -2);
    const outside = await sheet(host.token, sessionId, before);
    const notInSession = messages.checkInDayNotInSession.replace('{day}', before);
    expect(outside.json<{ data: CheckInSheet }>().data.dayRefusal).toBe(notInSession);
    expectError(
      await tap(app, host.token, sessionId, 'check-ins', tapBody(childId, { day: before })),
      400,
      'BAD_REQUEST',
      notInSession,
      { day: notInSession },
    );
    const ahead = shiftDate(campToday(), 3);
    expectError(
      await tap(app, host.token, sessionId, 'check-ins', tapBody(childId, { day: ahead })),
      400,
      'BAD_REQUEST',
      messages.checkInDayAhead,
      { day: messages.checkInDayAhead },
    );
    const notADay = await sheet(host.token, sessionId, '2026-02-30');
    expect(notADay.statusCode).toBe(400);
    await db.update(campSessions).set({ status: 'cancelled' }).where(eq(campSessions.id, sessionId));
    const cancelled = await tap(app, host.token, sessionId, 'check-ins', tapBody(childId));
    expect(cancelled.json().message).toBe(messages.checkInSessionCancelled);
    expect(await eventCount(childId)).toBe(0);
  });

  it('refuses a day before the place was taken, at a year-round session too, and e-mails nobody', async () => {
    const { sessionId, parent, childId } = await runningCamp();
    await db
      .update(campSessions)
      .set({ startDate: null, endDate: null, weekdays: null })
      .where(eq(campSessions.id, sessionId));
    const before = '2019-06-03';
    const notHeld = messages.checkInBeforePlace.replace('{child}', 'Ada').replace('{day}', before);
    expectError(
      await tap(app, host.token, sessionId, 'check-ins', tapBody(childId, { day: before })),
      400,
      'BAD_REQUEST',
      notHeld,
      { day: notHeld },
    );
    // The sheet of that day does not expect a child who had no place yet.
    const old = await sheet(host.token, sessionId, before);
    expect(old.json<{ data: CheckInSheet }>().data).toMatchObject({ dayRefusal: null, children: [] });
    expect(await eventCount(childId)).toBe(0);
    const mails = await mailTo(db, parent.email);
    expect(mails.filter((mail) => mail.subject.startsWith('Ada is checked in at'))).toEqual([]);
    // Today, the place is held.
    expect((await tap(app, host.token, sessionId, 'check-ins', tapBody(childId))).statusCode).toBe(201);
  });

  it('counts a moved place from its move: days before it at this session are refused', async () => {
    const { sessionId, childId } = await runningCamp();
    const [place] = await db
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.childId, childId));
    // Booked a month ago at another session of the camp, moved to this one today.
    const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    await db
      .update(registrations)
      .set({ createdAt: monthAgo })
      .where(eq(registrations.id, place?.id ?? 0));
    await db.insert(placeTransfers).values({
      registrationId: place?.id ?? 0,
      fromSessionId: null,
      toSessionId: sessionId,
      by: 'parent',
      differenceCents: 0,
    });
    await db
      .update(campSessions)
      .set({ startDate: shiftDate(campToday(), -20) })
      .where(eq(campSessions.id, sessionId));
    const before = shiftDate(campToday(), -10);
    const notHeld = messages.checkInBeforePlace.replace('{child}', 'Ada').replace('{day}', before);
    expectError(
      await tap(app, host.token, sessionId, 'check-ins', tapBody(childId, { day: before })),
      400,
      'BAD_REQUEST',
      notHeld,
      { day: notHeld },
    );
    expect((await tap(app, host.token, sessionId, 'check-ins', tapBody(childId))).statusCode).toBe(201);
  });

  it('checks a child in once, answering a retried tap as the first, and e-mails the parent', async () => {
    const { sessionId, parent, childId } = await runningCamp();
    const body = tapBody(childId);
    const first = await tap(app, host.token, sessionId, 'check-ins', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(entryOf(first)).toMatchObject({ childId, state: 'in', checkedOutAt: null });
    const retried = await tap(app, host.token, sessionId, 'check-ins', body);
    expect(retried.statusCode).toBe(201);
    expect(entryOf(retried)).toEqual(entryOf(first));
    expect(await eventCount(childId)).toBe(1);
    const mails = await mailTo(db, parent.email);
    expect(mails.filter((mail) => mail.subject.startsWith('Ada is checked in at'))).toHaveLength(1);

    const twice = await tap(app, host.token, sessionId, 'check-ins', tapBody(childId));
    expectError(twice, 409, 'CONFLICT', messages.checkInAlready.replace('{child}', 'Ada'));
    // The same key for something else is not a retry.
    const reused = await tap(app, host.token, sessionId, 'pickup-refusals', { ...body, name: 'Someone' });
    expectError(reused, 409, 'CONFLICT', messages.checkInKeyReused);
    expect(await eventCount(childId)).toBe(1);
  });

  it('hands a child only to an authorised adult, after a check-in, once', async () => {
    const { sessionId, parent, childId, adultId } = await runningCamp();
    const sibling = parent.childIds[1] as number;
    const siblingAdult = await addPickupAdult(app, parent.token, sibling, {
      ...ADULT_FIELDS,
      name: 'Sam Other',
    });
    const early = await tap(
      app,
      host.token,
      sessionId,
      'check-outs',
      tapBody(childId, { pickupAdultId: adultId }),
    );
    expectError(early, 409, 'CONFLICT', messages.checkOutNotCheckedIn.replace('{child}', 'Ada'));
    expect((await tap(app, host.token, sessionId, 'check-ins', tapBody(childId))).statusCode).toBe(201);

    const notOnList = messages.checkOutAdultNotAuthorised.replace('{child}', 'Ada');
    for (const pickupAdultId of [siblingAdult, 2_000_000_000]) {
      const wrong = await tap(app, host.token, sessionId, 'check-outs', tapBody(childId, { pickupAdultId }));
      expectError(wrong, 400, 'BAD_REQUEST', notOnList, { pickupAdultId: notOnList });
    }
    const missing = await tap(app, host.token, sessionId, 'check-outs', tapBody(childId));
    expect(missing.json().fields).toMatchObject({ pickupAdultId: messages.checkOutAdultRequired });
    expect(await eventCount(childId)).toBe(1);

    const out = await tap(
      app,
      host.token,
      sessionId,
      'check-outs',
      tapBody(childId, { pickupAdultId: adultId }),
    );
    expect(out.statusCode, out.body).toBe(201);
    expect(entryOf(out)).toMatchObject({
      state: 'out',
      collectedBy: { name: ADULT_FIELDS.name, relationship: ADULT_FIELDS.relationship },
    });
    const [collected] = await mailTo(
      db,
      parent.email,
      `Ada was collected from ${await campNameOf(sessionId)}`,
    );
    expect(collected?.textBody).toContain(`collected by ${ADULT_FIELDS.name} (${ADULT_FIELDS.relationship})`);
    const again = await tap(
      app,
      host.token,
      sessionId,
      'check-outs',
      tapBody(childId, { pickupAdultId: adultId }),
    );
    expectError(again, 409, 'CONFLICT', messages.checkOutAlready.replace('{child}', 'Ada'));

    // Removing the adult later keeps the day's record as it was.
    await send(app, { method: 'DELETE', url: `/camper/pickup-adults/${adultId}` }, parent.token);
    const data = (await sheet(host.token, sessionId)).json<{ data: CheckInSheet }>().data;
    expect(data.children[0]?.collectedBy?.name).toBe(ADULT_FIELDS.name);
  });

  it('hands a child to the parent on the account, who is on no list, and to no other family', async () => {
    const { sessionId, parent, childId } = await runningCamp();
    expect((await tap(app, host.token, sessionId, 'check-ins', tapBody(childId))).statusCode).toBe(201);
    const sheetEntry = (await sheet(host.token, sessionId)).json<{ data: CheckInSheet }>().data.children[0];
    const parentName = sheetEntry?.parentName ?? '';
    expect(parentName).not.toBe('');
    for (const pickupAdultId of ['Parent', 'guardian', '', null]) {
      const wrong = await tap(app, host.token, sessionId, 'check-outs', tapBody(childId, { pickupAdultId }));
      expect(wrong.json().fields).toMatchObject({ pickupAdultId: messages.checkOutAdultRequired });
    }
    const out = await tap(
      app,
      host.token,
      sessionId,
      'check-outs',
      tapBody(childId, { pickupAdultId: PARENT_COLLECTOR }),
    );
    expect(out.statusCode, out.body).toBe(201);
    expect(entryOf(out)).toMatchObject({
      state: 'out',
      collectedBy: { name: parentName, relationship: 'Parent' },
    });
    const [collected] = await mailTo(
      db,
      parent.email,
      `Ada was collected from ${await campNameOf(sessionId)}`,
    );
    expect(collected?.textBody).toContain(`collected by ${parentName} (Parent)`);
  });

  it('records someone not on the list as refused; the child stays and the parent is told', async () => {
    const { sessionId, parent, childId } = await runningCamp();
    const early = await tap(
      app,
      host.token,
      sessionId,
      'pickup-refusals',
      tapBody(childId, { name: 'Mr Stranger' }),
    );
    expectError(early, 409, 'CONFLICT', messages.refusalNotCheckedIn.replace('{child}', 'Ada'));
    await tap(app, host.token, sessionId, 'check-ins', tapBody(childId));
    const noName = await tap(app, host.token, sessionId, 'pickup-refusals', tapBody(childId, { name: '  ' }));
    expect(noName.json().fields).toMatchObject({ name: messages.refusedNameRequired });
    const refused = await tap(
      app,
      host.token,
      sessionId,
      'pickup-refusals',
      tapBody(childId, { name: '<b>Mr Stranger</b>' }),
    );
    expect(refused.statusCode, refused.body).toBe(201);
    expect(entryOf(refused)).toMatchObject({ state: 'in', refusals: [{ name: '<b>Mr Stranger</b>' }] });
    const mails = await mailTo(db, parent.email);
    const notice = mails.find((mail) => mail.subject.startsWith('A pickup of Ada was refused'));
    expect(notice?.htmlBody).toContain('&lt;b&gt;Mr Stranger&lt;/b&gt;');
  });

  it('is only the session host’s: another host, an unsubscribed host, a parent and a guest are refused', async () => {
    const { sessionId, parent, childId } = await runningCamp();
    const other = await family(app, [9]);
    const unsubscribed = await registerAccount(app, 'host');
    const calls = [
      { method: 'GET' as const, url: `/host/sessions/${sessionId}/check-in?day=${campToday()}` },
      { method: 'POST' as const, url: `/host/sessions/${sessionId}/check-ins`, payload: tapBody(childId) },
      {
        method: 'POST' as const,
        url: `/host/sessions/${sessionId}/pickup-refusals`,
        payload: tapBody(childId, { name: 'Someone' }),
      },
    ];
    for (const call of calls) {
      expectError(await send(app, call, otherHost.token), 404, 'NOT_FOUND', messages.sessionNotFound);
      expect((await send(app, call, unsubscribed.token)).statusCode, String(call.url)).toBe(402);
      expect((await send(app, call, parent.token)).statusCode, String(call.url)).toBe(403);
      expect((await send(app, call, other.token)).statusCode, String(call.url)).toBe(403);
      expect((await send(app, call)).json(), String(call.url)).toEqual(unauthenticatedReply);
    }
    expect(await eventCount(childId)).toBe(0);
  });
});

async function campNameOf(sessionId: number): Promise<string> {
  const res = await sheet(host.token, sessionId);
  return res.json<{ data: CheckInSheet }>().data.campName;
}

describe('attendance on the roster, in the export, and after deletion', () => {
  it('shows each day on the roster and a column per day in its CSV', async () => {
    const { campId, sessionId, childId, adultId } = await runningCamp();
    await tap(app, host.token, sessionId, 'check-ins', tapBody(childId));
    await tap(app, host.token, sessionId, 'check-outs', tapBody(childId, { pickupAdultId: adultId }));
    const roster = await send(app, { method: 'GET', url: `/host/camp/${campId}/roster` }, host.token);
    const entry = roster.json<{ data: Roster }>().data.registered[0];
    expect(entry?.attendance).toEqual([
      {
        day: campToday(),
        checkedInAt: expect.any(String),
        checkedOutAt: expect.any(String),
        collectedBy: ADULT_FIELDS.name,
      },
    ]);
    const csv = await send(app, { method: 'GET', url: `/host/camp/${campId}/roster.csv` }, host.token);
    const [header, line] = csv.body.split('\r\n');
    expect(header).toContain(`Attendance ${campToday()}`);
    expect(line).toContain(`collected by ${ADULT_FIELDS.name}`);
  });

  it("the parent's export holds the adults and the days; deleting the account removes them", async () => {
    const { sessionId, parent, childId, adultId } = await runningCamp();
    await tap(app, host.token, sessionId, 'check-ins', tapBody(childId));
    const exported = await send(app, { method: 'GET', url: '/api/account/export' }, parent.token);
    const data = exported.json<AccountExport>();
    expect(data.pickupAdults).toEqual([
      expect.objectContaining({ childId, ...ADULT_FIELDS, photoUrl: expect.stringMatching(/^\/uploads\//) }),
    ]);
    expect(data.attendance).toEqual([
      expect.objectContaining({ childId, day: campToday(), kind: 'check_in', personName: null }),
    ]);
    const hostExport = await send(app, { method: 'GET', url: '/api/account/export' }, host.token);
    expect(hostExport.json<AccountExport>().pickupAdults).toEqual([]);

    // The camp is over: the account may close.
    await db
      .update(campSessions)
      .set({ startDate: '2025-06-02', endDate: '2025-06-06' })
      .where(eq(campSessions.id, sessionId));
    const [photo] = await db
      .select({ id: pickupAdults.photoImageId })
      .from(pickupAdults)
      .where(eq(pickupAdults.id, adultId));
    const deleted = await send(
      app,
      { method: 'POST', url: '/api/account/delete', payload: { password: ACCOUNT_PASSWORD } },
      parent.token,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await db.select().from(pickupAdults).where(inArray(pickupAdults.childId, parent.childIds)),
    ).toEqual([]);
    expect(await eventCount(childId)).toBe(0);
    expect(
      await db
        .select()
        .from(images)
        .where(eq(images.id, photo?.id ?? 0)),
    ).toEqual([]);
  });
});

describe('request keys', () => {
  it('must be UUIDs', async () => {
    const { sessionId, childId } = await runningCamp();
    const res = await send(
      app,
      {
        method: 'POST',
        url: `/host/sessions/${sessionId}/check-ins`,
        payload: { ...tapBody(childId), key: 'x' },
      },
      host.token,
    );
    expect(res.json().fields).toMatchObject({ key: messages.checkInKeyInvalid });
  });
});

describe('check-in on the camp’s clock', () => {
  it("records a Seattle camp's 5 PM check-in, past midnight in UTC, for that day in Seattle", async () => {
    const seattle = await campHost(app, admin.token);
    await db
      .update(organizations)
      .set({ timeZone: 'America/Los_Angeles' })
      .where(eq(organizations.id, seattle.orgId));
    const campId = await addCamp(app, seattle);
    const parent = await family(app, [9]);
    const childId = parent.childIds[0] as number;
    await bookPlace(app, parent, campId, childId);
    const sessionId = await runToday(db, campId);

    const day = campDay(new Date(), 'America/Los_Angeles');
    const fivePm = campMoment(day, '17:00', 'America/Los_Angeles');
    // 5 PM in Seattle is already the next day in UTC.
    expect(fivePm.toISOString().slice(0, 10)).toBe(shiftDate(day, 1));
    const deps = { db, storage: app.storage, publicUrl: app.config.publicUrl };
    const entry = await recordAttendance(
      deps,
      seattle.id,
      sessionId,
      { kind: 'check_in', childId, key: randomUUID() },
      fivePm,
    );
    expect(entry.state).toBe('in');
    const days = await db
      .select({ day: attendanceEvents.day, at: attendanceEvents.at })
      .from(attendanceEvents)
      .where(eq(attendanceEvents.childId, childId));
    expect(days).toEqual([{ day, at: fivePm }]);
    const mails = await mailTo(db, parent.email);
    expect(mails.filter((mail) => mail.subject.startsWith('Ada is checked in at'))).toHaveLength(1);

    // The next day has not begun in Seattle, though it has in UTC and further east.
    await expect(
      recordAttendance(
        deps,
        seattle.id,
        sessionId,
        { kind: 'check_in', childId, day: shiftDate(day, 1), key: randomUUID() },
        fivePm,
      ),
    ).rejects.toMatchObject({ message: messages.checkInDayAhead });

    // The sheet asked for no day opens on today in Seattle, and says which clock it keeps.
    const opened = await send(
      app,
      { method: 'GET', url: `/host/sessions/${sessionId}/check-in` },
      seattle.token,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<{ data: CheckInSheet }>().data).toMatchObject({
      timeZone: 'America/Los_Angeles',
      today: campDay(new Date(), 'America/Los_Angeles'),
      day: campDay(new Date(), 'America/Los_Angeles'),
    });
  });

  it('counts a place booked just after midnight in Seattle from that day, not the day before', async () => {
    const seattle = await campHost(app, admin.token);
    await db
      .update(organizations)
      .set({ timeZone: 'America/Los_Angeles' })
      .where(eq(organizations.id, seattle.orgId));
    const campId = await addCamp(app, seattle);
    const parent = await family(app, [9]);
    const childId = parent.childIds[0] as number;
    const placeId = await bookPlace(app, parent, campId, childId);
    const sessionId = await runToday(db, campId);
    const today = campDay(new Date(), 'America/Los_Angeles');
    const yesterday = shiftDate(today, -1);
    await db
      .update(campSessions)
      .set({ startDate: shiftDate(today, -3) })
      .where(eq(campSessions.id, sessionId));
    // Booked at 12:30 AM today in Seattle: still yesterday where the day begins last (UTC−12).
    await db
      .update(registrations)
      .set({ createdAt: campMoment(today, '00:30', 'America/Los_Angeles') })
      .where(eq(registrations.id, placeId));
    const notHeld = messages.checkInBeforePlace.replace('{child}', 'Ada').replace('{day}', yesterday);
    expectError(
      await tap(app, seattle.token, sessionId, 'check-ins', tapBody(childId, { day: yesterday })),
      400,
      'BAD_REQUEST',
      notHeld,
      { day: notHeld },
    );
    const tapped = await tap(app, seattle.token, sessionId, 'check-ins', tapBody(childId, { day: today }));
    expect(tapped.statusCode, tapped.body).toBe(201);
  });
});
