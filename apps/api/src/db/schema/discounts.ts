import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { camps } from './camps.ts';
import { payments } from './payments.ts';

export const discountKinds = ['percent', 'amount'] as const;

/** A camp's promo code. `uses` counts baskets placed with it (held while their payment runs). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    kind: text('kind', { enum: discountKinds }).notNull(),
    value: integer('value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    maxUses: integer('max_uses'),
    maxUsesPerFamily: integer('max_uses_per_family'),
    uses: integer('uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promo_codes_camp_code_key').on(table.campId, sql`upper(${table.code})`),
    check(
      'promo_codes_value_check',
      sql`${table.value} >= 1 and (${table.kind} = 'amount' or ${table.value} <= 100)`,
    ),
    check('promo_codes_uses_check', sql`${table.uses} >= 0`),
  ],
);

/** One basket's use of a promo code: counted per family, given back when its payment fails. */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.codeId, table.paymentId] }),
    index('promo_code_uses_family_idx').on(table.codeId, table.parentId),
  ],
);
