import { campDay, campMoment } from '@campwise/contract/camp-clock';
import { PARENT_COLLECTOR } from '@campwise/contract/check-in';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { camps, children, organizations, pickupAdults, registrations, users } from '../db/schema.ts';
import { type AttendanceDeps, recordAttendance } from '../modules/check-in/index.ts';
import type { SeedContext } from './common.ts';

/** Stores a drawing as an image row and answers its id (the caller keeps track of the files). */
export type StorePortrait = (db: Database, svg: string) => Promise<number>;

const SKIN = ['#f1c7a5', '#d9a27c', '#a86f4c', '#7a4a2f'] as const;
const HAIR = ['#3b2a20', '#6b4a2b', '#c9a064', '#9a9a9a'] as const;
const SHIRT = ['#2f855a', '#f08c00', '#3b6fb6', '#b4485e'] as const;

/** A friendly flat head-and-shoulders drawing, in the demo's illustration style. */
function portrait(index: number): string {
  const pick = <T>(list: readonly T[], offset: number) => list[(index + offset) % list.length] as T;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="800" height="800"><rect width="400" height="400" fill="#fdf6e9"/><circle cx="200" cy="200" r="190" fill="#e6efe6"/><path d="M70 400c10-80 60-120 130-120s120 40 130 120z" fill="${pick(SHIRT, 0)}"/><rect x="178" y="230" width="44" height="60" rx="18" fill="${pick(SKIN, 1)}"/><circle cx="200" cy="170" r="78" fill="${pick(SKIN, 1)}"/><path d="M122 165c0-60 35-95 78-95s78 35 78 95c-20-30-50-42-78-42s-58 12-78 42z" fill="${pick(HAIR, 2)}"/><circle cx="172" cy="178" r="7" fill="#2b2b2b"/><circle cx="228" cy="178" r="7" fill="#2b2b2b"/><path d="M176 212c14 12 34 12 48 0" stroke="#2b2b2b" stroke-width="6" fill="none" stroke-linecap="round"/></svg>`;
}

/** Who may collect each demo child: a relative with a photo, and for some a second adult. */
const ADULTS = [
  { relationship: 'Grandmother', firstName: 'Rose' },
  { relationship: 'Uncle', firstName: 'Danny' },
  { relationship: 'Babysitter', firstName: 'Alex' },
  { relationship: 'Aunt', firstName: 'Grace' },
] as const;

/**
 * The day of camp in the demo (decision 030): every demo family's children have pickup adults
 * (most with a photo), and at the demo host's first year-round camp, running today, staff
 * checked most children in this morning and one has gone home with an authorised adult.
 */
export async function seedDemoCheckIns(
  context: SeedContext,
  db: Database,
  ids: { hostId: number },
  storePortrait: StorePortrait,
): Promise<void> {
  const kids = await db
    .select({ id: children.id, lastName: children.lastName, phone: users.phone })
    .from(children)
    .innerJoin(users, eq(users.id, children.parentId))
    .where(eq(users.userType, 'camper'))
    .orderBy(asc(children.id));
  for (const [index, kid] of kids.entries()) {
    const count = index % 3 === 0 ? 2 : 1;
    for (let slot = 0; slot < count; slot += 1) {
      const adult = ADULTS[(index + slot) % ADULTS.length] ?? ADULTS[0];
      const photoImageId = (index + slot) % 4 === 3 ? null : await storePortrait(db, portrait(index + slot));
      await db.insert(pickupAdults).values({
        childId: kid.id,
        name: `${adult.firstName} ${kid.lastName}`,
        relationship: adult.relationship,
        phone: `512-555-0${String(200 + ((index * 2 + slot) % 800)).padStart(3, '0')}`,
        photoImageId,
      });
    }
  }

  const [camp] = await db
    .select({ id: camps.id, timeZone: organizations.timeZone })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(organizations.hostId, ids.hostId), eq(camps.isYearRound, true)))
    .orderBy(asc(camps.id))
    .limit(1);
  if (!camp) return;
  const places = await db
    .select({ sessionId: registrations.sessionId, childId: registrations.childId })
    .from(registrations)
    .where(and(eq(registrations.campId, camp.id), eq(registrations.status, 'confirmed')))
    .orderBy(asc(registrations.id));
  const adults = await db
    .select({ id: pickupAdults.id, childId: pickupAdults.childId })
    .from(pickupAdults)
    .where(
      inArray(
        pickupAdults.childId,
        places.map((place) => place.childId),
      ),
    )
    .orderBy(asc(pickupAdults.id));
  // Today where the camp is, as its check-in screen opens on (decision 047): this morning there,
  // a few minutes apart, and never after the moment the demo is made.
  const day = campDay(context.today, camp.timeZone);
  const morning = Math.max(
    campMoment(day, '00:30', camp.timeZone).getTime(),
    context.today.getTime() - 2 * 3_600_000,
  );
  const deps: AttendanceDeps = { db, storage: context.storage, publicUrl: context.publicUrl };
  // The last child is still expected.
  for (const [index, place] of places.slice(0, -1).entries()) {
    const at = new Date(morning + index * 4 * 60_000);
    await recordAttendance(
      deps,
      ids.hostId,
      place.sessionId,
      { kind: 'check_in', childId: place.childId, day, key: `demo-in-${place.childId}` },
      at,
    );
    const adult = adults.find((candidate) => candidate.childId === place.childId);
    // The first child went home with an adult on the list, the second with their parent.
    const collector = index === 0 ? adult?.id : index === 1 ? PARENT_COLLECTOR : undefined;
    if (collector !== undefined) {
      await recordAttendance(
        deps,
        ids.hostId,
        place.sessionId,
        {
          kind: 'check_out',
          childId: place.childId,
          day,
          key: `demo-out-${place.childId}`,
          pickupAdultId: collector,
        },
        new Date(at.getTime() + (60 + index * 30) * 60_000),
      );
    }
  }
}
