import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@campwise/contract/reminders';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campReminderSettings } from '../../db/schema.ts';
import { campAccess } from '../access/index.ts';

/** The host's camp's reminder settings (the defaults until the host saves any); 404 for another's camp. */
export async function getReminderSettings(
  db: Database,
  hostId: number,
  campId: number,
): Promise<ReminderSettings> {
  await campAccess(db, hostId, campId, 'camps:manage');
  const [row] = await db
    .select({ enabled: campReminderSettings.enabled, whatToBring: campReminderSettings.whatToBring })
    .from(campReminderSettings)
    .where(eq(campReminderSettings.campId, campId));
  return row ?? DEFAULT_REMINDER_SETTINGS;
}

/** Turns the camp's reminders on or off and sets what families are told to bring; used from the next send. */
export async function saveReminderSettings(
  db: Database,
  hostId: number,
  campId: number,
  settings: ReminderSettings,
): Promise<ReminderSettings> {
  await campAccess(db, hostId, campId, 'camps:manage');
  await db
    .insert(campReminderSettings)
    .values({ campId, ...settings })
    .onConflictDoUpdate({
      target: campReminderSettings.campId,
      set: { ...settings, updatedAt: new Date() },
    });
  return settings;
}
