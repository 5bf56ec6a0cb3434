import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { StripeProvider } from './stripe-provider.ts';
import { TestProcessor } from './test-processor.ts';

/** Stripe when its keys are configured, otherwise the built-in test processor. */
export function createPaymentProvider(
  config: Config,
  db: Database,
  appSecret: string,
): PaymentProvider | TestProcessor {
  if (config.stripe) return new StripeProvider(config.stripe);
  // The test processor signs its webhooks with a key derived from the app's own secret.
  const webhookSecret = createHmac('sha256', appSecret).update('test-processor-webhooks').digest('hex');
  return new TestProcessor(
    db,
    webhookSecret,
    config.publicUrl,
    {
      name: config.site.planName,
      amountCents: config.site.planPriceCents,
      interval: config.site.planInterval,
    },
    config.testPayoutIntervalDays,
  );
}
