import { ageOn } from '@campwise/contract/children';
import { and, asc, eq, gt } from 'drizzle-orm';
import { registerBasket } from '../../modules/registrations/basket.ts';
import type { RegistrationDeps } from '../../modules/registrations/service.ts';
import { transferOptions } from '../../modules/registrations/transfer-options.ts';
import { transferPlace } from '../../modules/registrations/transfer-place.ts';
import type { Database } from '../client.ts';
import { campSessions, camps, children, organizations, savedCards } from '../schema.ts';
import type { SeedContext } from './common.ts';

/** The code the demo's weekly camps hand out (see DemoWriter.makeWeekly). */
const DEMO_CODE = 'SUMMER10';

/**
 * The demo parent's summer, booked and paid through the same checkout as the register page:
 * both children in the first two weeks of one of the demo host's weekly camps with the code, so
 * My Registrations shows the sibling, multi-week and code discounts and the host's roster has
 * families; then one child's second week moved to the third, paid for the difference.
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
    .select({ id: camps.id, minAge: camps.minAge, maxAge: camps.maxAge })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(organizations.hostId, ids.hostId), eq(camps.sessionCount, 3), gt(camps.startDate, today)))
    .orderBy(asc(camps.startDate), asc(camps.id));
  for (const camp of weekly) {
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
    return booked.registrationIds.length;
  }
  return 0;
}
