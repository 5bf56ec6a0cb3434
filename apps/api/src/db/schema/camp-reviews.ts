import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { camps } from './camps.ts';
import { campSessions } from './sessions.ts';

export const campReviewReportStatuses = ['open', 'kept', 'hidden'] as const;

/**
 * A family's review of a session its child attended (docs/decisions/021): one per parent and
 * session, a rating and text, the host's one reply, and the host's report to the administrators
 * with their decision (`hidden` leaves public lists and averages). `camp_id` is the session's,
 * kept here so a camp's and an organization's average is one aggregate over one index.
 */
export const campReviews = pgTable(
  'camp_reviews',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => campSessions.id, { onDelete: 'cascade' }),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    reportStatus: text('report_status', { enum: campReviewReportStatuses }),
    reportReason: text('report_reason'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('camp_reviews_parent_session_key').on(table.parentId, table.sessionId),
    index('camp_reviews_camp_idx').on(table.campId, table.id),
    index('camp_reviews_session_idx').on(table.sessionId),
    index('camp_reviews_open_reports_idx').on(table.reportedAt).where(sql`${table.reportStatus} = 'open'`),
    check('camp_reviews_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);
