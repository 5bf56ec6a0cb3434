import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** An uploaded image, re-encoded: a 1600 px and a 400 px WebP under random storage keys. */
export const images = pgTable('images', {
  id: serial('id').primaryKey(),
  largeKey: text('large_key').notNull(),
  smallKey: text('small_key').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
