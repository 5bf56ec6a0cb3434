import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const subscriptionStatuses = ['incomplete', 'active', 'past_due', 'canceled'] as const;

/** A host's subscription as the payment provider last told us. */
export const hostSubscriptions = pgTable('host_subscriptions', {
  hostId: integer('host_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('provider_customer_id'),
  subscriptionId: text('provider_subscription_id').unique(),
  status: text('status', { enum: subscriptionStatuses }).notNull().default('incomplete'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
