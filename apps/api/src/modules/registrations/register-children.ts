import type { RegisterBody, RegistrationOutcome } from '@campwise/contract/registrations';
import { placeBasket } from './place-basket.ts';
import type { ReplayKey } from './replay.ts';
import { openSession, type RegistrationDeps } from './service.ts';

/** The spec's request: children for one session of the camp. */
export type ChildrenBody = RegisterBody & { childIds: number[] };

/** What names the spec's request for its replay: exactly its children (at any session when none was named). */
export const replayKey = (body: ChildrenBody): ReplayKey => ({
  idempotencyKey: body.idempotencyKey,
  lines: body.childIds.map((childId) => ({ childId, sessionId: body.sessionId })),
  exact: true,
});

/**
 * POST /api/camps/{id}/registrations with `childIds`: registers children for one session and
 * charges for them, once per idempotency key. A one-line basket: the session is the one named,
 * or the camp's only one (404 for another camp's, 400 asking to choose when the camp has
 * several), each child a line of it, placed, priced (with the camp's discounts) and charged by
 * the basket's writer (placeBasket), with the spec's answers: no lines, 409 when a full session
 * has no waitlist, `waitlisted` for children all already waiting, its key replayed exactly.
 */
export async function registerChildren(
  deps: RegistrationDeps,
  parentId: number,
  campId: number,
  body: ChildrenBody,
  now: Date = new Date(),
): Promise<RegistrationOutcome> {
  const { session } = await openSession(deps.db, campId, body.sessionId);
  const { childIds, sessionId: _asked, ...rest } = body;
  return placeBasket(
    deps,
    parentId,
    campId,
    { ...rest, lines: childIds.map((childId) => ({ childId, sessionId: session.id })) },
    { asked: 'children', replay: replayKey(body) },
    now,
  );
}
