import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { StripeProvider } from './stripe-provider.ts';
import type { TestProcessor } from './test-processor/test-processor.ts';

/**
 * Stripe when its keys are configured, otherwise the built-in test processor. The test processor
 * is imported only here, when it is chosen: the server's bundle keeps it in a chunk of its own,
 * which a server taking real payments never loads.
 */
export async function createPaymentProvider(
  config: Config,
  db: Database,
  appSecret: string,
): Promise<PaymentProvider> {
  if (config.stripe) return new StripeProvider(config.stripe);
  const { createTestProcessor } = await import('./test-processor/test-processor.ts');
  return createTestProcessor(config, db, appSecret);
}

/** Whether the provider is the built-in test processor, with its hosted pages and its own clock. */
export function isTestProcessor(provider: PaymentProvider): provider is TestProcessor {
  return provider.kind === 'test';
}
