import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prettyPrinter, REDACTED, redactBearerTokens, redactUrl } from '../src/platform/logging.ts';
import { mailTo, resetLinkIn } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { createOrg, jpegImage } from './org-fixtures.ts';
import {
  ACCOUNT_PASSWORD,
  confirmCheckout,
  deliverEvents,
  GOOD_CARD,
  PAYMENTS_ENV,
  payCheckout,
  registerHost,
  startCheckout,
  startPayoutOnboarding,
  TEST_BANK_ACCOUNT,
} from './payments-fixtures.ts';

describe('redactUrl', () => {
  it.each([
    ['/resetpassword?token=abc123', `/resetpassword?token=${REDACTED}`],
    ['/host/subscribe/success?session_id=cs_test_1', `/host/subscribe/success?session_id=${REDACTED}`],
    ['/x?code=123456&next=%2Fhost', `/x?code=${REDACTED}&next=%2Fhost`],
    ['/x?TOKEN=a&Session_Id=b', `/x?TOKEN=${REDACTED}&Session_Id=${REDACTED}`],
    ['/x?%74oken=a', `/x?%74oken=${REDACTED}`],
    ['/x?token=a&token=b', `/x?token=${REDACTED}&token=${REDACTED}`],
    ['/api/pay/checkout/cs_test_0123', `/api/pay/checkout/${REDACTED}`],
    ['/pay/checkout/cs_test_0123?x=1', `/pay/checkout/${REDACTED}?x=1`],
    ['/pay/onboarding/acct_onb_0123', `/pay/onboarding/${REDACTED}`],
    ['/api/pay/onboarding/acct_onb_0123', `/api/pay/onboarding/${REDACTED}`],
    ['/api/unsubscribe/d-12-1795-abc', `/api/unsubscribe/${REDACTED}`],
    ['/unsubscribe/p-3-1795-abc?from=mail', `/unsubscribe/${REDACTED}?from=mail`],
    ['/calendar/feeds/AbC-123_xyz/family.ics', `/calendar/feeds/${REDACTED}/family.ics`],
    ['/search?term=soccer', '/search?term=soccer'],
    ['/x?token', '/x?token'],
    ['/x?%E0%A4%A=1', '/x?%E0%A4%A=1'],
    ['/plain/path', '/plain/path'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('redactBearerTokens', () => {
  it('replaces every bearer token of a line, in any letter case, and nothing else', () => {
    const line = '{"headers":{"authorization":"Bearer eyJ.a-b_c.d~e+f/g="},"x":"bearer abc","y":"Bearers"}';
    expect(redactBearerTokens(line)).toBe(
      `{"headers":{"authorization":"Bearer ${REDACTED}"},"x":"Bearer ${REDACTED}","y":"Bearers"}`,
    );
  });
});

describe('prettyPrinter', () => {
  const found = () => '/modules/pino-pretty/index.js';
  const missing = () => {
    throw new Error('Cannot find module');
  };

  it('prints readable lines at a terminal outside production', () => {
    expect(prettyPrinter('development', true, found)).toBe('/modules/pino-pretty/index.js');
    expect(prettyPrinter('test', true, found)).toBe('/modules/pino-pretty/index.js');
  });

  it('keeps JSON in production, when stdout is not a terminal, and without the package', () => {
    expect(prettyPrinter('production', true, found)).toBeNull();
    expect(prettyPrinter('development', false, found)).toBeNull();
    expect(prettyPrinter('development', true, missing)).toBeNull();
  });
});

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

const INFO = 30;

describe('the request log of a whole journey', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'campwise-web-'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Campwise</title><div id="root"></div>');
    ({ app } = await buildTestApp(
      { ...PAYMENTS_ENV, LOG_LEVEL: 'trace', WEB_DIST_DIR: distDir },
      { logDestination: { write: (line) => lines.push(line) } },
    ));
  });
  afterAll(() => {
    rmSync(distDir, { recursive: true, force: true });
  });

  const openPage = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('never holds a reset or confirmation token, a checkout session id, a password or a session token', async () => {
    const secrets: string[] = [ACCOUNT_PASSWORD, GOOD_CARD.cvc];

    // A host subscribes: the hosted checkout, the return to the success page, the confirmation.
    const host = await registerHost(app);
    secrets.push(host.token);
    const sessionId = await startCheckout(app, host.token);
    secrets.push(sessionId);
    expect((await openPage(`/pay/checkout/${sessionId}`)).statusCode).toBe(200);
    expect((await payCheckout(app, sessionId, GOOD_CARD)).statusCode).toBe(200);
    expect((await openPage(`/host/subscribe/success?session_id=${sessionId}`)).statusCode).toBe(200);
    expect((await confirmCheckout(app, host.token, { sessionId })).statusCode).toBe(200);
    await deliverEvents(app);

    // The host forgets the password: the link from the e-mail is opened, and used.
    const asked = await app.inject({
      method: 'POST',
      url: '/api/host/requestpasswordreset',
      payload: { email: host.email },
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await mailTo(app.db, host.email, 'Reset your Campwise password');
    const link = resetLinkIn(mail?.textBody ?? '');
    const token = link.searchParams.get('token') ?? '';
    secrets.push(token);
    expect((await openPage(`${link.pathname}${link.search}`)).statusCode).toBe(200);
    const newPassword = 'Quiet-Harbor-Lantern-77';
    secrets.push(newPassword);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/resetpassword',
      payload: { token, password: newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    // The host moves to a new sign-in address and opens the link mailed there.
    const session = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: host.email, password: newPassword },
    });
    const sessionToken = session.json<{ data: { token: string } }>().data.token;
    secrets.push(sessionToken);
    const newEmail = `moved-${Date.now()}@example.com`;
    const moved = await app.inject({
      method: 'PUT',
      url: '/host',
      headers: { authorization: `Bearer ${sessionToken}` },
      payload: { firstName: 'Robin', lastName: 'Meadows', email: newEmail, currentPassword: newPassword },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [confirmation] = await mailTo(app.db, newEmail, 'Confirm your new Campwise sign-in email');
    const confirmLink = new URL(
      /(\S+\/confirm-email\?token=\S+)/.exec(confirmation?.textBody ?? '')?.[1] ?? '',
    );
    const confirmToken = confirmLink.searchParams.get('token') ?? '';
    secrets.push(confirmToken);
    expect((await openPage(`${confirmLink.pathname}${confirmLink.search}`)).statusCode).toBe(200);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/account/email/confirm',
      payload: { token: confirmToken },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // Signed in at the new address, the host uploads an organisation's picture (a multipart form,
    // whose reader logs its options at trace) and sets up payouts through the hosted page.
    const signedIn = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: newEmail, password: newPassword },
    });
    const uploadToken = signedIn.json<{ data: { token: string } }>().data.token;
    secrets.push(uploadToken);
    await createOrg(app, uploadToken, {}, await jpegImage(640, 480));
    const onboarding = await startPayoutOnboarding(app, uploadToken);
    secrets.push(onboarding);
    expect((await openPage(`/pay/onboarding/${onboarding}`)).statusCode).toBe(200);
    const connected = await app.inject({
      method: 'POST',
      url: `/api/pay/onboarding/${onboarding}`,
      payload: TEST_BANK_ACCOUNT,
    });
    expect(connected.statusCode, connected.body).toBe(200);

    // The log saw every step, and none of the secrets.
    const entries = lines.map((line) => JSON.parse(line) as LogLine);
    const urls = entries.flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).toContain(`/resetpassword?token=${REDACTED}`);
    expect(urls).toContain(`/host/subscribe/success?session_id=${REDACTED}`);
    expect(urls).toContain(`/pay/checkout/${REDACTED}`);
    expect(urls).toContain(`/confirm-email?token=${REDACTED}`);
    expect(urls).toContain(`/pay/onboarding/${REDACTED}`);
    expect(urls).toContain(`/api/pay/onboarding/${REDACTED}`);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(3);
      // Standing alone: a CVC of four digits may be part of a timestamp's digits by chance.
      const alone = new RegExp(
        `(?<![A-Za-z0-9])${secret.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9])`,
      );
      const holding = lines.filter((line) => alone.test(line));
      expect(holding, `a log line holds ${secret}`).toEqual([]);
    }
  });

  it("logs the built-in processor's webhooks below info", async () => {
    const entries = lines.map((line) => JSON.parse(line) as LogLine);
    const webhookIds = new Set(
      lines
        .filter((line) => line.includes('/api/webhooks/payments'))
        .map((line) => (JSON.parse(line) as { reqId: string }).reqId),
    );
    expect(webhookIds.size).toBeGreaterThan(0);
    const webhookEntries = lines
      .map((line) => JSON.parse(line) as LogLine & { reqId?: string })
      .filter((entry) => entry.reqId !== undefined && webhookIds.has(entry.reqId));
    expect(webhookEntries.length).toBeGreaterThanOrEqual(2 * webhookIds.size);
    expect(webhookEntries.filter((entry) => entry.level >= INFO)).toEqual([]);
    // Every other request still has its info lines.
    expect(entries.some((entry) => entry.level === INFO && entry.msg === 'incoming request')).toBe(true);
  });
});
