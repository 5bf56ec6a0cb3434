import { formatCampSchedule } from '@campwise/contract/format';
import { addDays, daysBetween } from '@campwise/contract/insights';
import { reminderDue } from '@campwise/contract/reminders';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { sessionReminders } from '../../db/schema.ts';
import { campTodaySql } from '../../platform/camp-clock.ts';
import { placeName } from '../../shared/place-name.ts';
import { formsStatus } from '../camp-forms/index.ts';
import { queueMail } from '../mail/index.ts';
import { sessionReminderMail } from './reminder-mail.ts';

/** The job that e-mails families before their sessions start. */
export const SESSION_REMINDERS_JOB = 'session-reminders';
const BATCH = 200;

interface DueReminder {
  sessionId: number;
  campId: number;
  parentId: number;
  startDate: string;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  weekdays: number[] | null;
  name: string;
  sessionName: string;
  sessionCount: number;
  isVirtual: boolean;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  whatToBring: string;
  email: string;
  firstName: string;
  children: string[];
  childIds: number[];
  /** Today where the camp is. */
  today: string;
}

/**
 * Families with a confirmed place at a session starting within the week, at a camp whose
 * reminders are on, who have not had the reminder due today (the week's from 7 to 2 days ahead,
 * the day's the day before: contract `reminderDue`, mirrored here to pick them in SQL). Days
 * are the camp's: today is `now` where it is (decision 047). Every camp's today is within a day
 * of UTC's, so the start dates are first narrowed by UTC's, which the index on them answers.
 */
function dueReminders(db: Database, now: Date) {
  const utcToday = now.toISOString().slice(0, 10);
  const today = campTodaySql(sql`c.time_zone`, now);
  return queryRows<DueReminder>(
    db,
    sql`select s.id as "sessionId", to_char(${today}, 'YYYY-MM-DD') as today, c.id as "campId", r.parent_id as "parentId", to_char(s.start_date, 'YYYY-MM-DD') as "startDate",
        to_char(s.end_date, 'YYYY-MM-DD') as "endDate", s.start_time as "startTime", s.end_time as "endTime",
        s.weekdays, c.name, s.name as "sessionName", c.session_count as "sessionCount", c.is_virtual as "isVirtual",
        c.address, c.city, c.state, c.zip, coalesce(rs.what_to_bring, '') as "whatToBring",
        u.email, u.first_name as "firstName", array_agg(ch.first_name order by ch.first_name) as children,
        array_agg(ch.id order by ch.first_name) as "childIds"
      from camp_sessions s
      join camps c on c.id = s.camp_id
      join registrations r on r.session_id = s.id and r.status = 'confirmed'
      join children ch on ch.id = r.child_id
      join users u on u.id = r.parent_id
      left join camp_reminder_settings rs on rs.camp_id = c.id
      where s.status = 'scheduled' and not c.is_year_round
        and s.start_date between ${utcToday}::date and ${addDays(utcToday, 8)}::date
        and s.start_date between ${today} + 1 and ${today} + 7
        and coalesce(rs.enabled, true)
        and not exists (
          select 1 from session_reminders sent where sent.session_id = s.id and sent.parent_id = r.parent_id
            and sent.kind = case when s.start_date = ${today} + 1 then 'day' else 'week' end
        )
      group by s.id, c.id, rs.camp_id, r.parent_id, u.id
      order by s.start_date, s.id, r.parent_id
      limit ${BATCH}`,
  );
}

const placeOf = (row: DueReminder) =>
  row.isVirtual
    ? 'Online'
    : [row.address, row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') ||
      'See the camp page';

/**
 * Sends the reminders due today where each camp is. Each is recorded in the transaction that queues its e-mail, and
 * only if not recorded yet, so a retry, a second instance or a second run the same day sends
 * nothing twice; one missed while the app was down goes out at its next run (`reminderDue`).
 */
export async function sendSessionReminders(
  db: Database,
  publicUrl: string,
  now: Date,
): Promise<{ sent: number }> {
  let sent = 0;
  for (const row of await dueReminders(db, now)) {
    const kind = reminderDue(row.startDate, row.today);
    if (!kind) continue;
    sent += await db.transaction(async (tx) => {
      const recorded = await tx
        .insert(sessionReminders)
        .values({ sessionId: row.sessionId, parentId: row.parentId, kind, sentAt: now })
        .onConflictDoNothing()
        .returning({ sessionId: sessionReminders.sessionId });
      if (recorded.length === 0) return 0;
      // Answers and signatures the camp still needs (a waiver changed since it was signed, say).
      const formsOf = await formsStatus(
        tx,
        row.parentId,
        row.childIds.map((childId) => ({ campId: row.campId, childId, active: true })),
      );
      const formsNeeded = row.childIds.some((childId) => formsOf(row.campId, childId) === 'needed');
      const schedule = formatCampSchedule({
        startDate: row.startDate,
        endDate: row.endDate,
        isYearRound: false,
        weekdays: row.weekdays,
        dailyTimes: row.startTime && row.endTime ? { start: row.startTime, end: row.endTime } : null,
      });
      await queueMail(
        tx,
        sessionReminderMail(
          row.email,
          row.firstName,
          kind,
          {
            campName: placeName(row),
            schedule: schedule ?? row.startDate,
            place: placeOf(row),
            children: row.children,
            daysAhead: daysBetween(row.today, row.startDate),
            whatToBring: row.whatToBring,
            formsUrl: formsNeeded ? `${publicUrl}/camper/camps/${row.campId}/forms` : null,
          },
          `${publicUrl}/camper/registrations`,
        ),
      );
      return 1;
    });
  }
  return { sent };
}
