import { z } from 'zod';
import { messages } from './messages.ts';

/** A calendar date, yyyy-MM-dd, that exists. */
export const dateField = z
  .string({ error: messages.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.invalidDate)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, messages.invalidDate);
