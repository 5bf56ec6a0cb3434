import { messages } from '@campwise/contract/messages';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { notFound } from '../../platform/errors.ts';
import { memberOf } from '../access/index.ts';

/** Who is looking at a conversation: its family (the parent account) or its organisation's host. */
export interface Viewer {
  side: 'family' | 'host';
  userId: number;
}

export interface ConversationParties {
  id: number;
  orgId: number;
  orgName: string;
  campName: string | null;
  parentId: number;
  parentEmail: string;
  parentFirstName: string;
  familyName: string;
  hostEmail: string;
  hostFirstName: string;
}

/** "The Kim family": how a host's screens and e-mails name a family. */
export const familyNameSql = sql<string>`'The ' || p.last_name || ' family'`;

/**
 * Whether conversation `c` (of organisation `o`) is the viewer's: the family's own, or one of
 * the host's organisations'. Nobody else sees it.
 */
export const viewerOwns = (viewer: Viewer): SQL =>
  viewer.side === 'family'
    ? sql`c.parent_id = ${viewer.userId}`
    : memberOf(sql`o.id`, viewer.userId, 'messages');

/**
 * The conversation when the viewer is its family or the host of its organisation; anyone else
 * gets the same 404 as for a conversation that does not exist.
 */
export async function conversationFor(
  db: Database,
  viewer: Viewer,
  id: number,
): Promise<ConversationParties> {
  const [row] = await queryRows<ConversationParties>(
    db,
    sql`select c.id, c.org_id as "orgId", o.name as "orgName", cp.name as "campName",
        c.parent_id as "parentId", p.email as "parentEmail", p.first_name as "parentFirstName",
        ${familyNameSql} as "familyName", h.email as "hostEmail", h.first_name as "hostFirstName"
      from conversations c
      join organizations o on o.id = c.org_id
      join users p on p.id = c.parent_id
      join users h on h.id = o.host_id
      left join camps cp on cp.id = c.camp_id
      where c.id = ${id} and ${viewerOwns(viewer)}`,
  );
  if (!row) throw notFound(messages.conversationNotFound);
  return row;
}
