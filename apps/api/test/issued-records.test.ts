import { createHash } from 'node:crypto';
import type { ParentCampForms, Waiver } from '@campwise/contract/camp-forms';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { firstSession, send } from './camp-fixtures.ts';
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
        shirtSize: 'medium',
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
    waiver,
    receiptUrl: `/camper/receipts/${Number(booked.receiptNumber?.replace('CW-', ''))}`,
    waiverUrl: `/camper/waiver-signatures/${signed.json<{ data: { id: number } }>().data.id}`,
  };
}

async function pdfOf(url: string, token: string): Promise<Buffer> {
  const res = await app.inject({ method: 'GET', url: `${url}/pdf`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

describe('issued records', () => {
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
