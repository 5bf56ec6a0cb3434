import { campDay } from '@campwise/contract/camp-clock';
import { messages } from '@campwise/contract/messages';
import type { TaxDetails, TaxStatement } from '@campwise/contract/tax-statements';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { orgTaxDetails } from '../src/db/schema.ts';
import { firstSession, send } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { pdfText } from './pdf-text.ts';
import { addCamp, book, type CampHost, campHost, type Family, family } from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let host: CampHost;
let untaxedHost: CampHost;
let parent: Family;
let campId: number;
let registrationId: number;
/** The year the test's payments fall in, where the organisations are (Central Time). */
const year = Number(campDay(new Date(), 'America/Chicago').slice(0, 4));

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const adminToken = (await createAdmin(app, db)).token;
  host = await campHost(app, adminToken);
  untaxedHost = await campHost(app, adminToken);
  campId = await addCamp(app, host);
  const otherCamp = await addCamp(app, untaxedHost, { startDate: '2030-07-13', endDate: '2030-07-18' });
  parent = await family(app, [9]);
  const childId = parent.childIds[0] ?? 0;
  const booked = await book(app, parent, campId, [
    { childId, sessionId: (await firstSession(db, campId)).id },
  ]);
  registrationId = booked.registrationIds[0] ?? 0;
  await book(app, parent, otherCamp, [{ childId, sessionId: (await firstSession(db, otherCamp)).id }]);
});

const taxDetails = (body: object, token = host.token, orgId = host.orgId) =>
  send(app, { method: 'PUT', url: `/host/org/${orgId}/tax-details`, payload: body }, token);

async function statement(query = `?year=${year}`, token = parent.token): Promise<TaxStatement> {
  const res = await app.inject({
    method: 'GET',
    url: `/camper/campers/${parent.childIds[0]}/tax-statement${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TaxStatement }>().data;
}

describe("an organisation's tax details", () => {
  it('refuse an EIN of the wrong form, and a missing legal name, with their messages', async () => {
    for (const [body, field, message] of [
      [{ legalName: 'Camp Co LLC', ein: '1234' }, 'ein', messages.einInvalid],
      [{ legalName: 'Camp Co LLC', ein: '12-34567890' }, 'ein', messages.einInvalid],
      [{ legalName: 'Camp Co LLC', ein: 'AB-CDEFGHI' }, 'ein', messages.einInvalid],
      [{ legalName: ' ', ein: '12-3456789' }, 'legalName', messages.legalNameRequired],
    ] as const) {
      const res = await taxDetails(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(body)).toBe(message);
    }
  });

  it('are kept with the EIN sealed, and shown masked', async () => {
    const res = await taxDetails({ legalName: 'Lakeside Camps LLC', ein: '741234567' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TaxDetails }>().data).toEqual({
      legalName: 'Lakeside Camps LLC',
      einMasked: '••-•••4567',
    });
    const read = await send(app, { method: 'GET', url: `/host/org/${host.orgId}/tax-details` }, host.token);
    expect(read.json<{ data: TaxDetails }>().data.einMasked).toBe('••-•••4567');
    const [row] = await db.select().from(orgTaxDetails).where(eq(orgTaxDetails.orgId, host.orgId));
    expect(row?.einSealed).toMatch(/^v1\./);
    expect(row?.einSealed).not.toContain('1234567');
  });

  it("are another host's organisation's to nobody else", async () => {
    const res = await taxDetails({ legalName: 'Taken Over LLC', ein: '12-3456789' }, untaxedHost.token);
    expect(res.statusCode).toBe(404);
  });
});

describe('receipts', () => {
  /** The parent's newest receipt as the API answers it. */
  async function newestReceipt(token: string) {
    const list = await app.inject({ method: 'GET', url: '/camper/receipts', headers: bearer(token) });
    const [newest] = list.json<{ data: { paymentId: number }[] }>().data;
    const res = await app.inject({
      method: 'GET',
      url: `/camper/receipts/${newest?.paymentId}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { provider?: { legalName: string; einMasked: string } | null } }>().data;
  }

  it('issued once the EIN is recorded carry the legal name and the EIN masked; those issued before stay as issued', async () => {
    const later = await family(app, [9]);
    await book(app, later, campId, [
      { childId: later.childIds[0] ?? 0, sessionId: (await firstSession(db, campId)).id },
    ]);
    expect((await newestReceipt(later.token)).provider).toEqual({
      legalName: 'Lakeside Camps LLC',
      einMasked: '••-•••4567',
    });
    expect((await newestReceipt(parent.token)).provider ?? null).toBeNull();
  });
});

describe("a child's year-end statement", () => {
  it('lists each provider with its legal name, address and full EIN, each place with its dates and amounts', async () => {
    const data = await statement();
    expect(data.year).toBe(year);
    expect(data.child.id).toBe(parent.childIds[0]);
    expect(data.providers).toHaveLength(2);
    const taxed = data.providers.find((provider) => provider.orgId === host.orgId);
    expect(taxed).toMatchObject({ legalName: 'Lakeside Camps LLC', ein: '74-1234567', totalCents: 15_000 });
    expect(taxed?.places[0]).toMatchObject({ registrationId, paidCents: 15_000, refundedCents: 0 });
    expect(taxed?.places[0]?.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const untaxed = data.providers.find((provider) => provider.orgId === untaxedHost.orgId);
    expect(untaxed).toMatchObject({ legalName: null, ein: null, totalCents: 15_000 });
    expect(data.totalCents).toBe(30_000);
  });

  it('takes refunds off, from the same ledger as the earnings', async () => {
    const res = await send(
      app,
      { method: 'POST', url: `/host/registrations/${registrationId}/cancel` },
      host.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const taxed = (await statement()).providers.find((provider) => provider.orgId === host.orgId);
    expect(taxed?.places[0]).toMatchObject({ paidCents: 15_000, refundedCents: 15_000 });
    expect(taxed?.totalCents).toBe(0);
  });

  it('holds nothing for a year nothing was paid', async () => {
    const data = await statement(`?year=${year - 3}`);
    expect(data).toMatchObject({ providers: [], totalCents: 0 });
  });

  it('downloads as a PDF with the EIN and as a CSV spreadsheets read', async () => {
    const pdf = await app.inject({
      method: 'GET',
      url: `/camper/campers/${parent.childIds[0]}/tax-statement.pdf?year=${year}`,
      headers: bearer(parent.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="campwise-\d{4}-care-statement-/,
    );
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Lakeside Camps LLC');
    expect(text).toContain('EIN: 74-1234567');
    expect(text).toContain('Not recorded yet');
    const csv = await app.inject({
      method: 'GET',
      url: `/camper/campers/${parent.childIds[0]}/tax-statement.csv?year=${year}`,
      headers: bearer(parent.token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFF"Year","Child","Provider","Legal name","EIN"')).toBe(true);
    expect(csv.body).toContain('"Lakeside Camps LLC","74-1234567"');
  });

  it("is 404 for another parent's child, and refuses a year it does not keep", async () => {
    const other = await family(app, [8]);
    const res = await app.inject({
      method: 'GET',
      url: `/camper/campers/${parent.childIds[0]}/tax-statement?year=${year}`,
      headers: bearer(other.token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messages.childNotFound);
    for (const query of ['?year=2019', '?year=abc', '']) {
      const bad = await app.inject({
        method: 'GET',
        url: `/camper/campers/${parent.childIds[0]}/tax-statement${query}`,
        headers: bearer(parent.token),
      });
      expect(bad.statusCode, query).toBe(400);
    }
  });
});
