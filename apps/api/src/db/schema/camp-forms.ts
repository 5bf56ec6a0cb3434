import type { AnswerValue } from '@campwise/contract/camp-forms';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { camps } from './camps.ts';
import { children } from './children.ts';
import { bytea } from './columns.ts';

// A camp's questions and waivers, and what families answered and signed (see docs/decisions/029).

export const questionKinds = [
  'short_text',
  'long_text',
  'one_choice',
  'many_choices',
  'yes_no',
  'date',
  'file',
] as const;

export const campQuestions = pgTable(
  'camp_questions',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    kind: text('kind', { enum: questionKinds }).notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull(),
    per: text('per', { enum: ['child', 'family'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('camp_questions_camp_idx').on(table.campId, table.id)],
);

/** A document or image a parent uploaded to answer a file question: never served publicly. */
export const formFiles = pgTable(
  'form_files',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('form_files_parent_idx').on(table.parentId)],
);

/** One answer per question and family (`child_id` null) or per question and child. */
export const questionAnswers = pgTable(
  'question_answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => campQuestions.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    childId: integer('child_id').references(() => children.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<AnswerValue>().notNull(),
    /** The file an answer to a file question names (also its value). */
    fileId: integer('file_id').references(() => formFiles.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('question_answers_owner_key')
      .on(table.questionId, table.parentId, table.childId)
      .nullsNotDistinct(),
    index('question_answers_parent_idx').on(table.parentId),
    index('question_answers_child_idx').on(table.childId),
    index('question_answers_file_idx').on(table.fileId),
  ],
);

export const campWaivers = pgTable(
  'camp_waivers',
  {
    id: serial('id').primaryKey(),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    required: boolean('required').notNull(),
    /** SHA-256 of the title and text; a change makes a new version to sign. */
    textHash: text('text_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('camp_waivers_camp_idx').on(table.campId, table.id)],
);

/**
 * A parent's electronic signature of one version of a waiver: the exact title and text signed
 * (kept even when the host changes or deletes the waiver), the typed name, when, from where.
 */
export const waiverSignatures = pgTable(
  'waiver_signatures',
  {
    id: serial('id').primaryKey(),
    waiverId: integer('waiver_id').references(() => campWaivers.id, { onDelete: 'set null' }),
    campId: integer('camp_id')
      .notNull()
      .references(() => camps.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signedName: text('signed_name').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    textHash: text('text_hash').notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The camp, its organisation and the signer's account as they were when signed (decision 045). */
    campName: text('camp_name').notNull(),
    orgName: text('org_name').notNull(),
    parentName: text('parent_name').notNull(),
    parentEmail: text('parent_email').notNull(),
  },
  (table) => [
    uniqueIndex('waiver_signatures_version_key').on(table.parentId, table.waiverId, table.textHash),
    index('waiver_signatures_waiver_idx').on(table.waiverId),
    index('waiver_signatures_camp_idx').on(table.campId),
  ],
);
