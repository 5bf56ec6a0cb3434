import { formatMoney } from '@campwise/contract/format';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  camps,
  children,
  instalmentPlaces,
  instalments,
  organizations,
  paymentPlans,
  registrations,
  users,
} from '../../db/schema.ts';
import { instalmentUnpaidHostMail, queueMail } from '../mail/index.ts';

/** Tells the host that an instalment stays unpaid after the last try and the place is kept. */
export async function keptPlaceHostMail(
  db: Database,
  publicUrl: string,
  instalmentId: number,
  amountCents: number,
): Promise<void> {
  const [host] = await db
    .select({
      campId: camps.id,
      campName: camps.name,
      email: users.email,
      firstName: users.firstName,
      family: sql<string>`coalesce((select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${paymentPlans.parentId}), 'A family')`,
    })
    .from(instalments)
    .innerJoin(paymentPlans, eq(paymentPlans.id, instalments.planId))
    .innerJoin(camps, eq(camps.id, paymentPlans.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .innerJoin(users, eq(users.id, organizations.hostId))
    .where(eq(instalments.id, instalmentId));
  if (!host) return;
  const kids = await db
    .select({ firstName: children.firstName })
    .from(instalmentPlaces)
    .innerJoin(registrations, eq(registrations.id, instalmentPlaces.registrationId))
    .innerJoin(children, eq(children.id, registrations.childId))
    .where(and(eq(instalmentPlaces.instalmentId, instalmentId), eq(instalmentPlaces.cancelled, false)))
    .orderBy(asc(children.firstName));
  await queueMail(
    db,
    instalmentUnpaidHostMail(
      host.email,
      host.firstName,
      {
        campName: host.campName,
        childNames: kids.map((kid) => kid.firstName),
        amount: formatMoney(amountCents),
        family: host.family,
      },
      `${publicUrl}/host/camp/${host.campId}/roster`,
    ),
  );
}
