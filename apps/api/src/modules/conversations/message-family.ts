import type { Conversation } from '@campwise/contract/conversations';
import { isActivePlace } from '@campwise/contract/life-cycles';
import { messages } from '@campwise/contract/messages';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { camps, conversations, organizations, registrations } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { memberOf } from '../access/index.ts';
import type { Viewer } from './conversation-access.ts';
import { createConversation, type MessageLinks, postMessage } from './post-message.ts';
import { openConversation } from './read-conversations.ts';

/**
 * A host writes to the family of a place on one of their camps: the message goes into the
 * family's latest conversation with the organisation, or starts one about the camp. Only an
 * active place (being paid, booked, waitlisted or offered) lets the host write first; a place
 * that is over leaves only the thread the family already has (decision 031).
 */
export async function messageFamily(
  db: Database,
  links: MessageLinks,
  hostId: number,
  registrationId: number,
  body: string,
): Promise<Conversation> {
  const [place] = await db
    .select({
      parentId: registrations.parentId,
      campId: camps.id,
      orgId: camps.orgId,
      status: registrations.status,
    })
    .from(registrations)
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(registrations.id, registrationId), memberOf(camps.orgId, hostId, 'messages')));
  if (!place) throw notFound(messages.registrationNotFound);
  const viewer: Viewer = { side: 'host', userId: hostId };
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.orgId, place.orgId), eq(conversations.parentId, place.parentId)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(1);
  if (existing) {
    await postMessage(db, links, viewer, existing.id, body, null);
    return openConversation(db, viewer, existing.id);
  }
  if (!isActivePlace(place.status)) throw conflict(messages.messageFamilyWithoutPlace);
  const { parentId, campId, orgId } = place;
  const id = await createConversation(db, links, viewer, { parentId, campId, orgId }, body);
  return openConversation(db, viewer, id);
}
