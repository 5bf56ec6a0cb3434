import { mkdirSync } from 'node:fs';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, type DatabaseHandle, openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/setup.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { campRoutes } from './modules/camps/routes.ts';
import { cardRoutes } from './modules/cards/routes.ts';
import { categoryRoutes } from './modules/categories/routes.ts';
import { childRoutes } from './modules/children/routes.ts';
import { discountRoutes } from './modules/discounts/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { mailboxRoutes } from './modules/mail/routes.ts';
import { deliverPendingMail, smtpTransport } from './modules/mail/service.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { deliverPendingSignups } from './modules/newsletter/service.ts';
import { orgRoutes } from './modules/orgs/routes.ts';
import { hostedCheckoutRoutes, paymentWebhookRoutes } from './modules/payments/routes.ts';
import { plannerRoutes } from './modules/planner/routes.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import { refundPolicyRoutes } from './modules/refund-policies/routes.ts';
import { processWaitlist } from './modules/registrations/process-waitlist.ts';
import { reconcilePayments } from './modules/registrations/reconcile-payments.ts';
import { RECONCILE_JOB, registrationRoutes, WAITLIST_JOB } from './modules/registrations/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { sessionRoutes } from './modules/sessions/routes.ts';
import { SESSION_NOTICES_JOB, sendSessionNotices } from './modules/sessions/session-notices.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { frameworkErrors, registerErrorHandling } from './platform/errors.ts';
import { MAX_IMAGE_BYTES } from './platform/images.ts';
import { JobRunner } from './platform/jobs.ts';
import { type LogDestination, loggingOptions } from './platform/logging.ts';
import { LoginTicketService } from './platform/login-tickets.ts';
import { createPaymentProvider } from './platform/payments/create-provider.ts';
import type { PaymentProvider } from './platform/payments/provider.ts';
import { TEST_SIGNATURE_HEADER, TestProcessor } from './platform/payments/test-processor.ts';
import { MemoryRateLimitStore, type RateLimitStore, RedisRateLimitStore } from './platform/rate-limit.ts';
import { SecretBox } from './platform/secret-box.ts';
import { registerSecurityHeaders } from './platform/security.ts';
import { createStorage, type FileStorage, LocalStorage } from './platform/storage.ts';
import { resolveJwtSecret, TokenService } from './platform/tokens.ts';
import { registerWebApp } from './platform/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    jobs: JobRunner;
    tokens: TokenService;
    loginTickets: LoginTicketService;
    secretBox: SecretBox;
    rateLimits: RateLimitStore;
    payments: PaymentProvider;
    storage: FileStorage;
  }
}

export interface BuildOptions {
  /** A database opened by the caller (tests share one); otherwise the app opens and closes its own. */
  database?: DatabaseHandle;
  /** Whether background jobs run on their interval (tests drive them directly). */
  startJobs?: boolean;
  /** Told of every route as it is added, plugins' too (how tests read the live route table). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the JSON log lines go instead of stdout (how tests read the log). */
  logDestination?: LogDestination;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config, { destination: options.logDestination }),
    trustProxy: config.trustProxy,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API takes JSON bodies only. Fastify also parses text/plain by default, which is the
  // body type a cross-site form can send without a preflight; dropping it makes those a 415.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);

  const database = options.database ?? openDatabase(config.database);
  if (!options.database) app.addHook('onClose', () => database.close());
  await prepareDatabase(database);

  const jobs = new JobRunner(config.jobIntervalMs, app.log);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('jobs', jobs);
  const appSecret = resolveJwtSecret(config);
  app.decorate('tokens', new TokenService(appSecret));
  app.decorate('loginTickets', new LoginTicketService(appSecret));
  app.decorate('secretBox', new SecretBox(appSecret));
  const payments = createPaymentProvider(config, database.db, appSecret);
  app.decorate('payments', payments);
  if (payments instanceof TestProcessor) {
    // The processor reports through the same signed webhook endpoint Stripe would call.
    jobs.add('payments', () =>
      payments.runDueWork(async (body, signature) => {
        const reply = await app.inject({
          method: 'POST',
          url: '/api/webhooks/payments',
          headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature },
          payload: body,
        });
        return reply.statusCode;
      }),
    );
  }
  const rateLimits: RateLimitStore = config.redisUrl
    ? new RedisRateLimitStore(config.redisUrl)
    : new MemoryRateLimitStore();
  app.decorate('rateLimits', rateLimits);
  app.addHook('onClose', () => rateLimits.close());
  app.decorateRequest('user', null);
  const storage = createStorage(config);
  app.decorate('storage', storage);

  const registrationDeps = { db: database.db, payments, publicUrl: config.publicUrl };
  jobs.add(WAITLIST_JOB, () => processWaitlist(registrationDeps));
  jobs.add(SESSION_NOTICES_JOB, () => sendSessionNotices(database.db, config.publicUrl));
  // Also settles, soon after a restart, payments a crash left pending.
  jobs.add(RECONCILE_JOB, () =>
    reconcilePayments(registrationDeps, new Date(), config.paymentReconcileAfterMs),
  );

  const webhookUrl = config.mailingListWebhookUrl;
  if (webhookUrl) jobs.add('newsletter', () => deliverPendingSignups(database.db, webhookUrl));
  if (config.smtpUrl) {
    const transport = smtpTransport(config.smtpUrl);
    jobs.add('mail', () => deliverPendingMail(database.db, transport, config.mailFrom));
    app.addHook('onClose', async () => transport.close());
  }
  if (options.startJobs ?? true) app.addHook('onReady', async () => jobs.start());
  // Registered after the database hook so it runs first: jobs stop before the database closes.
  app.addHook('onClose', () => jobs.stop());

  await registerSecurityHeaders(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Campwise API', version: '1.0.0', description: 'The Campwise marketplace API.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 4, fields: 40, fieldSize: 20_000, parts: 50 },
  });
  if (storage instanceof LocalStorage) {
    mkdirSync(storage.directory, { recursive: true });
    // Stored under random names that never change, so browsers may keep them for a year.
    await app.register(fastifyStatic, {
      root: storage.directory,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: '365d',
    });
  }

  await app.register(healthRoutes);
  await app.register(siteRoutes);
  await app.register(categoryRoutes);
  await app.register(newsletterRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(twoFactorRoutes);
  await app.register(privacyRoutes);
  await app.register(subscriptionRoutes);
  await app.register(paymentWebhookRoutes);
  await app.register(hostedCheckoutRoutes);
  await app.register(orgRoutes);
  await app.register(reviewRoutes);
  await app.register(campRoutes);
  await app.register(childRoutes);
  await app.register(cardRoutes);
  await app.register(searchRoutes);
  await app.register(registrationRoutes);
  await app.register(sessionRoutes);
  await app.register(discountRoutes);
  await app.register(refundPolicyRoutes);
  await app.register(plannerRoutes);
  await app.register(auditRoutes);
  if (config.env !== 'production') await app.register(mailboxRoutes);

  if (config.webDistDir) await registerWebApp(app, config.webDistDir);

  return app;
}
