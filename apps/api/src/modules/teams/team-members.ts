import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orgMembers, users } from '../../db/schema.ts';

/** An organisation's members (or one of them), the owner first, then managers, then staff, by name. */
export function teamMembers(db: Database, orgId: number, userId?: number) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: orgMembers.role,
      joinedAt: orgMembers.createdAt,
    })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(and(eq(orgMembers.orgId, orgId), userId === undefined ? undefined : eq(orgMembers.userId, userId)))
    .orderBy(
      sql`case ${orgMembers.role} when 'owner' then 0 when 'manager' then 1 else 2 end`,
      asc(users.lastName),
      asc(users.firstName),
      asc(users.id),
    );
}
