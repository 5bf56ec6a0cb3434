import { messages } from '@campwise/contract/messages';
import type { AccountExport } from '@campwise/contract/privacy';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  auditEvents,
  campSessions,
  camps,
  children,
  mailOutbox,
  newsletterSubscribers,
  organizations,
  paymentCustomers,
  payments,
  registrations,
  savedCards,
  users,
} from '../src/db/schema.ts';
import { deliverPendingMail, type MailTransport } from '../src/modules/mail/service.ts';
import { getSubscriptionState } from '../src/modules/subscriptions/service.ts';
import {
  testProcessorPaymentMethods,
  testProcessorRefunds,
} from '../src/platform/payments/test-processor/schema.ts';
import { totpCode, totpStep } from '../src/platform/totp.ts';
import { bearer, createAdmin, getMe, logIn, type TestUser, unauthenticatedReply } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV, userIdOf } from './org-fixtures.ts';
import { ACCOUNT_PASSWORD, expectError, registerAccount, subscribedHost } from './payments-fixtures.ts';
import {
  addCamp,
  type CampHost,
  campHost,
  type Family,
  family,
  outcome,
  register,
  spotsLeft,
} from './registration-fixtures.ts';

let app: FastifyInstance;
let db: Database;
let admin: TestUser;
let host: CampHost;

/** Queued mail is sent over SMTP here (the tests run the delivery themselves). */
const SMTP_ENV = { SMTP_URL: 'smtp://127.0.0.1:2525' };

beforeAll(async () => {
  ({ app, db } = await buildTestApp({ ...ORG_ENV, ...SMTP_ENV }));
  admin = await createAdmin(app, db);
  host = await campHost(app, admin.token);
});

const deleteAccount = (token: string | null, payload: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/account/delete',
    payload,
    ...(token ? { headers: bearer(token) } : {}),
  });

function exportOf(res: LightMyRequestResponse): AccountExport {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AccountExport>();
}

const exportFor = (token: string) =>
  app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(token) });

const rowsOf = async (table: typeof registrations | typeof children, parentId: number) =>
  (await db.select({ n: count() }).from(table).where(eq(table.parentId, parentId)))[0]?.n ?? 0;

const refundCount = async () => (await db.select({ n: count() }).from(testProcessorRefunds))[0]?.n ?? 0;

/** Turns two-factor sign-in on for an account; answers the secret and the step its first code used. */
async function turnOnTwoFactor(token: string): Promise<{ secret: string; step: number }> {
  const post = (url: string, payload: Record<string, string>) =>
    app.inject({ method: 'POST', url, payload, headers: bearer(token) });
  const setup = await post('/api/account/two-factor/setup', { password: ACCOUNT_PASSWORD });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = new URL(setup.json<{ data: { otpauthUri: string } }>().data.otpauthUri).searchParams.get(
    'secret',
  );
  if (!secret) throw new Error('no secret');
  const step = totpStep();
  expect((await post('/api/account/two-factor/confirm', { code: totpCode(secret, step) })).statusCode).toBe(
    200,
  );
  return { secret, step };
}

/** Moves a camp's dates so that it is running today. */
async function startCamp(campId: number) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await db
    .update(campSessions)
    .set({ startDate: day(-1), endDate: day(3) })
    .where(eq(campSessions.campId, campId));
}

describe('downloading my data', () => {
  it('gives a parent everything about them as a JSON file, cards by brand and last four only', async () => {
    const parent = await family(app, [8]);
    const campId = await addCamp(app, host);
    outcome(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
    );
    const res = await exportFor(parent.token);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="campwise-data-${parent.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = exportOf(res);
    expect(data.account).toMatchObject({
      id: parent.id,
      userType: 'camper',
      firstName: 'Robin',
      lastName: 'Meadows',
      email: parent.email,
      phone: '312-555-0142',
      twoFactorEnabled: false,
    });
    expect(data.children).toEqual([
      expect.objectContaining({
        id: parent.childIds[0],
        firstName: 'Ada',
        medical: 'Peanut allergy: carries an EpiPen.',
      }),
    ]);
    expect(data.cards).toEqual([
      {
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: expect.any(Number),
        holderName: 'Robin Meadows',
        createdAt: expect.any(String),
      },
    ]);
    expect(data.registrations).toEqual([
      expect.objectContaining({
        campId,
        childId: parent.childIds[0],
        status: 'confirmed',
        amountCents: 15000,
      }),
    ]);
    expect(data.payments).toEqual([expect.objectContaining({ amountCents: 15000, status: 'succeeded' })]);
    expect(data.organizations).toEqual([]);
    expect(data.subscription).toBeNull();
    expect(data.payoutAccount).toBeNull();
    expect(res.body).not.toContain('4242424242424242');
    expect(res.body).not.toContain('4242 4242 4242 4242');
    expect(res.body).not.toContain('password');
  });

  it('gives a host their organizations, consents, camps and subscription, and the reviews of them', async () => {
    const data = exportOf(await exportFor(host.token));
    expect(data.account).toMatchObject({ id: host.id, userType: 'host' });
    expect(data.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(data.payoutAccount).toEqual({ status: 'active', bankLast4: '6789', payouts: [] });
    const org = data.organizations.find((item) => item.id === host.orgId);
    expect(org).toMatchObject({ status: 'approved' });
    expect(org?.consents).toEqual([
      expect.objectContaining({ consentVersion: expect.any(String), ipAddress: expect.any(String) }),
    ]);
    expect(org?.camps.length).toBeGreaterThanOrEqual(1);
    expect(data.auditEvents).toContainEqual(
      expect.objectContaining({
        action: 'organization.approved',
        actorRole: 'admin',
        actorName: 'Ada Admin',
        subjectType: 'organization',
        subjectId: host.orgId,
      }),
    );
    expect(data.children).toEqual([]);
  });

  it('is refused to guests', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/account/export' });
    expect(res.json()).toEqual(unauthenticatedReply);
  });
});

describe("deleting a parent's account", () => {
  let parent: Family;
  let campId: number;
  let waitlistCampId: number;

  beforeAll(async () => {
    parent = await family(app, [8, 9]);
    campId = await addCamp(app, host);
    outcome(
      await register(app, parent, campId, {
        childIds: [parent.childIds[0] ?? 0],
        paymentMethodId: parent.cardId,
      }),
    );
    // A full camp with a waitlist, where Ben waits.
    waitlistCampId = await addCamp(app, host, { spotsAvailable: '1', allowsWaitlist: 'true' });
    const other = await family(app, [8]);
    outcome(
      await register(app, other, waitlistCampId, { childIds: other.childIds, paymentMethodId: other.cardId }),
    );
    const waiting = outcome(
      await register(app, parent, waitlistCampId, { childIds: [parent.childIds[1] ?? 0] }),
    );
    expect(waiting.status).toBe('waitlisted');
  });

  it('needs the password, and changes nothing without it', async () => {
    const res = await deleteAccount(parent.token, { password: 'Not-The-Password-1' });
    expectError(res, 400, 'BAD_REQUEST', messages.passwordIncorrect, {
      password: messages.passwordIncorrect,
    });
    const missing = await deleteAccount(parent.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    expect((await getMe(app, parent.token)).statusCode).toBe(200);
    expect(await rowsOf(children, parent.id)).toBe(2);
  });

  it('cancels future places with refunds, removes children and cards, keeps payments, anonymises the rest', async () => {
    const spotsBefore = await spotsLeft(app, campId);
    const refundsBefore = await refundCount();
    const [card] = await db
      .select({ paymentMethodId: savedCards.paymentMethodId })
      .from(savedCards)
      .where(eq(savedCards.parentId, parent.id));
    const signup = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: parent.email },
    });
    expect(signup.statusCode, signup.body).toBeLessThan(300);
    const [customer] = await db
      .select({ id: paymentCustomers.customerId })
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userId, parent.id));
    const deletedCustomers = vi.spyOn(app.payments, 'deleteCustomer');
    const res = await deleteAccount(parent.token, { password: ACCOUNT_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { deleted: true } });
    expect(deletedCustomers).toHaveBeenCalledWith(customer?.id);
    deletedCustomers.mockRestore();
    expect(
      await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, parent.email)),
    ).toEqual([]);

    // The paid place was refunded in full through the processor and its spot freed.
    expect(await refundCount()).toBe(refundsBefore + 1);
    expect(await spotsLeft(app, campId)).toBe(spotsBefore + 1);
    const [payment] = await db.select().from(payments).where(eq(payments.parentId, parent.id));
    expect(payment).toMatchObject({ status: 'refunded', amountCents: 15000, refundedCents: 15000 });

    // Children (and with them their registrations), cards and the provider's card are gone.
    expect(await rowsOf(children, parent.id)).toBe(0);
    expect(await rowsOf(registrations, parent.id)).toBe(0);
    expect((await db.select().from(savedCards).where(eq(savedCards.parentId, parent.id))).length).toBe(0);
    expect(
      (await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, parent.id))).length,
    ).toBe(0);
    expect(
      (
        await db
          .select()
          .from(testProcessorPaymentMethods)
          .where(eq(testProcessorPaymentMethods.id, card?.paymentMethodId ?? ''))
      ).length,
    ).toBe(0);

    const [row] = await db.select().from(users).where(eq(users.id, parent.id));
    expect(row).toMatchObject({
      firstName: 'Deleted',
      lastName: 'user',
      email: `deleted-${parent.id}@invalid`,
      phone: null,
    });
    expect(JSON.stringify(row)).not.toContain(parent.email);

    // Every session ends, and the old password opens nothing.
    expect((await getMe(app, parent.token)).json()).toEqual(unauthenticatedReply);
    expect((await logIn(app, 'camper', parent.email, ACCOUNT_PASSWORD)).statusCode).toBe(401);

    // The refund notice still goes out, and is not kept once sent; the delivered welcome mail is gone.
    const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, parent.email));
    expect(mail.every((message) => message.sentAt === null && message.eraseAfterSending)).toBe(true);
    expect(mail.some((message) => message.textBody.includes('refund'))).toBe(true);
    const sent: string[] = [];
    const transport: MailTransport = {
      send: async (message) => {
        sent.push(message.to);
      },
      close: () => {},
    };
    await deliverPendingMail(db, transport, 'Campwise <no-reply@campwise.example>');
    expect(sent).toContain(parent.email);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, parent.email))).toEqual([]);

    const [deleted] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.deleted'), eq(auditEvents.subjectId, parent.id)));
    expect(deleted).toMatchObject({ actorId: parent.id, actorRole: 'camper', subjectType: 'user' });
  });

  it('waits while a child is at a camp that is running now', async () => {
    const busy = await family(app, [8]);
    const running = await addCamp(app, host);
    outcome(await register(app, busy, running, { childIds: busy.childIds, paymentMethodId: busy.cardId }));
    await startCamp(running);
    const refundsBefore = await refundCount();
    expectError(
      await deleteAccount(busy.token, { password: ACCOUNT_PASSWORD }),
      409,
      'CONFLICT',
      messages.parentAccountHasCampInProgress,
    );
    expect(await refundCount()).toBe(refundsBefore);
    expect(await rowsOf(children, busy.id)).toBe(1);
    expect((await getMe(app, busy.token)).statusCode).toBe(200);
  });

  it('needs a code as well when two-factor sign-in is on', async () => {
    const account = await registerAccount(app, 'camper');
    const id = await userIdOf(app, account.token);
    const { secret, step } = await turnOnTwoFactor(account.token);

    expectError(
      await deleteAccount(account.token, { password: ACCOUNT_PASSWORD }),
      400,
      'BAD_REQUEST',
      messages.twoFactorCodeRequired,
      { code: messages.twoFactorCodeRequired },
    );
    expect(
      (await deleteAccount(account.token, { password: ACCOUNT_PASSWORD, code: totpCode(secret, step) }))
        .statusCode,
    ).toBe(400);
    const res = await deleteAccount(account.token, {
      password: ACCOUNT_PASSWORD,
      code: totpCode(secret, step + 1),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
    expect(row?.email).toBe(`deleted-${id}@invalid`);
  });

  it('counts its code tries with every other code try of the account: 10 in 15 minutes', async () => {
    const account = await registerAccount(app, 'camper');
    const { secret, step } = await turnOnTwoFactor(account.token);
    const post = (url: string, payload: Record<string, string>) =>
      app.inject({ method: 'POST', url, payload, headers: bearer(account.token) });
    // Setting up and confirming were two of the ten; guesses elsewhere make six ...
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const res = await post('/api/account/two-factor/disable', {
        password: ACCOUNT_PASSWORD,
        code: '000000',
      });
      expect(res.statusCode).toBe(400);
    }
    // ... and the deletion's own four, under its own limit, make ten.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const res = await deleteAccount(account.token, { password: ACCOUNT_PASSWORD, code: '000000' });
      expect(res.statusCode).toBe(400);
    }
    const limited = await deleteAccount(account.token, {
      password: ACCOUNT_PASSWORD,
      code: totpCode(secret, step + 1),
    });
    expectError(limited, 429, 'RATE_LIMITED', messages.rateLimited);
    expect((await getMe(app, account.token)).statusCode).toBe(200);
    // The login's code step is limited with them.
    const login = await logIn(app, 'camper', account.email, ACCOUNT_PASSWORD);
    const { ticket } = login.json<{ data: { ticket: string } }>().data;
    const second = await post('/api/auth/two-factor', { ticket, code: totpCode(secret, step + 1) });
    expect(second.statusCode).toBe(429);
  });
});

describe("deleting a host's account", () => {
  it('is refused while its camps have confirmed places for sessions not over', async () => {
    const busyHost = await campHost(app, admin.token);
    const camp = await addCamp(app, busyHost);
    const parent = await family(app, [8]);
    const placed = outcome(
      await register(app, parent, camp, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
    );
    expectError(
      await deleteAccount(busyHost.token, { password: ACCOUNT_PASSWORD }),
      409,
      'CONFLICT',
      messages.hostAccountHasRegistrations,
    );
    expect((await db.select().from(organizations).where(eq(organizations.hostId, busyHost.id))).length).toBe(
      1,
    );

    // Once the host cancels (and refunds) the place, the account can go.
    const cancel = await app.inject({
      method: 'POST',
      url: `/host/registrations/${placed.registrationIds[0]}/cancel`,
      headers: bearer(busyHost.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await deleteAccount(busyHost.token, { password: ACCOUNT_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);

    // Organizations and camps are gone; the parent's payment stays for the accounts.
    expect((await db.select().from(organizations).where(eq(organizations.hostId, busyHost.id))).length).toBe(
      0,
    );
    expect((await db.select().from(camps).where(eq(camps.id, camp))).length).toBe(0);
    const [payment] = await db.select().from(payments).where(eq(payments.parentId, parent.id));
    expect(payment).toMatchObject({ status: 'refunded', campId: null });
    expect((await getMe(app, busyHost.token)).json()).toEqual(unauthenticatedReply);
  });

  it('stops the subscription renewing at the provider', async () => {
    const subscriber = await subscribedHost(app);
    const id = await userIdOf(app, subscriber.token);
    const res = await deleteAccount(subscriber.token, { password: ACCOUNT_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    // The paid period runs out on its own; the provider will not charge again.
    const state = await getSubscriptionState(db, app.payments, id);
    expect(state).toMatchObject({ isSubscribed: true, cancelAtPeriodEnd: true });
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
    expect(row?.email).toBe(`deleted-${id}@invalid`);
  });
});

describe('deleting an account where no SMTP server is configured', () => {
  it('erases the mail queued for it, which would otherwise wait forever', async () => {
    const local = await buildTestApp(ORG_ENV);
    try {
      const parent = await registerAccount(local.app, 'camper');
      const welcome = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, parent.email));
      expect(welcome.map((message) => message.sentAt)).toEqual([null]);
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/account/delete',
        payload: { password: ACCOUNT_PASSWORD },
        headers: bearer(parent.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, parent.email))).toEqual([]);
    } finally {
      await local.close();
    }
  });
});

describe('who may delete', () => {
  it('refuses administrators and guests', async () => {
    expectError(
      await deleteAccount(admin.token, { password: admin.password }),
      403,
      'FORBIDDEN',
      messages.adminAccountNotDeletable,
    );
    expect((await deleteAccount(null, { password: 'whatever-it-is' })).json()).toEqual(unauthenticatedReply);
  });
});
