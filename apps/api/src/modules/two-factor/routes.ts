import { tokenResponse } from '@campwise/contract/accounts';
import {
  authenticatorSetupResponse,
  beginSetupBody,
  confirmSetupBody,
  disableTwoFactorBody,
  enrolmentBody,
  enrolmentConfirmBody,
  enrolmentConfirmResponse,
  recoveryCodesResponse,
  renewRecoveryCodesBody,
  secondFactorBody,
  twoFactorStatusResponse,
} from '@campwise/contract/two-factor';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import type { LoginTicket } from '../../platform/login-tickets.ts';
import { FIFTEEN_MINUTES, type RateLimitRule, rateLimit } from '../../platform/rate-limit.ts';
import {
  beginSetup,
  beginSetupWithPassword,
  completeEnrolment,
  completeSignIn,
  confirmSetup,
  disableTwoFactor,
  readTicket,
  renewRecoveryCodes,
  signInExpired,
  type TwoFactorDeps,
  twoFactorStatus,
} from './service.ts';

/** Tickets checked by a route's first preHandler, for the limiter and the handler after it. */
const verifiedTickets = new WeakMap<FastifyRequest, LoginTicket>();

function ticketOf(request: FastifyRequest): LoginTicket {
  const ticket = verifiedTickets.get(request);
  if (!ticket) throw signInExpired();
  return ticket;
}

/**
 * Codes are limited like passwords: 10 tries per account and 100 per IP address in 15 minutes,
 * counted per account whichever ticket or session the try comes with.
 */
function codeAttempts(account: (request: FastifyRequest) => string | null): RateLimitRule[] {
  return [
    { name: 'second-factor-account', max: 10, windowMs: FIFTEEN_MINUTES, key: account },
    { name: 'second-factor-ip', max: 100, windowMs: FIFTEEN_MINUTES, key: (request) => request.ip },
  ];
}

const perTicketAccount = rateLimit(...codeAttempts((request) => String(ticketOf(request).userId)));
/**
 * The same counts for a signed-in user's password-and-code calls; shared with other routes
 * that take a code (deleting the account), so no route adds guesses of its own.
 */
export const perSignedInAccount = rateLimit(
  ...codeAttempts((request) => (request.user ? String(request.user.id) : null)),
);

/** Authenticator apps (TOTP) and recovery codes: the second step of a login, and the settings. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: TwoFactorDeps = { db: app.db, secretBox: app.secretBox };
  const ticketFor =
    (purpose: LoginTicket['purpose']) =>
    async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      const { ticket } = request.body as { ticket: string };
      verifiedTickets.set(request, await readTicket(app.db, app.loginTickets, ticket, purpose));
    };

  app.post(
    '/api/auth/two-factor',
    {
      config: { access: 'public' },
      schema: {
        tags: ['two-factor'],
        summary: 'The second step of a login: an authenticator or recovery code for the ticket',
        body: secondFactorBody,
        response: { 200: tokenResponse },
      },
      preHandler: [ticketFor('code'), perTicketAccount],
    },
    async (request) => ({
      data: { token: await completeSignIn(deps, app.tokens, ticketOf(request), request.body.code) },
    }),
  );

  app.post(
    '/api/auth/two-factor/enrolment',
    {
      config: { access: 'public' },
      schema: {
        tags: ['two-factor'],
        summary: "An administrator's first sign-in: a new authenticator secret and its QR code",
        body: enrolmentBody,
        response: { 200: authenticatorSetupResponse },
      },
      preHandler: ticketFor('enrol'),
    },
    async (request) => ({ data: await beginSetup(deps, ticketOf(request).userId) }),
  );

  app.post(
    '/api/auth/two-factor/enrolment/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['two-factor'],
        summary: 'Confirm the new authenticator with a code: signs in and answers the recovery codes',
        body: enrolmentConfirmBody,
        response: { 200: enrolmentConfirmResponse },
      },
      preHandler: [ticketFor('enrol'), perTicketAccount],
    },
    async (request) => ({
      data: await completeEnrolment(deps, app.tokens, ticketOf(request), request.body.code),
    }),
  );

  app.get(
    '/api/account/two-factor',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
        response: { 200: twoFactorStatusResponse },
      },
      config: { access: 'user' },
    },
    async (request) => ({ data: await twoFactorStatus(app.db, currentUser(request)) }),
  );

  app.post(
    '/api/account/two-factor/setup',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Start turning two-factor sign-in on (password): a new secret and its QR code',
        body: beginSetupBody,
        response: { 200: authenticatorSetupResponse },
      },
      config: { access: 'user' },
      preHandler: perSignedInAccount,
    },
    async (request) => ({
      data: await beginSetupWithPassword(deps, currentUser(request).id, request.body.password),
    }),
  );

  app.post(
    '/api/account/two-factor/confirm',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Confirm the new authenticator with a code; answers the recovery codes, once',
        body: confirmSetupBody,
        response: { 200: recoveryCodesResponse },
      },
      config: { access: 'user' },
      preHandler: perSignedInAccount,
    },
    async (request) => ({
      data: { recoveryCodes: await confirmSetup(deps, currentUser(request).id, request.body.code) },
    }),
  );

  app.post(
    '/api/account/two-factor/disable',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Turn two-factor sign-in off (password and a code); administrators cannot',
        body: disableTwoFactorBody,
        response: { 200: twoFactorStatusResponse },
      },
      config: { access: 'user' },
      preHandler: perSignedInAccount,
    },
    async (request) => {
      const user = currentUser(request);
      await disableTwoFactor(deps, user, request.body.password, request.body.code);
      return { data: await twoFactorStatus(app.db, user) };
    },
  );

  app.post(
    '/api/account/two-factor/recovery-codes',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'New recovery codes for all the old ones (password and a code); answered once',
        body: renewRecoveryCodesBody,
        response: { 200: recoveryCodesResponse },
      },
      config: { access: 'user' },
      preHandler: perSignedInAccount,
    },
    async (request) => ({
      data: {
        recoveryCodes: await renewRecoveryCodes(
          deps,
          currentUser(request).id,
          request.body.password,
          request.body.code,
        ),
      },
    }),
  );
};
