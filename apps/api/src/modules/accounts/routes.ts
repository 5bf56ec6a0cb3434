import {
  accountUpdateResponse,
  camperAccountBody,
  changePasswordBody,
  confirmEmailChangeBody,
  confirmEmailChangeResponse,
  hostAccountBody,
  hostDetailsResponse,
  meResponse,
  passcheckBody,
  passcheckResponse,
  regenBody,
  tokenResponse,
} from '@campwise/contract/accounts';
import { idFromText } from '@campwise/contract/ids';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { FIFTEEN_MINUTES, rateLimit } from '../../platform/rate-limit.ts';
import {
  type AccountDetails,
  changePassword,
  checkPassword,
  confirmEmailChange,
  getUserData,
  regenerateToken,
  updateAccount,
} from './service.ts';

const idParams = z.object({ id: idFromText });

const passwordChecks = {
  name: 'password-check',
  max: 10,
  windowMs: FIFTEEN_MINUTES,
};

/** Password checks by a signed-in user are limited per account, like a login. */
const perAccount = rateLimit({
  ...passwordChecks,
  key: (request) => (request.user ? String(request.user.id) : null),
});

/** An account update counts against the same limit when it carries a password to check. */
const perAccountWhenPasswordGiven = rateLimit({
  ...passwordChecks,
  key: (request) => {
    const body = request.body as { currentPassword?: unknown } | undefined;
    return request.user && typeof body?.currentPassword === 'string' ? String(request.user.id) : null;
  },
});

/** Confirmation links opened from one address, like reset links. */
const confirmPerIp = rateLimit({
  name: 'email-confirm-ip',
  max: 100,
  windowMs: FIFTEEN_MINUTES,
  key: (request) => request.ip,
});

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const mail = { publicUrl: app.config.publicUrl, supportEmail: app.config.site.supportEmail };
  const update = async (request: FastifyRequest & { body: AccountDetails }) => {
    const answer = await updateAccount(app.db, mail, currentUser(request).id, request.body);
    app.jobs.kick('mail');
    return { data: answer };
  };

  app.get(
    '/me',
    {
      schema: { tags: ['accounts'], summary: 'The signed-in user', response: { 200: meResponse } },
      config: { access: 'user' },
    },
    async (request) => ({ data: { userData: await getUserData(app.db, currentUser(request).id) } }),
  );

  app.get(
    '/host/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'A host reads its own details',
        params: idParams,
        response: { 200: hostDetailsResponse },
      },
      config: { access: 'host' },
    },
    async (request) => {
      // Another host's id looks exactly like one that does not exist.
      if (request.params.id !== currentUser(request).id) throw notFound();
      return { data: await getUserData(app.db, request.params.id) };
    },
  );

  app.put(
    '/host',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Update host account details (a new e-mail is confirmed by a link first)',
        body: hostAccountBody,
        response: { 200: accountUpdateResponse },
      },
      config: { access: 'host' },
      preHandler: perAccountWhenPasswordGiven,
    },
    update,
  );

  app.put(
    '/camper',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Update camper account details (a new e-mail is confirmed by a link first)',
        body: camperAccountBody,
        response: { 200: accountUpdateResponse },
      },
      config: { access: 'camper' },
      preHandler: perAccountWhenPasswordGiven,
    },
    update,
  );

  app.post(
    '/api/account/email/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Open the link sent to a new sign-in e-mail: the address switches',
        body: confirmEmailChangeBody,
        response: { 200: confirmEmailChangeResponse },
      },
      preHandler: confirmPerIp,
    },
    async (request) => {
      const answer = await confirmEmailChange(app.db, mail, request.body.token);
      app.jobs.kick('mail');
      return { data: answer };
    },
  );

  app.post(
    '/auth/host/regen',
    {
      schema: {
        tags: ['accounts'],
        summary: 'A fresh token for the signed-in host',
        body: regenBody,
        response: { 200: tokenResponse },
      },
      config: { access: 'host' },
    },
    async (request) => ({
      data: { token: await regenerateToken(app.db, app.tokens, currentUser(request).id, request.body.email) },
    }),
  );

  app.post(
    '/api/user/passcheck',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Check the current password',
        body: passcheckBody,
        response: { 200: passcheckResponse },
      },
      config: { access: 'user' },
      preHandler: perAccount,
    },
    async (request) => ({
      data: { isValid: await checkPassword(app.db, currentUser(request).id, request.body.password) },
    }),
  );

  app.put(
    '/api/user/password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the password',
        body: changePasswordBody,
        response: { 200: tokenResponse },
      },
      config: { access: 'user' },
      preHandler: perAccount,
    },
    async (request) => {
      const token = await changePassword(
        app.db,
        app.tokens,
        currentUser(request).id,
        request.body.currentPassword,
        request.body.password,
      );
      app.jobs.kick('mail');
      return { data: { token } };
    },
  );
};
