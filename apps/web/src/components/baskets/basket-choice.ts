import type { BasketLineInput } from '@campwise/contract/baskets';
import { messages } from '@campwise/contract/messages';
import type { EligibleChild, RegistrationOptions } from '@campwise/contract/registrations';
import { windowNotice } from '@campwise/contract/session-text';
import type { CampSession } from '@campwise/contract/sessions';
import { spotsLeftText } from '../registrations/registration-text.ts';

/** Said for a session whose spot is held for the child: it is paid for on its own, from the offer. */
export const heldElsewhere = 'Spot held for you: pay for it from the link in your e-mail';

interface ChildInSession {
  session: CampSession;
  child: EligibleChild;
}

const mayJoin = ({ child }: ChildInSession) => child.eligible && child.offerExpiresAt === null;
const reasonOf = ({ child }: ChildInSession) => child.reason ?? heldElsewhere;

/**
 * A child as the camper choice shows it for the chosen sessions: chosen only if it may join at
 * least one of them, its age on the first one's start, and why it cannot join the others.
 */
function camperFor(base: EligibleChild, entries: ChildInSession[]): EligibleChild {
  const first = entries[0];
  if (!first) return { ...base, offerExpiresAt: null };
  const closed = entries.filter((entry) => !mayJoin(entry));
  const sameEverywhere =
    closed.length === entries.length && closed.every((entry) => reasonOf(entry) === reasonOf(first));
  const reason =
    closed.length === 0
      ? null
      : sameEverywhere
        ? reasonOf(first)
        : closed.map((entry) => `${entry.session.name}: ${reasonOf(entry)}`).join('. ');
  return {
    ...base,
    ageAtStart: first.child.ageAtStart,
    eligible: closed.length < entries.length,
    reason,
    offerExpiresAt: null,
  };
}

export interface BasketChoice {
  /** The parent's children, as the camper choice shows them for the sessions chosen. */
  campers: EligibleChild[];
  /** Each chosen child in each chosen session it may join. */
  lines: BasketLineInput[];
}

/**
 * The basket from what the parent ticked: children × sessions, each child only in the sessions
 * it may join (known once that session's options have come in; `sessions` in the camp's order).
 */
export function basketChoice(
  base: RegistrationOptions,
  sessions: CampSession[],
  childIds: number[],
  bySession: Map<number, RegistrationOptions>,
): BasketChoice {
  const entriesOf = (childId: number): ChildInSession[] =>
    sessions.flatMap((session) => {
      const child = bySession.get(session.id)?.children.find((candidate) => candidate.id === childId);
      return child ? [{ session, child }] : [];
    });
  const campers = base.children.map((child) => camperFor(child, entriesOf(child.id)));
  const lines = base.children
    .filter((child) => childIds.includes(child.id))
    .flatMap((child) =>
      entriesOf(child.id)
        .filter(mayJoin)
        .map(({ session }) => ({ childId: child.id, sessionId: session.id })),
    );
  return { campers, lines };
}

/** Why the basket cannot be priced yet: a session not open (a notice), or too few places (a refusal). */
export interface BasketProblem {
  tone: 'notice' | 'full';
  message: string;
}

/**
 * Why the basket cannot be priced, before asking: a chosen session not open for registration,
 * or more campers than places in a session without a waitlist. A camp with one session speaks
 * of the camp.
 */
export function basketProblem(
  sessions: CampSession[],
  lines: BasketLineInput[],
  bySession: Map<number, RegistrationOptions>,
  single: boolean,
): BasketProblem | null {
  for (const session of sessions) {
    const notice = windowNotice(session);
    if (notice) return { tone: 'notice', message: single ? notice : `${session.name}: ${notice}` };
  }
  for (const session of sessions) {
    const wanted = lines.filter((line) => line.sessionId === session.id).length;
    const left = {
      spotsLeft: bySession.get(session.id)?.spotsLeft ?? session.spotsLeft,
      allowsWaitlist: false,
    };
    if (wanted === 0 || session.allowsWaitlist || wanted <= left.spotsLeft) continue;
    const message =
      left.spotsLeft === 0
        ? single
          ? messages.campFull
          : messages.sessionFullNoWaitlist.replace('{session}', session.name)
        : `Only ${spotsLeftText(left)}${single ? '' : ` in ${session.name}`}. Please choose fewer campers.`;
    return { tone: 'full', message };
  }
  return null;
}
