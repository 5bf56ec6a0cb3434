import { messages } from '@campwise/contract/messages';
import {
  earningsResponse,
  hostedOnboardingDoneResponse,
  hostedOnboardingResponse,
  payoutAccountResponse,
  payoutOnboardingResponse,
  testBankAccountSchema,
} from '@campwise/contract/payouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { fileAnswer } from '../../platform/openapi.ts';
import { isTestProcessor } from '../../platform/payments/create-provider.ts';
import { FIFTEEN_MINUTES, rateLimit } from '../../platform/rate-limit.ts';
import { earningsCsv, readEarnings } from './earnings.ts';
import { readPayoutAccount, startOnboarding } from './payout-accounts.ts';

/** A host's payout account and earnings (docs/decisions/027). */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payouts'];

  app.get(
    '/host/payout-account',
    {
      schema: { tags, summary: "The host's payout account", response: { 200: payoutAccountResponse } },
      config: { access: 'host' },
    },
    async (request) => ({
      data: await readPayoutAccount(
        app.db,
        app.payments,
        currentUser(request).id,
        app.config.platformFee,
        app.config.testPayoutIntervalDays,
      ),
    }),
  );

  app.post(
    '/host/payout-account/onboarding',
    {
      schema: {
        tags,
        summary: "A link to the provider's onboarding of the host's payout account",
        response: { 200: payoutOnboardingResponse },
      },
      config: { access: 'host' },
      preHandler: [
        rateLimit({
          name: 'payout-onboarding',
          max: 30,
          windowMs: FIFTEEN_MINUTES,
          key: (request) => (request.user ? String(request.user.id) : null),
        }),
      ],
    },
    async (request) => ({
      data: {
        url: await startOnboarding(app.db, app.payments, currentUser(request).id, app.config.publicUrl),
      },
    }),
  );

  app.get(
    '/host/earnings',
    {
      schema: {
        tags,
        summary: 'What the host earned, by camp and session, and the payouts',
        response: { 200: earningsResponse },
      },
      config: { access: 'host' },
    },
    async (request) => ({ data: await readEarnings(app.db, currentUser(request).id) }),
  );

  app.get(
    '/host/earnings.csv',
    {
      schema: {
        ...fileAnswer('text/csv'),
        tags,
        summary: 'Every payment, refund and payout as CSV for an accountant',
      },
      config: { access: 'host' },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="campwise-earnings.csv"')
        .header('cache-control', 'no-store')
        .send(await earningsCsv(app.db, currentUser(request).id)),
  );
};

const onboardingParams = z.object({ token: z.string().regex(/^[a-f0-9]{36}$/) });

/** The built-in test processor's hosted onboarding: what /pay/onboarding/{token} talks to. */
export const hostedOnboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const processor = app.payments;
  if (!isTestProcessor(processor)) return;

  app.get(
    '/api/pay/onboarding/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payouts'],
        summary: 'A test-processor payout account onboarding',
        params: onboardingParams,
        response: { 200: hostedOnboardingResponse },
      },
    },
    async (request) => {
      const onboarding = await processor.accounts.describeOnboarding(request.params.token);
      if (!onboarding) throw notFound(messages.payoutOnboardingUnavailable);
      return { data: onboarding };
    },
  );

  app.post(
    '/api/pay/onboarding/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payouts'],
        summary: 'Finish a test-processor onboarding with a test bank account',
        params: onboardingParams,
        body: testBankAccountSchema,
        response: { 200: hostedOnboardingDoneResponse },
      },
      // As many as the hosted checkout takes from one address: every new host passes both pages.
      preHandler: rateLimit({
        name: 'payout-onboarding-ip',
        max: 200,
        windowMs: FIFTEEN_MINUTES,
        key: (request) => request.ip,
      }),
    },
    async (request) => {
      const result = await processor.accounts.completeOnboarding(request.params.token, request.body);
      app.jobs.kick('payments');
      return { data: result };
    },
  );
};
