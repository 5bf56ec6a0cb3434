import { childBody } from '@campwise/contract/children';
import { shiftDate } from '@campwise/contract/sessions';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { campSessions, camps, children, organizations, registrations, savedCards } from '../db/schema.ts';
import { replyToReview, reportReview, writeReview } from '../modules/camp-reviews/index.ts';
import { createCamp } from '../modules/camps/index.ts';
import { saveCard } from '../modules/cards/index.ts';
import { createChild } from '../modules/children/index.ts';
import type { RegistrationDeps } from '../modules/registrations/index.ts';
import { registerBasket } from '../modules/registrations/index.ts';
import { addSession } from '../modules/sessions/index.ts';
import { demoCard, insertUser, isoDay, type SeedContext } from './common.ts';

/** Other families of the demo, who reviewed the demo host's year-round camps. */
const REVIEWERS = [
  { firstName: 'Priya', lastName: 'Natarajan', child: 'Anika' },
  { firstName: 'Marcus', lastName: 'Bell', child: 'Jonah' },
  { firstName: 'Elena', lastName: 'Ruiz', child: 'Sofia' },
  { firstName: 'Hannah', lastName: 'Okafor', child: 'Tobi' },
  { firstName: 'Chris', lastName: 'Lindqvist', child: 'Nora' },
] as const;

const REVIEWS = [
  {
    rating: 5,
    text: 'Our daughter could not wait to go back every week. The staff know every child by name.',
  },
  {
    rating: 4,
    text: 'Well organised and friendly. Pick-up was a little slow on rainy days, but we will be back.',
  },
  { rating: 5, text: 'Best after-school routine we have found. He comes home tired and happy.' },
  { rating: 3, text: 'Good activities, though the group was bigger than we expected for the younger kids.' },
  { rating: 4, text: 'Lovely counsellors and clear updates for parents. Snacks could be healthier.' },
] as const;

const REPLIES = [
  'Thank you so much! Maya and Leo were a joy to have at the lake. We hope to see them next summer.',
  'Thanks for the feedback about pick-up: we have added a second door for rainy days.',
] as const;

export interface DemoReviewIds {
  parentId: number;
  hostId: number;
  passwordHash: string;
  /** Gives a new camp its pictures, as every demo camp has. */
  addPictures: (campId: number, orgName: string, name: string) => Promise<void>;
}

/**
 * The reviews of the demo (docs/decisions/021): the demo parent's summer camp that has ended,
 * with one week reviewed (and the host's reply) and one still to review; and other families'
 * reviews of the demo host's year-round camps, so their pages show an average, with replies and
 * one review reported to the administrators.
 */
export async function writeDemoReviews(
  context: SeedContext,
  db: Database,
  ids: DemoReviewIds,
): Promise<void> {
  const deps: RegistrationDeps = {
    db,
    payments: context.processor(db),
    publicUrl: context.publicUrl,
    platformFee: context.platformFee,
  };
  const links = { hostReviewsUrl: (campId: number) => `${context.publicUrl}/host/camp/${campId}#reviews` };
  const myRegistrations = `${context.publicUrl}/camper/registrations`;
  const lastSummer = await bookLastSummer(context, db, deps, ids);
  if (lastSummer) {
    const review = await writeReview(
      db,
      ids.parentId,
      lastSummer.reviewedSessionId,
      {
        rating: 5,
        text: 'Maya and Leo talked about the lake all week. Great counsellors and easy drop-off.',
      },
      links,
      context.today,
    );
    await replyToReview(db, ids.hostId, review.id, REPLIES[0], myRegistrations, context.today);
  }

  const yearRound = await db
    .select({ id: camps.id, minAge: camps.minAge, maxAge: camps.maxAge })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(organizations.hostId, ids.hostId), eq(camps.isYearRound, true)))
    .orderBy(asc(camps.id))
    .limit(3);
  const placeTaken = new Date(context.today.getTime() - 60 * 86_400_000);
  for (const [index, person] of REVIEWERS.entries()) {
    const parentId = await insertUser(db, {
      userType: 'camper',
      email: `${person.firstName.toLowerCase()}.${person.lastName.toLowerCase()}@demo.campwise.test`,
      firstName: person.firstName,
      lastName: person.lastName,
      phone: null,
      passwordHash: ids.passwordHash,
    });
    const card = await saveCard(db, deps.payments, parentId, {
      kind: 'details',
      card: demoCard(person.firstName, person.lastName, context.today),
    });
    for (const [campIndex, camp] of yearRound.entries()) {
      // Not every family went to every camp: the first camp has them all.
      if (campIndex > 0 && (index + campIndex) % 2 === 1) continue;
      const age = Math.floor((camp.minAge + camp.maxAge) / 2);
      const child = await createChild(
        db,
        parentId,
        childBody.parse({
          firstName: person.child,
          lastName: person.lastName,
          gender: index % 2 === 0 ? 'female' : 'male',
          shirtSize: 'youth_m',
          birthday: isoDay(context.today, -(age * 365 + 100)),
        }),
      );
      const [session] = await db
        .select({ id: campSessions.id })
        .from(campSessions)
        .where(eq(campSessions.campId, camp.id))
        .orderBy(asc(campSessions.id))
        .limit(1);
      if (!session) continue;
      const booked = await registerBasket(deps, parentId, camp.id, {
        lines: [{ childId: child.id, sessionId: session.id }],
        paymentMethodId: card.id,
        idempotencyKey: `demo-review-${parentId}-${camp.id}`,
      });
      // A year-round place is reviewable once it has run for two weeks: these began in the autumn.
      await db
        .update(registrations)
        .set({ createdAt: placeTaken })
        .where(inArray(registrations.id, booked.registrationIds));
      const body = REVIEWS[(index + campIndex) % REVIEWS.length] ?? REVIEWS[0];
      const review = await writeReview(db, parentId, session.id, body, links, context.today);
      if (campIndex === 0 && index === 1) {
        await replyToReview(db, ids.hostId, review.id, REPLIES[1], myRegistrations, context.today);
      }
      if (campIndex === 0 && body.rating === 3) {
        await reportReview(
          db,
          ids.hostId,
          review.id,
          'The group sizes quoted are wrong: we never have more than ten children per counsellor.',
          context.today,
        );
      }
    }
  }
}

/**
 * A day camp of the demo host's first organisation that ran two weeks last July: Maya and Leo
 * in the first week, Leo in the second too. Booked while it was ahead, then moved to its dates.
 */
async function bookLastSummer(
  context: SeedContext,
  db: Database,
  deps: RegistrationDeps,
  ids: DemoReviewIds,
): Promise<{ reviewedSessionId: number } | null> {
  const [org] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      address: organizations.address,
      city: organizations.city,
      state: organizations.state,
      zip: organizations.zip,
      phone: organizations.phone,
    })
    .from(organizations)
    .where(and(eq(organizations.hostId, ids.hostId), eq(organizations.status, 'approved')))
    .orderBy(asc(organizations.id))
    .limit(1);
  const kids = await db
    .select({ id: children.id })
    .from(children)
    .where(eq(children.parentId, ids.parentId))
    .orderBy(asc(children.id));
  const [card] = await db
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(eq(savedCards.parentId, ids.parentId));
  const [maya, leo] = kids;
  if (!org || !card || !maya || !leo) return null;
  const ahead = isoDay(context.today, 30);
  const name = 'Lakeside Summer Days';
  const { id: campId } = await createCamp(
    db,
    context.storage,
    ids.hostId,
    org.id,
    {
      name,
      description:
        'Two weeks of swimming, canoeing, crafts and campfire songs by the lake, for children of 6 to 13.',
      address: org.address,
      city: org.city,
      state: org.state,
      zip: org.zip,
      phone: org.phone,
      email: null,
      startDate: ahead,
      endDate: shiftDate(ahead, 4),
      minAge: 6,
      maxAge: 13,
      cost: 240,
      spotsAvailable: 24,
      allowsWaitlist: false,
      categories: [21, 16],
    },
    { images: [undefined, undefined, undefined] },
  );
  await ids.addPictures(campId, org.name, name);
  const [first] = await db
    .select({ id: campSessions.id })
    .from(campSessions)
    .where(eq(campSessions.campId, campId));
  if (!first) return null;
  const second = await addSession(db, ids.hostId, campId, {
    name: 'Week 2 of July',
    startDate: shiftDate(ahead, 7),
    endDate: shiftDate(ahead, 11),
    startTime: '09:00',
    endTime: '15:00',
    weekdays: [1, 2, 3, 4, 5],
    priceCents: 24_000,
    capacity: 24,
    allowsWaitlist: false,
    registrationOpensAt: null,
    registrationClosesAt: null,
  });
  await registerBasket(deps, ids.parentId, campId, {
    lines: [
      { childId: maya.id, sessionId: first.id },
      { childId: leo.id, sessionId: first.id },
      { childId: leo.id, sessionId: second.id },
    ],
    paymentMethodId: card.id,
    idempotencyKey: `demo-last-summer-${campId}`,
  });
  // Last July: the summer before the one the planner opens on.
  const year =
    context.today.getUTCMonth() >= 8 ? context.today.getUTCFullYear() : context.today.getUTCFullYear() - 1;
  const weeks = [
    { id: first.id, name: 'Week 1 of July', startDate: `${year}-07-06`, endDate: `${year}-07-10` },
    { id: second.id, name: 'Week 2 of July', startDate: `${year}-07-13`, endDate: `${year}-07-17` },
  ];
  for (const week of weeks) {
    await db
      .update(campSessions)
      .set({ name: week.name, startDate: week.startDate, endDate: week.endDate })
      .where(eq(campSessions.id, week.id));
  }
  return { reviewedSessionId: first.id };
}
