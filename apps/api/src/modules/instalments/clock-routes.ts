import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chargeDueInstalments } from './run-instalments.ts';

const clockBody = z.object({ days: z.number().int().min(0).max(5000) }).strict();

/**
 * Sets the clock of the scheduled money work `days` ahead of the wall clock (0: back to it) and
 * runs the instalments job at that time, answering what it did. Registered only outside production, like the development mailbox: how
 * a journey reaches an instalment's due date.
 */
export const devClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/clock',
    { schema: { hide: true, body: clockBody }, config: { access: 'public' } },
    async (request) => {
      const now = app.clock.setAhead(request.body.days * 86_400_000);
      const result = await chargeDueInstalments(
        {
          db: app.db,
          payments: app.payments,
          publicUrl: app.config.publicUrl,
          platformFee: app.config.platformFee,
          wake: (job) => app.jobs.kick(job),
        },
        now,
        app.config.paymentReconcileAfterMs,
      );
      return { data: { now: now.toISOString(), ...result } };
    },
  );
};
