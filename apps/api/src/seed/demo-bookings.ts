import { ageOn } from '@campwise/contract/children';
import { defaultSummer } from '@campwise/contract/planner';
import { saveSearchBody } from '@campwise/contract/saved-searches';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { campSessions, camps, children, organizations, savedCards, users } from '../db/schema.ts';
import { saveMaybe } from '../modules/planner/index.ts';
import type { RegistrationDeps } from '../modules/registrations/index.ts';
import { registerBasket, transferOptions, transferPlace } from '../modules/registrations/index.ts';
import { saveSearch } from '../modules/saved-searches/index.ts';
import type { SeedContext } from './common.ts';

/** The code the demo's weekly camps hand out (see DemoWriter.makeWeekly). */
const DEMO_CODE = 'SUMMER10';

/**
 * The demo parent's summer, booked and paid through the same checkout as the register page:
 * both children in the first two weeks of one of the demo host's weekly camps with the code, so
 * My Registrations shows the sibling, multi-week and code discounts and the host's roster has
 * families; then one child's second week moved to the third, the other's third week saved as a
 * maybe, and the camp's ZIP kept as home, so the planner shows a summer under way; a saved
 * search of camps near home sends a weekly e-mail.
 * Answers how many places were booked (none when no weekly camp suits both children).
 */
export async function bookDemoSummer(
  context: SeedContext,
  db: Database,
  ids: { parentId: number; hostId: number },
): Promise<number> {
  const today = context.today.toISOString().slice(0, 10);
  const kids = await db
    .select({ id: children.id, birthday: children.birthday })
    .from(children)
    .where(eq(children.parentId, ids.parentId))
    .orderBy(asc(children.id));
  const [card] = await db
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(eq(savedCards.parentId, ids.parentId));
  if (!card || kids.length === 0) return 0;
  const weekly = await db
    .select({
      id: camps.id,
      minAge: camps.minAge,
      maxAge: camps.maxAge,
      zip: camps.zip,
      startDate: camps.startDate,
    })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(organizations.hostId, ids.hostId), eq(camps.sessionCount, 3), gt(camps.startDate, today)))
    .orderBy(asc(camps.startDate), asc(camps.id));
  // A camp of the coming school summer first, so the planner opens on the booked weeks.
  const summer = defaultSummer(today);
  const inSummer = (camp: { startDate: string | null }) =>
    camp.startDate !== null && camp.startDate >= summer.from && camp.startDate <= summer.to;
  for (const camp of [...weekly.filter(inSummer), ...weekly.filter((camp) => !inSummer(camp))]) {
    const weeks = await db
      .select({ id: campSessions.id, startDate: campSessions.startDate })
      .from(campSessions)
      .where(and(eq(campSessions.campId, camp.id), eq(campSessions.status, 'scheduled')))
      .orderBy(asc(campSessions.startDate));
    const [first, second, third] = weeks;
    if (!first?.startDate || !second || !third) continue;
    const fits = kids.every((kid) => {
      const age = ageOn(kid.birthday, first.startDate ?? today);
      return age >= camp.minAge && age <= camp.maxAge;
    });
    if (!fits) continue;
    const deps: RegistrationDeps = {
      db,
      payments: context.processor(db),
      publicUrl: context.publicUrl,
      platformFee: context.platformFee,
    };
    const booked = await registerBasket(deps, ids.parentId, camp.id, {
      lines: kids.flatMap((kid) => [first, second].map((week) => ({ childId: kid.id, sessionId: week.id }))),
      promoCode: DEMO_CODE,
      paymentMethodId: card.id,
      idempotencyKey: `demo-summer-${camp.id}`,
    });
    const moving = booked.lines?.find(
      (line) => line.childId === kids.at(-1)?.id && line.sessionId === second.id,
    );
    if (moving) {
      const options = await transferOptions(db, 'parent', ids.parentId, moving.registrationId);
      const later = options.options.find((option) => option.sessionId === third.id && option.available);
      if (later) {
        await transferPlace(deps, 'parent', ids.parentId, moving.registrationId, {
          sessionId: later.sessionId,
          expectedDifferenceCents: later.differenceCents,
          paymentMethodId: card.id,
        });
      }
    }
    // The planner searches gaps from home, and Maya has a third week in mind.
    await db
      .update(users)
      .set({ homeZip: camp.zip, searchRadiusMiles: 15 })
      .where(eq(users.id, ids.parentId));
    const [firstChild] = kids;
    if (firstChild) await saveMaybe(db, ids.parentId, { childId: firstChild.id, sessionId: third.id });
    // And a search of camps near home, with its weekly e-mail on (decision 022).
    await saveSearch(
      db,
      ids.parentId,
      saveSearchBody.parse({ name: 'Camps near home', search: { filters: { zip: camp.zip, radius: 15 } } }),
      context.today,
    );
    return booked.registrationIds.length;
  }
  return 0;
}
