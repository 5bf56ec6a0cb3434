import {
  type BasketCheckout,
  type BasketCheckoutBody,
  type CheckoutResult,
  clashesOf,
} from '@campwise/contract/family-basket';
import { messages } from '@campwise/contract/messages';
import type { RegistrationOutcome } from '@campwise/contract/registrations';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, children } from '../../db/schema.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import { PaymentDeclinedError } from '../../platform/payments/provider.ts';
import { checkFormsComplete } from '../camp-forms/index.ts';
import { isPubliclyListed } from '../camps/index.ts';
import { checkHealthReviews } from '../health-profiles/index.ts';
import {
  basketReplay,
  checkPriceShown,
  quoteBasket,
  type RegistrationDeps,
  registerBasket,
} from '../registrations/index.ts';
import { takeOutPlaced } from './change-basket.ts';

type CheckoutCamp = BasketCheckoutBody['camps'][number];

/**
 * Refuses a checkout that gives one child two sessions meeting at the same time at different
 * camps, before anything is charged: each camp's own placing would only see it after the first
 * camp was paid for.
 */
async function checkNoClashes(db: Database, parentId: number, body: BasketCheckoutBody): Promise<void> {
  const lines = body.camps.flatMap((camp) => camp.lines);
  const [sessions, kids] = await Promise.all([
    db
      .select({
        sessionId: campSessions.id,
        name: sql<string>`${camps.name} || ' (' || ${campSessions.name} || ')'`,
        startDate: campSessions.startDate,
        endDate: campSessions.endDate,
        startTime: campSessions.startTime,
        endTime: campSessions.endTime,
        weekdays: campSessions.weekdays,
      })
      .from(campSessions)
      .innerJoin(camps, eq(camps.id, campSessions.campId))
      // A camp not listed is never named: its lines are refused when it is priced.
      .where(
        and(
          inArray(
            campSessions.id,
            lines.map((line) => line.sessionId),
          ),
          isPubliclyListed,
        ),
      ),
    db
      .select({ id: children.id, firstName: children.firstName })
      .from(children)
      .where(eq(children.parentId, parentId)),
  ]);
  const byId = new Map(sessions.map((session) => [session.sessionId, session]));
  const [clash] = clashesOf(
    lines.flatMap((line) => {
      const session = byId.get(line.sessionId);
      return session ? [{ childId: line.childId, session }] : [];
    }),
  );
  const child = clash && kids.find((kid) => kid.id === clash.childId);
  if (clash && child) {
    throw conflict(
      messages.basketChildClash
        .replace('{name}', child.firstName)
        .replace('{first}', clash.first.name)
        .replace('{second}', clash.second.name),
    );
  }
}

/** A camp's own key under the checkout's: each camp is placed and charged once per checkout. */
const campKey = (body: BasketCheckoutBody, campId: number) => `${body.idempotencyKey}-camp-${campId}`;

/**
 * An error said of one camp, so the parent knows which. Not a camp that is not found: one not
 * listed (or not there) is never named.
 */
const ofCamp = (name: string, error: AppError) =>
  error.statusCode === 404
    ? error
    : new AppError(error.statusCode, error.code, `${name}: ${error.message}`, error.fields);

/**
 * The family basket's checkout (decision 069): one press of Pay for sessions at several camps
 * and organisations. First every camp not yet placed under this key is checked as it would be
 * placed: its price is the one the parent was shown, its forms are done, a card is chosen where
 * anything is charged; a failure there charges nothing anywhere. Then each camp is placed by the
 * one writer of first places (registerBasket), with its own rules and code, charged to its own
 * organisation and given its own receipt. A camp that fails then (a spot taken in between, a
 * declined card) is reported beside the camps that were booked and stays in the basket; after a
 * declined card or an unreachable processor, no further camp is tried. A retry with the same key
 * answers the camps already placed and tries the others.
 */
export async function checkOutBasket(
  deps: RegistrationDeps,
  parentId: number,
  body: BasketCheckoutBody,
  now: Date = new Date(),
): Promise<BasketCheckout> {
  const { db } = deps;
  await checkHealthReviews(db, parentId, body.healthReviews ?? []);
  const names = new Map(
    (
      await db
        .select({ id: camps.id, name: camps.name })
        .from(camps)
        .where(
          inArray(
            camps.id,
            body.camps.map((camp) => camp.campId),
          ),
        )
    ).map((camp) => [camp.id, camp.name]),
  );
  const nameOf = (campId: number) => names.get(campId) ?? messages.campNotFound;

  await checkNoClashes(db, parentId, body);
  const replayed = new Map<number, RegistrationOutcome>();
  const toPlace: CheckoutCamp[] = [];
  for (const part of body.camps) {
    const earlier = await basketReplay(db, parentId, part.campId, {
      ...part,
      idempotencyKey: campKey(body, part.campId),
    });
    if (earlier) replayed.set(part.campId, earlier);
    else toPlace.push(part);
  }
  let charging = false;
  for (const part of toPlace) {
    try {
      const quote = await quoteBasket(db, parentId, part.campId, part, now);
      checkPriceShown(quote, part.expectedTotalCents);
      await checkFormsComplete(db, parentId, part.campId, [
        ...new Set(part.lines.map((line) => line.childId)),
      ]);
      charging ||= quote.lines.some((line) => line.placement === 'place');
    } catch (error) {
      throw error instanceof AppError ? ofCamp(nameOf(part.campId), error) : error;
    }
  }
  if (charging && body.paymentMethodId === undefined) {
    throw badRequest(messages.chooseCard, { paymentMethodId: messages.chooseCard });
  }

  const results: CheckoutResult[] = [];
  let stopped: string | null = null;
  let firstFailure: unknown = null;
  for (const part of body.camps) {
    const campName = nameOf(part.campId);
    const earlier = replayed.get(part.campId);
    if (earlier) {
      // Placed by the attempt before: its lines leave the basket now if they had not then.
      await takeOutPlaced(db, parentId, part.lines);
      results.push({ campId: part.campId, campName, outcome: earlier, error: null });
      continue;
    }
    if (stopped) {
      results.push({ campId: part.campId, campName, outcome: null, error: stopped });
      continue;
    }
    try {
      const outcome = await registerBasket(
        deps,
        parentId,
        part.campId,
        {
          lines: part.lines,
          promoCode: part.promoCode,
          expectedTotalCents: part.expectedTotalCents,
          paymentMethodId: body.paymentMethodId,
          healthReviews: body.healthReviews,
          idempotencyKey: campKey(body, part.campId),
        },
        now,
      );
      await takeOutPlaced(db, parentId, part.lines);
      results.push({ campId: part.campId, campName, outcome, error: null });
    } catch (error) {
      if (!(error instanceof AppError || error instanceof PaymentDeclinedError)) throw error;
      firstFailure ??= error;
      results.push({ campId: part.campId, campName, outcome: null, error: error.message });
      // The same card or the same processor would fail the next camp too.
      if (error instanceof PaymentDeclinedError || error.statusCode >= 500) {
        stopped = messages.basketNotTried.replace('{reason}', error.message);
      }
    }
  }
  // Nothing booked: the first failure is the answer, as a one-camp checkout's would be.
  if (results.every((result) => result.outcome === null) && firstFailure) throw firstFailure;
  return { results };
}
