import type { Conversation, ConversationMessage, ConversationStatus } from '@campwise/contract/conversations';
import { messages } from '@campwise/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { camps, conversationMessages, conversations } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { isPubliclyListed } from '../camps/index.ts';
import { newMessageMail, queueMail } from '../mail/index.ts';
import type { MessageAttachmentFile } from './attachments.ts';
import { conversationFor, type Viewer } from './conversation-access.ts';
import { openConversation, shapeMessage } from './read-conversations.ts';

export interface MessageLinks {
  /** The thread's address for each side, in e-mails. */
  threadUrl: (side: Viewer['side'], conversationId: number) => string;
}

/**
 * A parent's question about a listed camp: a new conversation with the camp's organisation,
 * its host told by e-mail.
 */
export async function startConversation(
  db: Database,
  links: MessageLinks,
  parentId: number,
  campId: number,
  body: string,
): Promise<Conversation> {
  const [camp] = await db
    .select({ id: camps.id, orgId: camps.orgId })
    .from(camps)
    .where(and(eq(camps.id, campId), isPubliclyListed));
  if (!camp) throw notFound(messages.campNotFound);
  const sender: Viewer = { side: 'family', userId: parentId };
  const id = await createConversation(
    db,
    links,
    sender,
    { orgId: camp.orgId, parentId, campId: camp.id },
    body,
  );
  return openConversation(db, sender, id);
}

/**
 * A new conversation holding its first message, read by its sender; the other side is told by
 * e-mail. Callers have checked that the sender may start it.
 */
export function createConversation(
  db: Database,
  links: MessageLinks,
  sender: Viewer,
  parties: { orgId: number; parentId: number; campId: number },
  body: string,
): Promise<number> {
  const fromHost = sender.side === 'host';
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({ ...parties, ...(fromHost ? { hostReadAt: sql`now()` } : { parentReadAt: sql`now()` }) })
      .returning({ id: conversations.id });
    if (!created) throw new Error('the conversation was not created');
    await tx.insert(conversationMessages).values({ conversationId: created.id, fromHost, body });
    await notifyOtherSide(tx, links, sender, created.id);
    return created.id;
  });
}

/** E-mails the other side of the conversation that a message is waiting. */
async function notifyOtherSide(db: Database, links: MessageLinks, sender: Viewer, id: number): Promise<void> {
  const parties = await conversationFor(db, sender, id);
  const toHost = sender.side === 'family';
  await queueMail(
    db,
    toHost
      ? newMessageMail(
          parties.hostEmail,
          parties.hostFirstName,
          parties.familyName.replace(/^The /, 'the '),
          parties.campName,
          links.threadUrl('host', id),
        )
      : newMessageMail(
          parties.parentEmail,
          parties.parentFirstName,
          parties.orgName,
          parties.campName,
          links.threadUrl('family', id),
        ),
  );
}

/**
 * A reply in a conversation the sender belongs to. A family's message reopens a conversation the
 * host had marked done.
 */
export async function postMessage(
  db: Database,
  links: MessageLinks,
  sender: Viewer,
  conversationId: number,
  body: string,
  attachment: MessageAttachmentFile | null,
): Promise<ConversationMessage> {
  const parties = await conversationFor(db, sender, conversationId);
  const fromHost = sender.side === 'host';
  const row = await db.transaction(async (tx) => {
    const [message] = await tx
      .insert(conversationMessages)
      .values({
        conversationId,
        fromHost,
        body,
        attachmentName: attachment?.name ?? null,
        attachmentKind: attachment?.kind ?? null,
        attachmentContent: attachment?.content ?? null,
      })
      // Not the attachment's bytes: the answer names it, the sender has it.
      .returning({
        id: conversationMessages.id,
        fromHost: conversationMessages.fromHost,
        body: conversationMessages.body,
        attachmentName: conversationMessages.attachmentName,
        attachmentKind: conversationMessages.attachmentKind,
        createdAt: conversationMessages.createdAt,
      });
    if (!message) throw new Error('the message was not saved');
    await tx
      .update(conversations)
      .set({
        lastMessageAt: message.createdAt,
        ...(fromHost
          ? { hostReadAt: message.createdAt }
          : { parentReadAt: message.createdAt, status: 'open' }),
      })
      .where(eq(conversations.id, conversationId));
    await notifyOtherSide(tx, links, sender, conversationId);
    return message;
  });
  return shapeMessage(sender, row, parties);
}

/** A host marks a conversation done (or open again); only the organisation's host may. */
export async function setConversationStatus(
  db: Database,
  hostId: number,
  conversationId: number,
  status: ConversationStatus,
): Promise<Conversation> {
  const viewer: Viewer = { side: 'host', userId: hostId };
  await conversationFor(db, viewer, conversationId);
  await db.update(conversations).set({ status }).where(eq(conversations.id, conversationId));
  return openConversation(db, viewer, conversationId);
}
