import { randomUUID } from 'node:crypto';
import type { CampDetail } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import type { RefundPolicy } from '@campwise/contract/refund-policy';
import type {
  ParentRegistration,
  RegistrationOptions,
  RegistrationOutcome,
} from '@campwise/contract/registrations';
import { shiftDate } from '@campwise/contract/sessions';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { mailOutbox, registrations } from '../src/db/schema.ts';
import { campToday, firstSession, send } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { addCamp, type CampHost, campHost, type Family, family } from './registration-fixtures.ts';

const TIERED: RefundPolicy = {
  fullUntilDays: 14,
  partial: { percent: 50, untilDays: 3 },
  cancellationFeeCents: 2500,
};

let app: FastifyInstance;
let db: Database;
let host: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
});

/** The day `days` days after today at the test camp (its first day counts on its own clock). */
const inDays = (days: number) => shiftDate(campToday(), days);

/** A $150 camp whose one session starts in `days` days. */
async function campStartingIn(days: number, policy?: RefundPolicy) {
  const campId = await addCamp(app, host, { startDate: inDays(days), endDate: inDays(days + 4) });
  if (policy) {
    const res = await send(
      app,
      { method: 'PUT', url: `/host/camp/${campId}/refund-policy`, payload: policy },
      host.token,
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  return campId;
}

async function book(parent: Family, campId: number): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/camps/${campId}/registrations`,
    headers: bearer(parent.token),
    payload: {
      idempotencyKey: randomUUID(),
      paymentMethodId: parent.cardId,
      lines: [{ childId: parent.childIds[0] ?? 0, sessionId: (await firstSession(db, campId)).id }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: RegistrationOutcome }>().data.registrationIds[0] ?? 0;
}

async function myPlace(parent: Family, id: number): Promise<ParentRegistration | undefined> {
  const res = await app.inject({
    method: 'GET',
    url: '/camper/registrations',
    headers: bearer(parent.token),
  });
  return res.json<{ data: ParentRegistration[] }>().data.find((place) => place.id === id);
}

function cancel(token: string, side: 'camper' | 'host', id: number) {
  return app.inject({ method: 'POST', url: `/${side}/registrations/${id}/cancel`, headers: bearer(token) });
}

async function mailTo(parent: Family, subject: string) {
  return db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, parent.email), like(mailOutbox.subject, `${subject}%`)));
}

describe('a camp’s refund policy', () => {
  it('is set by its host, shown on the camp page and before paying, and printed on the receipt', async () => {
    const campId = await campStartingIn(40);
    const initial = await send(app, { method: 'GET', url: `/host/camp/${campId}/refund-policy` }, host.token);
    expect(initial.json()).toEqual({ data: { fullUntilDays: 0, partial: null, cancellationFeeCents: 0 } });
    const saved = await send(
      app,
      { method: 'PUT', url: `/host/camp/${campId}/refund-policy`, payload: TIERED },
      host.token,
    );
    expect(saved.json()).toEqual({ data: TIERED });
    const profile = await app.inject({ method: 'GET', url: `/api/camps/${campId}` });
    expect(profile.json<{ data: CampDetail }>().data.refundPolicy).toEqual(TIERED);

    const parent = await family(app, [9]);
    const options = await app.inject({
      method: 'GET',
      url: `/api/camps/${campId}/registration-options`,
      headers: bearer(parent.token),
    });
    expect(options.json<{ data: RegistrationOptions }>().data.refundPolicy).toEqual(TIERED);
    await book(parent, campId);
    const [receipt] = await mailTo(parent, "You're registered");
    expect(receipt?.text).toContain(
      'Refund policy: Full refund if you cancel at least 14 days before the session starts, then 50% refund until 3 days before; no refund after that. A $25 cancellation fee is kept from any refund.',
    );
  });

  it('refuses a policy whose tiers are out of order or out of range, changing nothing', async () => {
    const campId = await campStartingIn(40, TIERED);
    const bad = await send(
      app,
      {
        method: 'PUT',
        url: `/host/camp/${campId}/refund-policy`,
        payload: { ...TIERED, partial: { percent: 50, untilDays: 20 } },
      },
      host.token,
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(messages.refundPolicyPartialAfterFull);
    const fee = await send(
      app,
      {
        method: 'PUT',
        url: `/host/camp/${campId}/refund-policy`,
        payload: { ...TIERED, cancellationFeeCents: -5 },
      },
      host.token,
    );
    expect(fee.statusCode, fee.body).toBe(400);
    const kept = await send(app, { method: 'GET', url: `/host/camp/${campId}/refund-policy` }, host.token);
    expect(kept.json()).toEqual({ data: TIERED });
  });

  it('names the refused field, the one the host’s dialog shows the problem beside', async () => {
    const campId = await campStartingIn(40, TIERED);
    const bad = await send(
      app,
      {
        method: 'PUT',
        url: `/host/camp/${campId}/refund-policy`,
        payload: { ...TIERED, partial: { percent: 50, untilDays: 20 } },
      },
      host.token,
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json<{ fields?: Record<string, string> }>().fields).toEqual({
      'partial.untilDays': messages.refundPolicyPartialAfterFull,
    });
  });

  it('refunds a family exactly what the policy gives: half of what was paid less the fee, ten days out', async () => {
    const campId = await campStartingIn(10, TIERED);
    const parent = await family(app, [9]);
    const id = await book(parent, campId);
    expect(await myPlace(parent, id)).toMatchObject({
      canCancel: true,
      cancelRefundCents: 5000,
      refundPolicy: TIERED,
    });
    const res = await cancel(parent.token, 'camper', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { refundedCents: number } }>().data.refundedCents).toBe(5000);
    const [mail] = await mailTo(parent, 'Registration cancelled');
    expect(mail?.text).toContain("Under the camp's refund policy we refunded $50 to your card.");
  });

  it('gives nothing back inside the last days, says so, and still frees the spot', async () => {
    const campId = await campStartingIn(2, TIERED);
    const parent = await family(app, [9]);
    const id = await book(parent, campId);
    expect((await myPlace(parent, id))?.cancelRefundCents).toBe(0);
    const res = await cancel(parent.token, 'camper', id);
    expect(res.json<{ data: { status: string; refundedCents: number } }>().data).toMatchObject({
      status: 'cancelled',
      refundedCents: 0,
    });
    const [mail] = await mailTo(parent, 'Registration cancelled');
    expect(mail?.text).toContain("Under the camp's refund policy, nothing is refunded");
    const profile = await app.inject({ method: 'GET', url: `/api/camps/${campId}` });
    expect(profile.json<{ data: CampDetail }>().data.spotsLeft).toBe(10);
  });

  it('holds a place to the policy it was bought under, and a host’s cancellation always refunds in full', async () => {
    const campId = await campStartingIn(10);
    const parent = await family(app, [9, 10]);
    const [first] = parent.childIds as [number, number];
    const id = await book({ ...parent, childIds: [first] }, campId);
    // The host tightens the policy after the family paid: their place keeps the full refund.
    await send(
      app,
      {
        method: 'PUT',
        url: `/host/camp/${campId}/refund-policy`,
        payload: { fullUntilDays: 30, partial: null, cancellationFeeCents: 0 },
      },
      host.token,
    );
    expect(await myPlace(parent, id)).toMatchObject({ cancelRefundCents: 15000 });
    const later = await book({ ...parent, childIds: parent.childIds.slice(1) }, campId);
    expect((await myPlace(parent, later))?.cancelRefundCents).toBe(0);
    const byHost = await cancel(host.token, 'host', later);
    expect(byHost.json<{ data: { refundedCents: number } }>().data.refundedCents).toBe(15000);
    const [stored] = await db
      .select({ refundPolicy: registrations.refundPolicy })
      .from(registrations)
      .where(eq(registrations.id, id));
    expect(stored?.refundPolicy).toEqual({ fullUntilDays: 0, partial: null, cancellationFeeCents: 0 });
  });
});
