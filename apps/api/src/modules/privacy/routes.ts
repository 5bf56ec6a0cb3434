import { accountExportSchema, deleteAccountBody, deleteAccountResponse } from '@campwise/contract/privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { FIFTEEN_MINUTES, rateLimit } from '../../platform/rate-limit.ts';
import { WAITLIST_JOB } from '../registrations/index.ts';
import { perSignedInAccount } from '../two-factor/index.ts';
import { deleteAccount, type PrivacyDeps } from './delete-account.ts';
import { exportAccount } from './export-account.ts';

/**
 * Deleting an account checks the password (and a code): limited per account like a login.
 * Its code tries count with every other route's too (perSignedInAccount).
 */
const perAccount = rateLimit({
  name: 'account-delete',
  max: 10,
  windowMs: FIFTEEN_MINUTES,
  key: (request) => (request.user ? String(request.user.id) : null),
});

/** The privacy policy's rights in account settings: a copy of one's data, and erasure. */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PrivacyDeps = {
    db: app.db,
    payments: app.payments,
    publicUrl: app.config.publicUrl,
    platformFee: app.config.platformFee,
    storage: app.storage,
    secretBox: app.secretBox,
    mailIsDelivered: app.config.smtpUrl !== null,
  };

  app.get(
    '/api/account/export',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Everything Campwise keeps about the signed-in user, as a JSON file',
        response: { 200: accountExportSchema },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await exportAccount(app.db, app.healthData, app.storage, user.id);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="campwise-data-${user.id}-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.post(
    '/api/account/delete',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Delete the signed-in account (password, and a code with two-factor sign-in)',
        body: deleteAccountBody,
        response: { 200: deleteAccountResponse },
      },
      config: { access: 'user' },
      preHandler: [perAccount, perSignedInAccount],
    },
    async (request) => {
      await deleteAccount(deps, currentUser(request), request.body.password, request.body.code);
      // Refund notices go out, and freed spots are offered to the waitlists.
      app.jobs.kick('mail');
      app.jobs.kick(WAITLIST_JOB);
      return { data: { deleted: true as const } };
    },
  );
};
