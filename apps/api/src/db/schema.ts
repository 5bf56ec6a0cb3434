// The app's tables, one file per domain in schema/, read here by every importer and by drizzle-kit.
// The built-in test processor keeps its own apart (platform/payments/test-processor/schema.ts).
export * from './schema/accounts.ts';
export * from './schema/audit.ts';
export * from './schema/camp-forms.ts';
export * from './schema/camp-reviews.ts';
export * from './schema/camps.ts';
export * from './schema/check-in.ts';
export * from './schema/children.ts';
export * from './schema/conversations.ts';
export * from './schema/discounts.ts';
export * from './schema/friends.ts';
export * from './schema/health-profiles.ts';
export * from './schema/images.ts';
export * from './schema/insights.ts';
export * from './schema/mail.ts';
export * from './schema/orgs.ts';
export * from './schema/payment-plans.ts';
export * from './schema/payments.ts';
export * from './schema/payouts.ts';
export * from './schema/planner.ts';
export * from './schema/receipts.ts';
export * from './schema/registrations.ts';
export * from './schema/reminders.ts';
export * from './schema/saved-searches.ts';
export * from './schema/sessions.ts';
export * from './schema/subscriptions.ts';
export * from './schema/teams.ts';
