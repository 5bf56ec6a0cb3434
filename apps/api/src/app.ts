import { mkdirSync } from 'node:fs';
import { basename } from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, type DatabaseHandle, openDatabase } from './db/client.ts';
import { accountRoutes } from './modules/accounts/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { bookingWidgetRoutes } from './modules/booking-widget/index.ts';
import { calendarFeedRoutes } from './modules/calendar-feeds/index.ts';
import { campFormRoutes } from './modules/camp-forms/index.ts';
import { campReviewRoutes } from './modules/camp-reviews/index.ts';
import { campRoutes } from './modules/camps/index.ts';
import { cardRoutes } from './modules/cards/index.ts';
import { categoryRoutes } from './modules/categories/index.ts';
import { checkInRoutes } from './modules/check-in/index.ts';
import { childRoutes } from './modules/children/index.ts';
import {
  ANNOUNCEMENTS_JOB,
  ATTACHMENTS_JOB,
  conversationRoutes,
  deliverAnnouncements,
  moveStoredAttachments,
} from './modules/conversations/index.ts';
import { discountRoutes } from './modules/discounts/index.ts';
import { familyBasketRoutes } from './modules/family-basket/index.ts';
import { friendRoutes } from './modules/friends/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { healthProfileRoutes } from './modules/health-profiles/index.ts';
import { insightsRoutes } from './modules/insights/index.ts';
import {
  chargeDueInstalments,
  devClockRoutes,
  INSTALMENTS_JOB,
  instalmentRoutes,
} from './modules/instalments/index.ts';
import { linkPreviewRoutes } from './modules/link-previews/index.ts';
import { deliverPendingMail, mailboxRoutes, smtpTransport } from './modules/mail/index.ts';
import { deliverPendingSignups, newsletterRoutes } from './modules/newsletter/index.ts';
import { orgRoutes } from './modules/orgs/index.ts';
import { paymentPlanRoutes } from './modules/payment-plans/index.ts';
import { hostedCheckoutRoutes, paymentWebhookRoutes } from './modules/payments/index.ts';
import { hostedOnboardingRoutes, payoutRoutes } from './modules/payouts/index.ts';
import { plannerRoutes } from './modules/planner/index.ts';
import { privacyRoutes } from './modules/privacy/index.ts';
import { readPageHead, renderHead } from './modules/public-pages/index.ts';
import { receiptRoutes } from './modules/receipts/index.ts';
import { refundPolicyRoutes } from './modules/refund-policies/index.ts';
import {
  processWaitlist,
  RECONCILE_JOB,
  reconcilePayments,
  registrationRoutes,
  WAITLIST_JOB,
} from './modules/registrations/index.ts';
import { reminderRoutes, SESSION_REMINDERS_JOB, sendSessionReminders } from './modules/reminders/index.ts';
import { reviewRoutes } from './modules/reviews/index.ts';
import {
  SAVED_SEARCH_DIGEST_JOB,
  savedSearchRoutes,
  sendSearchDigests,
} from './modules/saved-searches/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { finishCancelledSessions, sendSessionNotices, sessionRoutes } from './modules/sessions/index.ts';
import { siteRoutes } from './modules/site/index.ts';
import { sitemapRoutes } from './modules/sitemap/index.ts';
import {
  requireOwnSubscription,
  requireSubscribedHost,
  subscriptionRoutes,
} from './modules/subscriptions/index.ts';
import { taxIdBox, taxStatementRoutes } from './modules/tax-statements/index.ts';
import { sendCheckExpiryNotices, teamRoutes } from './modules/teams/index.ts';
import { twoFactorRoutes } from './modules/two-factor/index.ts';
import { UnsubscribeLinks, unsubscribeRoutes } from './modules/unsubscribe/index.ts';
import { Clock } from './platform/clock.ts';
import { frameworkErrors, registerErrorHandling } from './platform/errors.ts';
import { HealthDataBox } from './platform/health-data-box.ts';
import { MAX_IMAGE_BYTES, PRIVATE_IMAGE_PREFIX } from './platform/images.ts';
import { JobRunner } from './platform/jobs.ts';
import { type LogDestination, loggingOptions } from './platform/logging.ts';
import { LoginTicketService } from './platform/login-tickets.ts';
import { openApiOptions } from './platform/openapi.ts';
import { createPaymentProvider, isTestProcessor } from './platform/payments/create-provider.ts';
import type { PaymentProvider } from './platform/payments/provider.ts';
import { forgetPublicAnswersOnWrites, PublicAnswers, watchPublicAnswers } from './platform/public-answers.ts';
import { type RateLimitStore, registerRateLimits } from './platform/rate-limit.ts';
import { enforceRouteAccess } from './platform/route-access.ts';
import { SecretBox } from './platform/secret-box.ts';
import { registerSecurityHeaders } from './platform/security.ts';
import { createStorage, type FileStorage, LocalStorage } from './platform/storage.ts';
import { resolveJwtSecret, TokenService } from './platform/tokens.ts';
import { COMPRESSION_THRESHOLD_BYTES, registerWebApp } from './platform/web-app.ts';
import { prepareDatabase } from './prepare-database.ts';
import { SESSION_NOTICES_JOB } from './shared/job-names.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    jobs: JobRunner;
    clock: Clock;
    tokens: TokenService;
    loginTickets: LoginTicketService;
    secretBox: SecretBox;
    /** Seals organisations' EINs at rest (decision 077). */
    taxIdBox: SecretBox;
    healthData: HealthDataBox;
    rateLimits: RateLimitStore;
    payments: PaymentProvider;
    storage: FileStorage;
    unsubscribeLinks: UnsubscribeLinks;
    publicAnswers: PublicAnswers;
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

  const database = options.database ?? openDatabase(config.database, { log: app.log });
  if (!options.database) app.addHook('onClose', () => database.close());
  await prepareDatabase(database);

  const jobs = new JobRunner({
    intervalMs: config.jobIntervalMs,
    runExpirySeconds: config.jobRunExpirySeconds,
    log: app.log,
    connect: () => database.openSqlConnection('campwise-jobs'),
  });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('jobs', jobs);
  const clock = new Clock();
  app.decorate('clock', clock);
  const appSecret = resolveJwtSecret(config);
  app.decorate('tokens', new TokenService(appSecret));
  app.decorate('loginTickets', new LoginTicketService(appSecret));
  app.decorate('secretBox', new SecretBox(appSecret));
  app.decorate('taxIdBox', taxIdBox(appSecret));
  app.decorate('healthData', HealthDataBox.fromConfig(config.healthDataKeys, appSecret));
  const payments = await createPaymentProvider(config, database.db, appSecret);
  app.decorate('payments', payments);
  if (isTestProcessor(payments)) {
    // The processor reports through the same signed webhook endpoint Stripe would call.
    jobs.add('payments', () =>
      payments.runDueWork(async (body, signature) => {
        const reply = await app.inject({
          method: 'POST',
          url: '/api/webhooks/payments',
          headers: { 'content-type': 'application/json', [payments.signatureHeader]: signature },
          payload: body,
        });
        return reply.statusCode;
      }),
    );
  }
  await registerRateLimits(app, config.redisUrl);
  app.decorateRequest('user', null);
  const publicAnswers = new PublicAnswers(config.publicAnswerTtlMs);
  app.decorate('publicAnswers', publicAnswers);
  forgetPublicAnswersOnWrites(app, publicAnswers);
  if (config.publicAnswerTtlMs > 0) {
    const watch = watchPublicAnswers(database, publicAnswers, app.log);
    app.addHook('onClose', () => watch.stop());
  }
  const storage = createStorage(config);
  app.decorate('storage', storage);

  const registrationDeps = {
    db: database.db,
    payments,
    publicUrl: config.publicUrl,
    platformFee: config.platformFee,
  };
  jobs.add(WAITLIST_JOB, () => processWaitlist(registrationDeps));
  const unsubscribeLinks = new UnsubscribeLinks(appSecret, config.publicUrl);
  app.decorate('unsubscribeLinks', unsubscribeLinks);
  jobs.add(SESSION_NOTICES_JOB, () => sendSessionNotices(database.db, unsubscribeLinks));
  jobs.add(SAVED_SEARCH_DIGEST_JOB, () => sendSearchDigests(database.db, unsubscribeLinks));
  jobs.add('background-check-notices', async () => {
    if ((await sendCheckExpiryNotices(database.db, config.publicUrl, new Date())) > 0) jobs.kick('mail');
  });
  // The wall clock: the movable clock is for money work only (a journey moving it must not
  // make every camp's reminders early or late).
  jobs.add(SESSION_REMINDERS_JOB, () => sendSessionReminders(database.db, config.publicUrl, new Date()));
  // Also settles, soon after a restart, payments a crash left pending.
  jobs.add(RECONCILE_JOB, async () => {
    const reconciled = await reconcilePayments(registrationDeps, new Date(), config.paymentReconcileAfterMs);
    // Places a crash left held in a session the host cancelled: cancelled and refunded now.
    const finished = await finishCancelledSessions(
      registrationDeps,
      new Date(),
      config.paymentReconcileAfterMs,
    );
    if (finished > 0) jobs.kick('mail');
    if (reconciled.refundsRefused > 0) {
      app.log.error(
        { refunds: reconciled.refundsRefused },
        'the processor refused refunds for good: see refunds marked failed',
      );
    }
  });

  jobs.add(INSTALMENTS_JOB, () =>
    chargeDueInstalments(
      { ...registrationDeps, wake: (job) => jobs.kick(job) },
      clock.now(),
      config.paymentReconcileAfterMs,
    ),
  );

  jobs.add(ATTACHMENTS_JOB, () => moveStoredAttachments(database.db, storage, app.log));
  jobs.add(ANNOUNCEMENTS_JOB, async () => {
    const delivered = await deliverAnnouncements(
      database.db,
      (id) => `${config.publicUrl}/camper/messages/announcements/${id}`,
    );
    if (delivered > 0) jobs.kick('mail');
  });

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
  await app.register(compress, { threshold: COMPRESSION_THRESHOLD_BYTES });
  await app.register(swagger, openApiOptions(config.publicUrl));
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
      // Camps' and organisations' pictures may be shown by partners' pages (the booking widget on
      // a host's own site); a pickup adult's photo, like the rest of the site, stays same-origin.
      setHeaders: (res, path) => {
        if (!basename(path).startsWith(PRIVATE_IMAGE_PREFIX)) {
          res.header('Cross-Origin-Resource-Policy', 'cross-origin');
        }
      },
    });
  }

  // Every API route declares who it admits (decision 059); files served as they are, the web app's
  // and the documentation's, are registered outside this scope.
  await app.register(async (api) => {
    enforceRouteAccess(api, {
      subscribedHost: requireSubscribedHost,
      ownSubscription: requireOwnSubscription,
    });
    await api.register(healthRoutes);
    await api.register(siteRoutes);
    await api.register(sitemapRoutes);
    await api.register(linkPreviewRoutes);
    await api.register(bookingWidgetRoutes);
    await api.register(categoryRoutes);
    await api.register(newsletterRoutes);
    await api.register(authRoutes);
    await api.register(accountRoutes);
    await api.register(twoFactorRoutes);
    await api.register(privacyRoutes);
    await api.register(subscriptionRoutes);
    await api.register(paymentWebhookRoutes);
    await api.register(hostedCheckoutRoutes);
    await api.register(orgRoutes);
    await api.register(teamRoutes);
    await api.register(reviewRoutes);
    await api.register(campRoutes);
    await api.register(campFormRoutes);
    await api.register(childRoutes);
    await api.register(healthProfileRoutes);
    await api.register(cardRoutes);
    await api.register(searchRoutes);
    await api.register(registrationRoutes);
    await api.register(sessionRoutes);
    await api.register(discountRoutes);
    await api.register(refundPolicyRoutes);
    await api.register(paymentPlanRoutes);
    await api.register(instalmentRoutes);
    await api.register(plannerRoutes);
    await api.register(familyBasketRoutes);
    await api.register(calendarFeedRoutes);
    await api.register(receiptRoutes);
    await api.register(taxStatementRoutes);
    await api.register(auditRoutes);
    await api.register(campReviewRoutes);
    await api.register(savedSearchRoutes);
    await api.register(unsubscribeRoutes);
    await api.register(friendRoutes);
    await api.register(payoutRoutes);
    await api.register(hostedOnboardingRoutes);
    await api.register(checkInRoutes);
    await api.register(conversationRoutes);
    await api.register(insightsRoutes);
    await api.register(reminderRoutes);
    if (config.env !== 'production') await api.register(mailboxRoutes);
    if (config.env !== 'production') await api.register(devClockRoutes);
  });

  if (config.webDistDir) {
    await registerWebApp(app, config.webDistDir, async (path) => {
      const page = await readPageHead(app.db, app.storage, config.publicUrl, path);
      return page && { status: page.status, head: renderHead(page.head) };
    });
  }

  return app;
}
