import { z } from 'zod';
import { daysBetween } from './insights.ts';
import { messages } from './messages.ts';

/**
 * Reminders before a session starts (docs/decisions/032): each family with a confirmed place
 * hears a week before and the day before, with the dates, times, place and what the host wrote
 * to bring. A host can turn them off or change the text per camp; on by default.
 */

export const MAX_WHAT_TO_BRING = 2000;

export const reminderSettingsSchema = z
  .object({
    enabled: z.boolean({ error: messages.requiredFields }),
    whatToBring: z
      .string({ error: messages.requiredFields })
      .trim()
      .max(MAX_WHAT_TO_BRING, messages.reminderTextTooLong.replace('{max}', String(MAX_WHAT_TO_BRING))),
  })
  .strict();
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
export const reminderSettingsResponse = z.object({ data: reminderSettingsSchema });

/** Every camp starts with reminders on and nothing written to bring. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = { enabled: true, whatToBring: '' };

export const reminderKinds = ['week', 'day'] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/**
 * Which reminder is due today for a session starting on `startDate`: the week's from 7 days
 * before until 2 days before (so one missed while the job was down still goes out), the day's
 * on the day before; none on or after the start, or more than a week ahead.
 */
export function reminderDue(startDate: string, today: string): ReminderKind | null {
  const days = daysBetween(today, startDate);
  if (days === 1) return 'day';
  if (days >= 2 && days <= 7) return 'week';
  return null;
}
