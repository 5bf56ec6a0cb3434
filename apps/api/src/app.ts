import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, type DatabaseHandle, openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/setup.ts';
import { categoryRoutes } from './modules/categories/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { deliverPendingSignups } from './modules/newsletter/service.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { JobRunner } from './platform/jobs.ts';
import { registerSecurityHeaders } from './platform/security.ts';
import { registerWebApp } from './platform/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    jobs: JobRunner;
  }
}

export interface BuildOptions {
  /** A database opened by the caller (tests share one); otherwise the app opens and closes its own. */
  database?: DatabaseHandle;
  /** Whether background jobs run on their interval (tests drive them directly). */
  startJobs?: boolean;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const database = options.database ?? openDatabase(config.database);
  if (!options.database) app.addHook('onClose', () => database.close());
  await prepareDatabase(database);

  const jobs = new JobRunner(config.jobIntervalMs, app.log);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('jobs', jobs);
  const webhookUrl = config.mailingListWebhookUrl;
  if (webhookUrl) jobs.add('newsletter', () => deliverPendingSignups(database.db, webhookUrl));
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

  await app.register(healthRoutes);
  await app.register(siteRoutes);
  await app.register(categoryRoutes);
  await app.register(newsletterRoutes);

  if (config.webDistDir) await registerWebApp(app, config.webDistDir);

  return app;
}
