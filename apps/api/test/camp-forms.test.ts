import { randomUUID } from 'node:crypto';
import type { CampForms, ParentCampForms, Question, Waiver } from '@campwise/contract/camp-forms';
import { messages } from '@campwise/contract/messages';
import type { AccountExport } from '@campwise/contract/privacy';
import type { Roster } from '@campwise/contract/registrations';
import { shiftDate } from '@campwise/contract/sessions';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  campSessions,
  formFiles,
  questionAnswers,
  registrations,
  waiverSignatures,
} from '../src/db/schema.ts';
import { campToday, detailedJpeg, firstSession, multipartCall, NOT_AN_IMAGE, send } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { ACCOUNT_PASSWORD, expectError } from './payments-fixtures.ts';
import { addCamp, type CampHost, campHost, type Family, family, outcome } from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: CampHost;
let otherHost: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
  otherHost = await campHost(app, admin.token);
});

const WAIVER = {
  title: 'Release and assumption of risk',
  text: 'I understand that camp activities carry a risk of injury and I accept these risks for my camper.',
  required: true,
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function addQuestion(campId: number, body: object, token = host.token) {
  const res = await send(
    app,
    { method: 'POST', url: `/host/camp/${campId}/questions`, payload: body },
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Question }>().data;
}

async function addWaiver(campId: number, body: object = WAIVER) {
  const res = await send(
    app,
    { method: 'POST', url: `/host/camp/${campId}/waivers`, payload: body },
    host.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Waiver }>().data;
}

/** A camp with a required question per child, an optional one per family, and a required waiver. */
async function campWithForms() {
  const campId = await addCamp(app, host);
  const allergies = await addQuestion(campId, {
    label: 'Can your camper swim?',
    kind: 'one_choice',
    options: ['Not yet', 'A little', 'Confidently'],
    required: true,
    per: 'child',
  });
  const pickup = await addQuestion(campId, {
    label: 'Who usually picks up?',
    kind: 'short_text',
    required: false,
    per: 'family',
  });
  const waiver = await addWaiver(campId);
  const sessionId = (await firstSession(db, campId)).id;
  return { campId, sessionId, swim: allergies, pickup, waiver };
}

function parentForms(parent: Family, campId: number) {
  return send(app, { method: 'GET', url: `/camper/camps/${campId}/forms` }, parent.token);
}

function saveAnswers(parent: Family, campId: number, body: object) {
  return send(app, { method: 'PUT', url: `/camper/camps/${campId}/answers`, payload: body }, parent.token);
}

function sign(parent: Family, waiver: Pick<Waiver, 'id' | 'textHash'>, body: object = {}) {
  return app.inject({
    method: 'POST',
    url: `/camper/waivers/${waiver.id}/signatures`,
    headers: { ...bearer(parent.token), 'user-agent': 'CampwiseTest/1.0' },
    payload: { fullName: 'Pat Meadows', consent: true, textHash: waiver.textHash, ...body },
  });
}

function book(parent: Family, campId: number, sessionId: number, childIds = [parent.childIds[0] as number]) {
  return send(
    app,
    {
      method: 'POST',
      url: `/api/camps/${campId}/registrations`,
      payload: {
        lines: childIds.map((childId) => ({ childId, sessionId })),
        paymentMethodId: parent.cardId,
        idempotencyKey: randomUUID(),
      },
    },
    parent.token,
  );
}

async function placesOf(parentId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(registrations)
    .where(eq(registrations.parentId, parentId));
  return row?.n ?? 0;
}

function upload(parent: Family, campId: number, data: Buffer, filename: string, contentType: string) {
  return send(
    app,
    multipartCall('POST', `/camper/camps/${campId}/form-files`, {}, [
      { field: 'file', filename, contentType, data },
    ]),
    parent.token,
  );
}

describe("a host's questions and waivers", () => {
  it('adds, lists, changes and removes questions of every kind', async () => {
    const campId = await addCamp(app, host);
    const kinds = [
      { label: 'Nickname', kind: 'short_text' },
      { label: 'Anything we should know?', kind: 'long_text' },
      { label: 'Lunch', kind: 'one_choice', options: ['Packed', 'Hot'] },
      { label: 'Activities', kind: 'many_choices', options: ['Art', 'Sport', 'Music'] },
      { label: 'May we take photos?', kind: 'yes_no' },
      { label: 'Last tetanus shot', kind: 'date' },
      { label: 'Swim certificate', kind: 'file' },
    ];
    for (const body of kinds) await addQuestion(campId, { ...body, required: false, per: 'child' });
    const listed = await send(app, { method: 'GET', url: `/host/camp/${campId}/forms` }, host.token);
    expect(listed.statusCode).toBe(200);
    const forms = listed.json<{ data: CampForms }>().data;
    expect(forms.questions.map((question) => question.kind)).toEqual(kinds.map((body) => body.kind));

    const first = forms.questions[0] as Question;
    const changed = await send(
      app,
      {
        method: 'PUT',
        url: `/host/questions/${first.id}`,
        payload: { label: 'Preferred name', kind: 'short_text', required: true, per: 'family' },
      },
      host.token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      data: { label: 'Preferred name', required: true, per: 'family' },
    });
    const removed = await send(app, { method: 'DELETE', url: `/host/questions/${first.id}` }, host.token);
    expect(removed.json()).toEqual({ data: { deleted: true } });
  });

  it('refuses questions that do not make sense, saying why', async () => {
    const campId = await addCamp(app, host);
    const post = (payload: object) =>
      send(app, { method: 'POST', url: `/host/camp/${campId}/questions`, payload }, host.token);
    const noChoices = await post({
      label: 'Lunch',
      kind: 'one_choice',
      options: ['Packed'],
      required: true,
      per: 'child',
    });
    expect(noChoices.statusCode).toBe(400);
    expect(noChoices.json()).toMatchObject({ message: messages.questionOptionsInvalid });
    const choicesOnText = await post({
      label: 'Name',
      kind: 'short_text',
      options: ['a', 'b'],
      required: true,
      per: 'child',
    });
    expect(choicesOnText.json()).toMatchObject({ message: messages.questionOptionsInvalid });
    const noLabel = await post({ label: '  ', kind: 'yes_no', required: true, per: 'child' });
    expect(noLabel.json()).toMatchObject({ message: messages.questionLabelInvalid });
  });

  it("keeps each host to their own camps' forms", async () => {
    const { campId, swim, waiver } = await campWithForms();
    const token = otherHost.token;
    for (const call of [
      { method: 'GET' as const, url: `/host/camp/${campId}/forms` },
      { method: 'DELETE' as const, url: `/host/questions/${swim.id}` },
      { method: 'DELETE' as const, url: `/host/waivers/${waiver.id}` },
      { method: 'PUT' as const, url: `/host/waivers/${waiver.id}`, payload: WAIVER },
    ]) {
      const res = await send(app, call, token);
      expect(res.statusCode, call.url).toBe(404);
    }
  });

  it('a changed waiver is a new version to sign', async () => {
    const campId = await addCamp(app, host);
    const waiver = await addWaiver(campId);
    const res = await send(
      app,
      {
        method: 'PUT',
        url: `/host/waivers/${waiver.id}`,
        payload: { ...WAIVER, text: `${WAIVER.text} Updated.` },
      },
      host.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Waiver }>().data.textHash).not.toBe(waiver.textHash);
    const same = await send(
      app,
      { method: 'PUT', url: `/host/waivers/${waiver.id}`, payload: WAIVER },
      host.token,
    );
    expect(same.json<{ data: Waiver }>().data.textHash).toBe(waiver.textHash);
  });
});

describe('a family answers and signs before a place is confirmed', () => {
  it('refuses the booking until every required answer and signature is there, taking nothing', async () => {
    const { campId, sessionId, swim, pickup, waiver } = await campWithForms();
    const parent = await family(app, [9]);
    const childId = parent.childIds[0] as number;

    expectError(
      await book(parent, campId, sessionId),
      409,
      'FORMS_INCOMPLETE',
      messages.formsIncomplete.replace('{name}', 'Ada'),
    );
    expect(await placesOf(parent.id)).toBe(0);

    // A missing required answer is refused with the field named; nothing is saved.
    expectError(
      await saveAnswers(parent, campId, {
        childIds: [childId],
        answers: [{ questionId: pickup.id, childId: null, value: 'Grandma' }],
      }),
      400,
      'VALIDATION_ERROR',
      messages.answersIncomplete,
      { [`answers.${swim.id}.${childId}`]: messages.answerRequired },
    );
    const [saved] = await db
      .select({ n: count() })
      .from(questionAnswers)
      .where(eq(questionAnswers.parentId, parent.id));
    expect(saved?.n).toBe(0);

    const answered = await saveAnswers(parent, campId, {
      childIds: [childId],
      answers: [
        { questionId: swim.id, childId, value: 'A little' },
        { questionId: pickup.id, childId: null, value: 'Grandma' },
      ],
    });
    expect(answered.statusCode, answered.body).toBe(200);

    expectError(
      await book(parent, campId, sessionId),
      409,
      'WAIVER_UNSIGNED',
      messages.waiverUnsigned.replace('{title}', WAIVER.title),
    );
    expect(await placesOf(parent.id)).toBe(0);

    const signed = await sign(parent, waiver);
    expect(signed.statusCode, signed.body).toBe(201);
    const [record] = await db.select().from(waiverSignatures).where(eq(waiverSignatures.parentId, parent.id));
    expect(record).toMatchObject({
      signedName: 'Pat Meadows',
      textHash: waiver.textHash,
      text: WAIVER.text,
      userAgent: 'CampwiseTest/1.0',
      ipAddress: expect.any(String),
    });

    const booked = outcome(await book(parent, campId, sessionId));
    expect(booked.status).toBe('confirmed');

    const forms = (await parentForms(parent, campId)).json<{ data: ParentCampForms }>().data;
    expect(forms.waivers[0]).toMatchObject({ signatureId: signed.json().data.id, changedSinceSigned: false });
    expect(forms.answers).toEqual(
      expect.arrayContaining([
        { questionId: swim.id, childId, value: 'A little', file: null },
        { questionId: pickup.id, childId: null, value: 'Grandma', file: null },
      ]),
    );
  });

  it("refuses answers that do not fit their question, and another family's child", async () => {
    const { campId, swim } = await campWithForms();
    const parent = await family(app, [9]);
    const stranger = await family(app, [9]);
    const childId = parent.childIds[0] as number;
    expectError(
      await saveAnswers(parent, campId, {
        childIds: [childId],
        answers: [{ questionId: swim.id, childId, value: 'Like a fish' }],
      }),
      400,
      'VALIDATION_ERROR',
      messages.answerChoiceInvalid,
      { [`answers.${swim.id}.${childId}`]: messages.answerChoiceInvalid },
    );
    const other = await saveAnswers(stranger, campId, {
      childIds: [childId],
      answers: [{ questionId: swim.id, childId, value: 'A little' }],
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses a signature without consent or of a version the parent did not read', async () => {
    const { campId, waiver } = await campWithForms();
    const parent = await family(app, [9]);
    const noConsent = await sign(parent, waiver, { consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json()).toMatchObject({ message: messages.signatureConsentMissing });
    const noName = await sign(parent, waiver, { fullName: ' ' });
    expect(noName.json()).toMatchObject({ message: messages.signatureNameInvalid });
    expectError(
      await sign(parent, { id: waiver.id, textHash: 'a'.repeat(64) }),
      409,
      'WAIVER_CHANGED',
      messages.waiverChanged,
    );
    const [none] = await db
      .select({ n: count() })
      .from(waiverSignatures)
      .where(eq(waiverSignatures.campId, campId));
    expect(none?.n).toBe(0);
  });

  it('asks for a new signature after the host changes the waiver; the old one stays on record', async () => {
    const { campId, sessionId, swim, waiver } = await campWithForms();
    const parent = await family(app, [9]);
    const childId = parent.childIds[0] as number;
    await saveAnswers(parent, campId, {
      childIds: [childId],
      answers: [{ questionId: swim.id, childId, value: 'Not yet' }],
    });
    const first = (await sign(parent, waiver)).json<{ data: { id: number } }>().data.id;
    outcome(await book(parent, campId, sessionId));
    await send(
      app,
      {
        method: 'PUT',
        url: `/host/waivers/${waiver.id}`,
        payload: { ...WAIVER, text: `${WAIVER.text} Lake swims included.` },
      },
      host.token,
    );
    const forms = (await parentForms(parent, campId)).json<{ data: ParentCampForms }>().data;
    expect(forms.waivers[0]).toMatchObject({ signatureId: null, changedSinceSigned: true });
    const roster = (await send(app, { method: 'GET', url: `/host/camp/${campId}/roster` }, host.token)).json<{
      data: Roster;
    }>().data;
    expect(roster.registered[0]?.forms.waivers).toEqual([
      { waiverId: waiver.id, status: 'changed', signatureId: null },
    ]);
    // The changed waiver is owed again, as a booking would say.
    expect(roster.registered[0]?.forms.missing).toBe(1);
    // The first signature still downloads, with the text that was signed.
    const pdf = await send(
      app,
      { method: 'GET', url: `/camper/waiver-signatures/${first}/pdf` },
      parent.token,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('lets answers change until the session starts, then locks them', async () => {
    const { campId, sessionId, swim, waiver } = await campWithForms();
    const parent = await family(app, [9]);
    const childId = parent.childIds[0] as number;
    const answer = (value: string) => ({
      childIds: [childId],
      answers: [{ questionId: swim.id, childId, value }],
    });
    await saveAnswers(parent, campId, answer('Not yet'));
    await sign(parent, waiver);
    outcome(await book(parent, campId, sessionId));
    expect((await saveAnswers(parent, campId, answer('A little'))).statusCode).toBe(200);
    await db
      .update(campSessions)
      .set({ startDate: '2020-06-01', endDate: '2099-06-05' })
      .where(eq(campSessions.id, sessionId));
    expectError(
      await saveAnswers(parent, campId, answer('Confidently')),
      409,
      'ANSWERS_LOCKED',
      messages.answersLocked,
    );
    const forms = (await parentForms(parent, campId)).json<{ data: ParentCampForms }>().data;
    expect(forms.children.find((kid) => kid.id === childId)?.editable).toBe(false);
    expect(forms.answers[0]?.value).toBe('A little');
  });
});

describe('file answers', () => {
  it('takes a PDF or an image, refuses anything else, and shows it only to the family and the host', async () => {
    const campId = await addCamp(app, host);
    const certificate = await addQuestion(campId, {
      label: 'Swim certificate',
      kind: 'file',
      required: true,
      per: 'child',
    });
    const sessionId = (await firstSession(db, campId)).id;
    const parent = await family(app, [9]);
    const stranger = await family(app, [9]);
    const childId = parent.childIds[0] as number;

    expectError(
      await upload(parent, campId, NOT_AN_IMAGE, 'rules.pdf', 'application/pdf'),
      400,
      'BAD_REQUEST',
      messages.formFileType,
      { file: messages.formFileType },
    );
    const image = await upload(parent, campId, await detailedJpeg(), 'photo.jpg', 'image/jpeg');
    expect(image.statusCode, image.body).toBe(201);
    expect(image.json()).toMatchObject({ data: { name: 'photo.webp', contentType: 'image/webp' } });
    const pdf = await upload(parent, campId, PDF, '../../certificate.pdf', 'application/pdf');
    expect(pdf.json()).toMatchObject({ data: { name: 'certificate.pdf', contentType: 'application/pdf' } });
    const fileId = pdf.json<{ data: { id: number } }>().data.id;

    // Another family cannot answer with this family's file.
    const strangerChild = stranger.childIds[0] as number;
    expectError(
      await saveAnswers(stranger, campId, {
        childIds: [strangerChild],
        answers: [{ questionId: certificate.id, childId: strangerChild, value: fileId }],
      }),
      400,
      'VALIDATION_ERROR',
      messages.answerFileNotFound,
      { [`answers.${certificate.id}.${strangerChild}`]: messages.answerFileNotFound },
    );
    const saved = await saveAnswers(parent, campId, {
      childIds: [childId],
      answers: [{ questionId: certificate.id, childId, value: fileId }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    outcome(await book(parent, campId, sessionId));

    const own = await send(app, { method: 'GET', url: `/camper/form-files/${fileId}` }, parent.token);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    const hosts = await send(app, { method: 'GET', url: `/host/form-files/${fileId}` }, host.token);
    expect(hosts.statusCode).toBe(200);
    expect(hosts.headers['content-type']).toBe('application/pdf');
    // A file answer may be a doctor's letter: health data, which no browser or proxy keeps.
    for (const download of [own, hosts]) {
      expect(download.headers).toMatchObject({
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
    }
    for (const [url, token] of [
      [`/camper/form-files/${fileId}`, stranger.token],
      [`/host/form-files/${fileId}`, otherHost.token],
    ] as const) {
      expect((await send(app, { method: 'GET', url }, token)).statusCode).toBe(404);
    }
    const [stored] = await db.select({ n: count() }).from(formFiles).where(eq(formFiles.parentId, parent.id));
    expect(stored?.n).toBe(2);
  });
});

describe('file answers as health data', () => {
  const daysAgo = (days: number) => shiftDate(campToday(), -days);
  const hostGets = (fileId: number) =>
    send(app, { method: 'GET', url: `/host/form-files/${fileId}` }, host.token).then((res) => res.statusCode);
  const rosterFiles = async (campId: number) =>
    (await send(app, { method: 'GET', url: `/host/camp/${campId}/roster` }, host.token))
      .json<{ data: Roster }>()
      .data.registered.flatMap((entry) => entry.forms.answers.filter((answer) => answer.fileId !== null));

  it('reach the host only through a paid place, until 30 days after its session', async () => {
    const campId = await addCamp(app, host);
    const plan = await addQuestion(campId, {
      label: 'Allergy action plan',
      kind: 'file',
      required: false,
      per: 'child',
    });
    const sessionId = (await firstSession(db, campId)).id;
    const parent = await family(app, [9]);
    const childId = parent.childIds[0] as number;
    const fileId = (await upload(parent, campId, PDF, 'plan.pdf', 'application/pdf')).json<{
      data: { id: number };
    }>().data.id;
    await saveAnswers(parent, campId, {
      childIds: [childId],
      answers: [{ questionId: plan.id, childId, value: fileId }],
    });
    const booked = outcome(await book(parent, campId, sessionId));
    const placeId = booked.registrationIds[0] ?? 0;
    expect(await hostGets(fileId)).toBe(200);
    expect(await rosterFiles(campId)).toEqual([{ questionId: plan.id, text: 'plan.pdf', fileId }]);

    // Not paid (yet, or any more): nothing.
    for (const status of ['pending_payment', 'waitlisted', 'offered', 'cancelled'] as const) {
      await db.update(registrations).set({ status }).where(eq(registrations.id, placeId));
      expect(await hostGets(fileId), status).toBe(404);
      expect(await rosterFiles(campId), status).toEqual([]);
    }
    await db.update(registrations).set({ status: 'confirmed' }).where(eq(registrations.id, placeId));
    // Thirty days after the session's last day, and no longer.
    const ended = (days: number) =>
      db
        .update(campSessions)
        .set({ startDate: daysAgo(days + 5), endDate: daysAgo(days) })
        .where(eq(campSessions.id, sessionId));
    await ended(30);
    expect(await hostGets(fileId)).toBe(200);
    await ended(31);
    expect(await hostGets(fileId)).toBe(404);
    expect(await rosterFiles(campId)).toEqual([]);
  });

  it("of a family reach the host through any of the family's paid places there", async () => {
    const campId = await addCamp(app, host);
    const doctor = await addQuestion(campId, {
      label: "Doctor's letter",
      kind: 'file',
      required: false,
      per: 'family',
    });
    const sessionId = (await firstSession(db, campId)).id;
    const parent = await family(app, [9, 7]);
    const [ada, ben] = parent.childIds as [number, number];
    const fileId = (await upload(parent, campId, PDF, 'letter.pdf', 'application/pdf')).json<{
      data: { id: number };
    }>().data.id;
    await saveAnswers(parent, campId, {
      childIds: [ada],
      answers: [{ questionId: doctor.id, childId: null, value: fileId }],
    });
    const booked = outcome(await book(parent, campId, sessionId, [ada, ben]));
    const [adaPlace, benPlace] = booked.registrationIds as [number, number];
    await db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.id, adaPlace));
    expect(await hostGets(fileId)).toBe(200);
    await db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.id, benPlace));
    expect(await hostGets(fileId)).toBe(404);
  });
});

describe('the roster', () => {
  it("shows each child's answers and the family's waiver, and puts them in the CSV", async () => {
    const { campId, sessionId, swim, pickup, waiver } = await campWithForms();
    const parent = await family(app, [9]);
    const childId = parent.childIds[0] as number;
    await saveAnswers(parent, campId, {
      childIds: [childId],
      answers: [
        { questionId: swim.id, childId, value: 'Confidently' },
        { questionId: pickup.id, childId: null, value: 'Grandma Jo' },
      ],
    });
    const signatureId = (await sign(parent, waiver)).json<{ data: { id: number } }>().data.id;
    outcome(await book(parent, campId, sessionId));

    const roster = (await send(app, { method: 'GET', url: `/host/camp/${campId}/roster` }, host.token)).json<{
      data: Roster;
    }>().data;
    expect(roster.forms.questions.map((question) => question.label)).toEqual([
      'Can your camper swim?',
      'Who usually picks up?',
    ]);
    expect(roster.registered[0]?.forms).toEqual({
      answers: [
        { questionId: swim.id, text: 'Confidently', fileId: null },
        { questionId: pickup.id, text: 'Grandma Jo', fileId: null },
      ],
      waivers: [{ waiverId: waiver.id, status: 'signed', signatureId }],
      missing: 0,
    });
    const csv = await send(app, { method: 'GET', url: `/host/camp/${campId}/roster.csv` }, host.token);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, row] = csv.body.trim().split(/\r?\n/);
    expect(header).toContain(
      '"Can your camper swim?","Who usually picks up?","Release and assumption of risk"',
    );
    expect(row).toContain('"Confidently","Grandma Jo","Signed"');

    const hostPdf = await send(
      app,
      { method: 'GET', url: `/host/waiver-signatures/${signatureId}/pdf` },
      host.token,
    );
    expect(hostPdf.statusCode).toBe(200);
    expect(hostPdf.headers['content-type']).toBe('application/pdf');
    expect(
      (await send(app, { method: 'GET', url: `/host/waiver-signatures/${signatureId}/pdf` }, otherHost.token))
        .statusCode,
    ).toBe(404);
  });
});

describe("a family's data", () => {
  it('exports the answers, files and signatures, and account deletion removes them', async () => {
    const campId = await addCamp(app, host);
    const nickname = await addQuestion(campId, {
      label: 'Nickname',
      kind: 'short_text',
      required: true,
      per: 'child',
    });
    const certificate = await addQuestion(campId, {
      label: 'Certificate',
      kind: 'file',
      required: false,
      per: 'family',
    });
    const waiver = await addWaiver(campId);
    const parent = await family(app, [9]);
    const childId = parent.childIds[0] as number;
    const fileId = (await upload(parent, campId, PDF, 'cert.pdf', 'application/pdf')).json<{
      data: { id: number };
    }>().data.id;
    await saveAnswers(parent, campId, {
      childIds: [childId],
      answers: [
        { questionId: nickname.id, childId, value: 'Sunny' },
        { questionId: certificate.id, childId: null, value: fileId },
      ],
    });
    await sign(parent, waiver);

    const exported = await send(app, { method: 'GET', url: '/api/account/export' }, parent.token);
    expect(exported.statusCode).toBe(200);
    expect(exported.json<AccountExport>().campForms).toMatchObject({
      answers: [
        { question: 'Nickname', childId, answer: 'Sunny' },
        { question: 'Certificate', childId: null, answer: 'cert.pdf' },
      ],
      files: [{ name: 'cert.pdf', contentType: 'application/pdf' }],
      waiverSignatures: [
        { title: WAIVER.title, text: WAIVER.text, signedName: 'Pat Meadows', textHash: waiver.textHash },
      ],
    });

    const deleted = await send(
      app,
      { method: 'POST', url: '/api/account/delete', payload: { password: ACCOUNT_PASSWORD } },
      parent.token,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const table of [questionAnswers, formFiles, waiverSignatures]) {
      const [left] = await db.select({ n: count() }).from(table).where(eq(table.parentId, parent.id));
      expect(left?.n).toBe(0);
    }
  });
});
