import { BOOKED_VIA_WIDGET } from '@campwise/contract/booking-widget';
import { childBody } from '@campwise/contract/children';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  campDailyViews,
  campSessions,
  camps,
  organizations,
  paymentEntries,
  payments,
  registrations,
} from '../db/schema.ts';
import { saveCard } from '../modules/cards/index.ts';
import { createChild } from '../modules/children/index.ts';
import type { RegistrationDeps } from '../modules/registrations/index.ts';
import { registerBasket } from '../modules/registrations/index.ts';
import { saveReminderSettings } from '../modules/reminders/index.ts';
import { demoCard, insertUser, isoDay, recountOrgViews, type SeedContext } from './common.ts';
import { SeededRandom } from './random.ts';

/** Families who booked the demo host's summer over the last two months (docs/decisions/032). */
const FAMILIES = [
  ['Grace', 'Whitfield', 'Ivy'],
  ['Omar', 'Haddad', 'Sami'],
  ['Lucia', 'Moretti', 'Gia'],
  ['Ben', 'Carver', 'Eli'],
  ['Mei', 'Tanaka', 'Hana'],
  ['David', 'Osei', 'Kofi'],
  ['Sara', 'Lindgren', 'Alva'],
  ['Tom', 'Brennan', 'Finn'],
  ['Aisha', 'Khan', 'Zara'],
  ['Paul', 'Dubois', 'Theo'],
  ['Rosa', 'Vega', 'Luz'],
  ['Nate', 'Fischer', 'Max'],
  ['Jill', 'Park', 'Min'],
  ['Kwame', 'Asante', 'Ama'],
] as const;
/** What two families told the camp about their child, so the roster has health needs to show. */
const NOTES: Partial<Record<string, string>> = {
  Sami: 'Lactose intolerant: no milk at snack time, please.',
  Hana: 'Wears glasses; a spare pair is in her backpack.',
};
/** The last families find the first week full and join its waitlist. */
const WAITLISTED = 3;
const VIEW_DAYS = 120;
const DAY_MS = 86_400_000;

/**
 * Two months of the demo host's season, so Season insights has something to chart: profile views
 * every day for four months (more at weekends, rising towards summer), families booking the
 * demo host's next dated camp over the last 60 days (each booking moved back to its day, with its
 * payment and ledger entries), a first week that fills and a waitlist behind it. The camp's
 * reminders carry a "what to bring" note.
 */
export async function writeDemoInsights(
  context: SeedContext,
  db: Database,
  ids: { hostId: number; passwordHash: string },
): Promise<void> {
  const random = new SeededRandom(0x1a5e6);
  const today = isoDay(context.today);
  const hostCamps = await db
    .select({ id: camps.id })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(eq(organizations.hostId, ids.hostId))
    .orderBy(asc(camps.id));
  const views = hostCamps.flatMap((camp, index) => {
    const popularity = 1 + ((index * 7) % 4);
    return Array.from({ length: VIEW_DAYS }, (_, ago) => {
      const day = isoDay(context.today, -ago);
      const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
      const ramp = 0.5 + (VIEW_DAYS - ago) / VIEW_DAYS;
      return {
        campId: camp.id,
        day,
        views: Math.round(popularity * ramp * (weekend ? 1.5 : 1) * (0.6 + random.next() * 0.8)),
      };
    });
  });
  if (views.length > 0) await db.insert(campDailyViews).values(views).onConflictDoNothing();
  await recountOrgViews(
    db,
    hostCamps.map((camp) => camp.id),
  );

  const [camp] = await db
    .select({ id: camps.id, minAge: camps.minAge, maxAge: camps.maxAge })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(
      and(eq(organizations.hostId, ids.hostId), eq(camps.isYearRound, false), gt(camps.startDate, today)),
    )
    .orderBy(asc(camps.startDate), asc(camps.id))
    .limit(1);
  if (!camp) return;
  await saveReminderSettings(db, ids.hostId, camp.id, {
    enabled: true,
    whatToBring:
      'A packed lunch, a refillable water bottle, sunscreen and a hat. Closed-toe shoes every day.',
  });
  const sessions = await db
    .select({ id: campSessions.id, spotsTaken: campSessions.spotsTaken })
    .from(campSessions)
    .where(and(eq(campSessions.campId, camp.id), eq(campSessions.status, 'scheduled')))
    .orderBy(asc(campSessions.startDate), asc(campSessions.id));
  const [firstWeek] = sessions;
  if (!firstWeek) return;
  const deps: RegistrationDeps = {
    db,
    payments: context.processor(db),
    publicUrl: context.publicUrl,
    platformFee: context.platformFee,
  };
  const age = Math.floor((camp.minAge + camp.maxAge) / 2);
  for (const [index, [firstName, lastName, childName]] of FAMILIES.entries()) {
    const waitlisting = index >= FAMILIES.length - WAITLISTED;
    if (waitlisting && index === FAMILIES.length - WAITLISTED) {
      // The first week is full from here on, and keeps a waitlist.
      await db
        .update(campSessions)
        .set({ capacity: sql`greatest(${campSessions.spotsTaken}, 1)`, allowsWaitlist: true })
        .where(eq(campSessions.id, firstWeek.id));
    }
    const parentId = await insertUser(db, {
      userType: 'camper',
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@demo.campwise.test`,
      firstName,
      lastName,
      phone: null,
      passwordHash: ids.passwordHash,
    });
    const card = await saveCard(db, deps.payments, parentId, {
      kind: 'details',
      card: demoCard(firstName, lastName, context.today),
    });
    const child = await createChild(
      db,
      parentId,
      childBody.parse({
        firstName: childName,
        lastName,
        gender: index % 2 === 0 ? 'female' : 'male',
        shirtSize: 'youth_m',
        birthday: isoDay(context.today, -(age * 365 + 120)),
        medical: NOTES[childName] ?? '',
      }),
    );
    const session = waitlisting || index % 3 !== 2 ? firstWeek : (sessions[1] ?? firstWeek);
    const booked = await registerBasket(deps, parentId, camp.id, {
      lines: [{ childId: child.id, sessionId: session.id }],
      paymentMethodId: card.id,
      idempotencyKey: `demo-insights-${parentId}`,
      // Every fourth family found the camp on the host's own website (the booking widget).
      bookedVia: index % 4 === 1 ? BOOKED_VIA_WIDGET : undefined,
    });
    // Bookings come thicker as the summer nears: from 60 days ago to yesterday.
    const ago = Math.max(
      1,
      Math.round(60 * (1 - Math.sqrt((index + 1) / FAMILIES.length))) + random.int(0, 2),
    );
    const at = new Date(context.today.getTime() - ago * DAY_MS);
    await db
      .update(registrations)
      .set({
        createdAt: at,
        waitlistedAt: sql`case when ${registrations.waitlistedAt} is null then null else ${at}::timestamptz end`,
      })
      .where(inArray(registrations.id, booked.registrationIds));
    const paid = await db
      .selectDistinct({ paymentId: registrations.paymentId })
      .from(registrations)
      .where(inArray(registrations.id, booked.registrationIds));
    const paymentIds = paid.flatMap((row) => (row.paymentId === null ? [] : [row.paymentId]));
    if (paymentIds.length > 0) {
      await db.update(payments).set({ createdAt: at }).where(inArray(payments.id, paymentIds));
      await db
        .update(paymentEntries)
        .set({ createdAt: at })
        .where(inArray(paymentEntries.paymentId, paymentIds));
    }
  }
}
