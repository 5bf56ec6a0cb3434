import { createHash } from 'node:crypto';
import type { ParentCampForms, Waiver } from '@campwise/contract/camp-forms';
import type { Receipt } from '@campwise/contract/receipts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { organizations, receipts, receiptsToBackfill, users } from '../src/db/schema.ts';
import { issueBackfilledReceipts } from '../src/modules/receipts/issue-receipt.ts';
import { campUpdate, firstSession, send } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { pdfFontNames, pdfText } from './pdf-text.ts';
import { addCamp, book, type CampHost, campHost, type Family, family } from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const { token: adminToken } = await createAdmin(app, db);
  host = await campHost(app, adminToken);
});

afterEach(() => {
  vi.useRealTimers();
});

const WAIVER = {
  title: 'Release and assumption of risk',
  text: 'I understand that camp activities carry a risk of injury.\n\nI accept these risks for my camper, and I will tell the camp of any change.',
  required: false,
};

/** A family whose parent is Łucja Nguyễn and whose child is 王芳, with a place and a signed waiver. */
async function issuedForLucja() {
  const campId = await addCamp(app, host);
  const sessionId = (await firstSession(db, campId)).id;
  const added = await send(
    app,
    { method: 'POST', url: `/host/camp/${campId}/waivers`, payload: WAIVER },
    host.token,
  );
  expect(added.statusCode, added.body).toBe(201);
  const waiver = added.json<{ data: Waiver }>().data;

  const parent = await family(app, []);
  const renamed = await send(
    app,
    {
      method: 'PUT',
      url: '/camper',
      payload: { firstName: 'Łucja', lastName: 'Nguyễn', email: parent.email, phone: '312-555-0142' },
    },
    parent.token,
  );
  expect(renamed.statusCode, renamed.body).toBe(200);
  const child = await send(
    app,
    {
      method: 'POST',
      url: '/camper/campers',
      payload: {
        firstName: '王芳',
        lastName: 'Nguyễn',
        birthday: '2021-03-04',
        gender: 'female',
        shirtSize: 'youth_m',
        medical: '',
      },
    },
    parent.token,
  );
  expect(child.statusCode, child.body).toBe(201);
  const childId = child.json<{ data: { id: number } }>().data.id;
  const booked = await book(app, { ...parent, childIds: [childId] } satisfies Family, campId, [
    { childId, sessionId },
  ]);
  const signed = await app.inject({
    method: 'POST',
    url: `/camper/waivers/${waiver.id}/signatures`,
    headers: { ...bearer(parent.token), 'user-agent': 'CampwiseTest/1.0' },
    payload: { fullName: 'Łucja Nguyễn 王芳', consent: true, textHash: waiver.textHash },
  });
  expect(signed.statusCode, signed.body).toBe(201);
  return {
    parent,
    campId,
    childId,
    waiver,
    receiptUrl: `/camper/receipts/${Number(booked.receiptNumber?.replace('CW-', ''))}`,
    waiverUrl: `/camper/waiver-signatures/${signed.json<{ data: { id: number } }>().data.id}`,
  };
}

/** A record's JSON and PDF exactly as served. */
async function served(url: string, token: string) {
  const json = await app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(json.statusCode, json.body).toBe(200);
  return { json: json.body, pdf: await pdfOf(url, token) };
}

/** The parent, the child, the camp and its organisation all renamed, and the card removed. */
async function renameEverything(issued: Awaited<ReturnType<typeof issuedForLucja>>) {
  const { parent, campId, childId } = issued;
  const renamed = await send(
    app,
    {
      method: 'PUT',
      url: '/camper',
      payload: { firstName: 'Lucy', lastName: 'Winter', email: parent.email, phone: '312-555-0142' },
    },
    parent.token,
  );
  expect(renamed.statusCode, renamed.body).toBe(200);
  // A new sign-in address, as it is once its confirmation link is opened.
  await db
    .update(users)
    .set({ email: `renamed-${parent.email}` })
    .where(eq(users.id, parent.id));
  const child = await send(
    app,
    {
      method: 'PUT',
      url: `/camper/campers/${childId}`,
      payload: {
        firstName: 'Fang',
        lastName: 'Winter',
        birthday: '2021-03-04',
        gender: 'female',
        shirtSize: 'youth_l',
        medical: '',
      },
    },
    parent.token,
  );
  expect(child.statusCode, child.body).toBe(200);
  const camp = await send(
    app,
    {
      method: 'PUT',
      url: `/host/camp/${campId}`,
      payload: campUpdate({ name: `Renamed Lake Camp ${campId}` }),
    },
    host.token,
  );
  expect(camp.statusCode, camp.body).toBe(200);
  await db
    .update(organizations)
    .set({ name: 'Renamed Outdoors', address: '1 New Street' })
    .where(eq(organizations.id, host.orgId));
  const card = await send(app, { method: 'DELETE', url: `/camper/cards/${parent.cardId}` }, parent.token);
  expect(card.statusCode, card.body).toBe(200);
}

async function cancelTheirPlace(parent: Family) {
  const registrations = await send(app, { method: 'GET', url: '/camper/registrations' }, parent.token);
  const registrationId = registrations.json<{ data: { id: number }[] }>().data[0]?.id;
  const cancelled = await send(
    app,
    { method: 'POST', url: `/camper/registrations/${registrationId}/cancel` },
    parent.token,
  );
  expect(cancelled.statusCode, cancelled.body).toBe(200);
}

async function pdfOf(url: string, token: string): Promise<Buffer> {
  const res = await app.inject({ method: 'GET', url: `${url}/pdf`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

describe('issued records', () => {
  it('stay byte for byte as issued after the parent, the child, the camp and the organisation are renamed', async () => {
    const issued = await issuedForLucja();
    const receipt = await served(issued.receiptUrl, issued.parent.token);
    const waiver = await served(issued.waiverUrl, issued.parent.token);
    expect(JSON.parse(receipt.json).data).toMatchObject({
      payer: { name: 'Łucja Nguyễn', email: issued.parent.email },
      card: { last4: '4242' },
      lines: [{ childName: '王芳 Nguyễn' }],
    });
    expect(JSON.parse(waiver.json).data).toMatchObject({
      signedName: 'Łucja Nguyễn 王芳',
      parentName: 'Łucja Nguyễn',
      parentEmail: issued.parent.email,
    });

    const statement = await send(app, { method: 'GET', url: '/host/earnings.csv' }, host.token);
    expect(statement.body).toContain(`"${JSON.parse(receipt.json).data.campName}"`);

    await renameEverything(issued);

    // The host's earnings statement names the camp as it was called when the money moved.
    const statementAfter = await send(app, { method: 'GET', url: '/host/earnings.csv' }, host.token);
    expect(statementAfter.body).toBe(statement.body);
    const receiptAfter = await served(issued.receiptUrl, issued.parent.token);
    const waiverAfter = await served(issued.waiverUrl, issued.parent.token);
    expect(receiptAfter.json).toBe(receipt.json);
    expect(receiptAfter.pdf.equals(receipt.pdf)).toBe(true);
    expect(waiverAfter.json).toBe(waiver.json);
    expect(waiverAfter.pdf.equals(waiver.pdf)).toBe(true);
    const list = await send(app, { method: 'GET', url: '/camper/receipts' }, issued.parent.token);
    expect(list.json<{ data: { campName: string }[] }>().data.map((row) => row.campName)).toEqual([
      JSON.parse(receipt.json).data.campName,
    ]);
  });

  it('add a refund note to the receipt, in the names of its day, and keep the rest as issued', async () => {
    const issued = await issuedForLucja();
    const before = JSON.parse((await served(issued.receiptUrl, issued.parent.token)).json).data as Receipt;
    await renameEverything(issued);
    await cancelTheirPlace(issued.parent);
    const noted = await served(issued.receiptUrl, issued.parent.token);
    const after = JSON.parse(noted.json).data as Receipt;

    const { refunds, refundedCents, ...issuedPart } = after;
    const { refunds: _none, refundedCents: _nothing, ...issuedBefore } = before;
    expect(issuedPart).toEqual(issuedBefore);
    expect(refunds).toEqual([
      {
        at: expect.any(String),
        description: `Fang’s place at Renamed Lake Camp ${issued.campId} cancelled`,
        amountCents: before.amountCents,
      },
    ]);
    expect(refundedCents).toBe(before.amountCents);
    expect((await pdfText(noted.pdf)).replaceAll(/\s+/g, ' ')).toContain(
      `Fang’s place at Renamed Lake Camp ${issued.campId} cancelled`,
    );
  });

  it('are issued once, from the records, for charges made before receipts were kept', async () => {
    const issued = await issuedForLucja();
    await cancelTheirPlace(issued.parent);
    const before = await served(issued.receiptUrl, issued.parent.token);
    const paymentId = JSON.parse(before.json).data.paymentId as number;
    // As the migration left a charge of before: no receipt kept, listed to be issued.
    await db.delete(receipts).where(eq(receipts.paymentId, paymentId));
    await db.insert(receiptsToBackfill).values({ paymentId });

    await issueBackfilledReceipts(db);

    const after = await served(issued.receiptUrl, issued.parent.token);
    expect(after.json).toBe(before.json);
    expect(after.pdf.equals(before.pdf)).toBe(true);
    expect(await db.select().from(receiptsToBackfill)).toEqual([]);
  });

  it('print a name in any script as written, in an embedded Unicode font', async () => {
    const { parent, receiptUrl, waiverUrl } = await issuedForLucja();
    const receipt = await pdfOf(receiptUrl, parent.token);
    const waiver = await pdfOf(waiverUrl, parent.token);

    expect(await pdfText(receipt)).toContain('Paid by Łucja Nguyễn (');
    expect(await pdfText(receipt)).toContain('王芳 Nguyễn · ');
    expect(await pdfText(waiver)).toContain('Signed by typing the full name: Łucja Nguyễn 王芳');
    for (const pdf of [receipt, waiver]) {
      // Subsets of Noto Sans (and of its CJK cut for 王芳), never the standard Helvetica.
      const fonts = pdfFontNames(pdf);
      expect(fonts.some((name) => /^[A-Z]{6}\+NotoSans-Regular$/.test(name))).toBe(true);
      expect(fonts.some((name) => /^[A-Z]{6}\+NotoSansHans-(Regular|Bold)$/.test(name))).toBe(true);
      expect(fonts.filter((name) => name.includes('Helvetica'))).toEqual([]);
    }
  });

  it('make the same PDF bytes for a receipt and a signature whenever they are asked for', async () => {
    const { parent, receiptUrl, waiverUrl } = await issuedForLucja();
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + 5_000);
    const receipt = await pdfOf(receiptUrl, parent.token);
    const waiver = await pdfOf(waiverUrl, parent.token);
    // Minutes later, within the session's life: a document dated "now" would differ.
    vi.setSystemTime(now + 125_000);

    expect((await pdfOf(receiptUrl, parent.token)).equals(receipt)).toBe(true);
    expect((await pdfOf(waiverUrl, parent.token)).equals(waiver)).toBe(true);
  });

  it('state in a signed waiver exactly what its SHA-256 covers, so anyone can recompute it', async () => {
    const { parent, campId, waiverUrl } = await issuedForLucja();
    const text = await pdfText(await pdfOf(waiverUrl, parent.token));
    const forms = await send(app, { method: 'GET', url: `/camper/camps/${campId}/forms` }, parent.token);
    const shown = forms.json<{ data: ParentCampForms }>().data.waivers[0];

    const flat = text.replaceAll(/\s+/g, ' ');
    expect(flat).toContain(
      'The version is the SHA-256, in hexadecimal, of the UTF-8 bytes of the title, two line feeds (U+000A U+000A) and the text, exactly as shown to the signer and printed above',
    );
    const stated = /Version: ([0-9a-f]{64})/.exec(text)?.[1];
    // The recipe as the PDF states it, applied to the waiver as the signer was shown it.
    const recomputed = createHash('sha256')
      .update(Buffer.from(`${shown?.title}\n\n${shown?.text}`, 'utf8'))
      .digest('hex');
    expect(stated).toBe(recomputed);
    expect(flat).toContain(WAIVER.title);
    for (const paragraph of WAIVER.text.split('\n\n')) expect(flat).toContain(paragraph);
  });
});
