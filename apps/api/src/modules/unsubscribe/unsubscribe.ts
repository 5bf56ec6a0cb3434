import { messages } from '@campwise/contract/messages';
import type { UnsubscribeState } from '@campwise/contract/saved-searches';
import { and, count, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { savedSearches, sessionOpeningRequests, users } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { UnsubscribeLinks, UnsubscribeSubject } from './unsubscribe-links.ts';

const ALERT_SUBJECTS = {
  place: 'e-mails telling you a place has freed up at a full session',
  opening: 'e-mails telling you registration has opened for a session',
} as const;

const invalidLink = () => notFound(messages.unsubscribeLinkInvalid);

function subjectOf(links: UnsubscribeLinks, token: string): UnsubscribeSubject {
  const subject = links.read(token);
  if (!subject) throw invalidLink();
  return subject;
}

/** The alerts a link stops: those of its kind the parent asked for before the e-mail was written. */
function alertsCoveredBy(subject: UnsubscribeSubject & { kind: 'place' | 'opening' }) {
  return and(
    eq(sessionOpeningRequests.parentId, subject.id),
    eq(sessionOpeningRequests.kind, subject.kind),
    isNull(sessionOpeningRequests.notifiedAt),
    lte(sessionOpeningRequests.createdAt, subject.issuedAt),
  );
}

async function digestSearch(db: Database, id: number) {
  const [search] = await db
    .select({ name: savedSearches.name, digest: savedSearches.digest })
    .from(savedSearches)
    .where(eq(savedSearches.id, id));
  if (!search) throw invalidLink();
  return search;
}

async function alertParent(db: Database, id: number) {
  const [parent] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.userType, 'camper')));
  if (!parent) throw invalidLink();
}

const digestSubject = (name: string) => `the weekly e-mail of your saved search “${name}”`;

/** What a link unsubscribes from, and whether that has already stopped (for the page). */
export async function readUnsubscribe(
  db: Database,
  links: UnsubscribeLinks,
  token: string,
): Promise<UnsubscribeState> {
  const subject = subjectOf(links, token);
  if (subject.kind === 'digest') {
    const search = await digestSearch(db, subject.id);
    return { kind: 'digest', subject: digestSubject(search.name), unsubscribed: !search.digest };
  }
  await alertParent(db, subject.id);
  const kind = subject.kind;
  const [pending] = await db
    .select({ n: count() })
    .from(sessionOpeningRequests)
    .where(alertsCoveredBy({ ...subject, kind }));
  return { kind, subject: ALERT_SUBJECTS[kind], unsubscribed: (pending?.n ?? 0) === 0 };
}

/**
 * Stops what a link is for; doing it again changes nothing. A digest link turns that saved
 * search's digest off (the search stays on the Saved page). An alert link drops the parent's
 * waiting alerts of that kind asked for before the e-mail; asking for a new alert later is a
 * new opt-in the old link does not undo.
 */
export async function unsubscribe(
  db: Database,
  links: UnsubscribeLinks,
  token: string,
): Promise<UnsubscribeState> {
  const subject = subjectOf(links, token);
  if (subject.kind === 'digest') {
    const search = await digestSearch(db, subject.id);
    await db.update(savedSearches).set({ digest: false }).where(eq(savedSearches.id, subject.id));
    return { kind: 'digest', subject: digestSubject(search.name), unsubscribed: true };
  }
  await alertParent(db, subject.id);
  const kind = subject.kind;
  await db.delete(sessionOpeningRequests).where(alertsCoveredBy({ ...subject, kind }));
  return { kind, subject: ALERT_SUBJECTS[kind], unsubscribed: true };
}
