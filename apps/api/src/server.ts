import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoOnFirstStart } from './seed/demo.ts';

const SHUTDOWN_TIMEOUT_MS = 25_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  try {
    const demoLogins = await seedDemoOnFirstStart(config, app.db, app.storage);
    if (demoLogins) console.info(demoLogins);
  } catch (error) {
    // The demo is a convenience: the server starts without it.
    app.log.error({ err: error }, 'the demo data could not be loaded');
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // Keep-alive connections whose last request finishes after the signal would otherwise stay
    // open until their idle timeout; close each as soon as it falls idle.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    // close() stops accepting connections, waits for in-flight requests, stops the
    // background jobs and then closes the database, so an embedded data dir is left clean.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Campwise is running at ${config.publicUrl}`);
}

await main();
