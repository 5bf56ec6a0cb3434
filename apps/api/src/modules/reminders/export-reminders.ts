import type { AccountExport } from '@campwise/contract/privacy';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, sessionReminders } from '../../db/schema.ts';

/** The reminders a parent was e-mailed, for their data export. */
export async function remindersSentTo(
  db: Database,
  userId: number,
): Promise<AccountExport['sessionReminders']> {
  const rows = await db
    .select({
      campName: camps.name,
      sessionName: campSessions.name,
      kind: sessionReminders.kind,
      sentAt: sessionReminders.sentAt,
    })
    .from(sessionReminders)
    .innerJoin(campSessions, eq(campSessions.id, sessionReminders.sessionId))
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .where(eq(sessionReminders.parentId, userId))
    .orderBy(asc(sessionReminders.sentAt));
  return rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() }));
}

/** Forgets which reminders a deleted account was sent. */
export async function eraseReminders(db: Database, userId: number): Promise<void> {
  await db.delete(sessionReminders).where(eq(sessionReminders.parentId, userId));
}
