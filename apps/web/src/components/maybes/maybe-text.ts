import type { Child } from '@campwise/contract/children';
import type { Maybe } from '@campwise/contract/planner';
import { namesText } from '../registrations/registration-text.ts';

/** The heart's name before anything is saved: "Save Week 2 as a maybe". */
export function saveMaybeLabel(name: string): string {
  return `Save ${name} as a maybe`;
}

/** A search result's heart when several of the camp's sessions matched: it leads to them. */
export function chooseSessionToSaveLabel(campName: string): string {
  return `Choose a session of ${campName} to save as a maybe`;
}

/** The heart's name once saved: "Saved as a maybe for Maya and Leo". */
export function savedMaybeLabel(childNames: string[]): string {
  return `Saved as a maybe for ${namesText(childNames)}`;
}

export function maybeSavedText(name: string, childName: string): string {
  return `${name} is saved as a maybe for ${childName}.`;
}

export function maybeRemovedText(name: string, childName: string): string {
  return `${name} is no longer saved for ${childName}.`;
}

/** Said of a maybe whose session was cancelled or whose camp is no longer listed. */
export const NO_LONGER_AVAILABLE = 'No longer available';

/**
 * Whether a maybe names its session: when the camp has several, and when it can no longer be
 * booked (the camp's other sessions do not count a cancelled one, yet it is the one saved).
 */
export function namesSession(maybe: Pick<Maybe, 'severalSessions' | 'bookable'>): boolean {
  return maybe.severalSessions || !maybe.bookable;
}

/** The camp, and the session when it is named: "Lakeside Days · Week 2". */
export function maybeTitle(
  maybe: Pick<Maybe, 'campName' | 'sessionName' | 'severalSessions' | 'bookable'>,
): string {
  return namesSession(maybe) ? `${maybe.campName} · ${maybe.sessionName}` : maybe.campName;
}

/** Register's name on a maybe: "Register for Lakeside Days · Week 2". */
export const registerMaybeLabel = (title: string) => `Register for ${title}`;

/** Remove's name on a maybe: "Remove Lakeside Days · Week 2 from Maya’s saved sessions". */
export const removeMaybeLabel = (title: string, childName: string) =>
  `Remove ${title} from ${childName}’s saved sessions`;

export interface ChildMaybes {
  child: Pick<Child, 'id' | 'firstName' | 'lastName'>;
  maybes: Maybe[];
}

/**
 * The maybes of each child that has any, children in the order given (the server's, by first
 * name), each child's maybes in the list's order (soonest first).
 */
export function maybesByChild(
  maybes: Maybe[],
  children: Pick<Child, 'id' | 'firstName' | 'lastName'>[],
): ChildMaybes[] {
  return children
    .map((child) => ({ child, maybes: maybes.filter((maybe) => maybe.childId === child.id) }))
    .filter((group) => group.maybes.length > 0);
}

/** A session's maybe for each child it is saved for. */
export function maybesOfSession(maybes: Maybe[], sessionId: number): Map<number, Maybe> {
  return new Map(
    maybes.filter((maybe) => maybe.sessionId === sessionId).map((maybe) => [maybe.childId, maybe]),
  );
}

/** The parent's Saved sessions page. */
export const SAVED_PATH = '/camper/saved';
