import { type Earnings, type EarningsCamp, earningsFigures, type Payout } from '@campwise/contract/payouts';
import { receiptNumber } from '@campwise/contract/registrations';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campSessions,
  camps,
  hostPayoutAccounts,
  hostPayouts,
  organizations,
  paymentEntries,
} from '../../db/schema.ts';
import { csvTable } from '../../platform/csv.ts';

/** Every charge and refund of the host's camps, oldest first: what all the figures are sums of. */
function hostEntries(db: Database, hostId: number) {
  return db
    .select({
      paymentId: paymentEntries.paymentId,
      kind: paymentEntries.kind,
      amountCents: paymentEntries.amountCents,
      feeCents: paymentEntries.feeCents,
      at: paymentEntries.createdAt,
      campId: camps.id,
      campName: camps.name,
      sessionId: paymentEntries.sessionId,
      sessionName: campSessions.name,
      startDate: campSessions.startDate,
      namedPlace: paymentEntries.placeName,
      namedSession: paymentEntries.sessionName,
    })
    .from(paymentEntries)
    .innerJoin(camps, eq(camps.id, paymentEntries.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .leftJoin(campSessions, eq(campSessions.id, paymentEntries.sessionId))
    .where(eq(organizations.hostId, hostId))
    .orderBy(asc(paymentEntries.createdAt), asc(paymentEntries.id));
}

type Entry = Awaited<ReturnType<typeof hostEntries>>[number];

function hostPayoutList(db: Database, hostId: number) {
  return db
    .select({
      id: hostPayouts.id,
      amountCents: hostPayouts.amountCents,
      status: hostPayouts.status,
      createdAt: hostPayouts.createdAt,
      arrivalDate: hostPayouts.arrivalDate,
    })
    .from(hostPayouts)
    .innerJoin(hostPayoutAccounts, eq(hostPayoutAccounts.accountId, hostPayouts.accountId))
    .where(eq(hostPayoutAccounts.hostId, hostId))
    .orderBy(desc(hostPayouts.createdAt), desc(hostPayouts.id));
}

/** Camps, then their sessions in date order, each with the figures of its entries. */
function byCamp(entries: readonly Entry[]): EarningsCamp[] {
  const camps = new Map<number, Entry[]>();
  for (const entry of entries) camps.set(entry.campId, [...(camps.get(entry.campId) ?? []), entry]);
  return [...camps.values()].map((campEntries) => {
    const [first] = campEntries as [Entry];
    const sessions = new Map<number | null, Entry[]>();
    for (const entry of campEntries)
      sessions.set(entry.sessionId, [...(sessions.get(entry.sessionId) ?? []), entry]);
    return {
      campId: first.campId,
      name: first.campName,
      ...earningsFigures(campEntries),
      sessions: [...sessions.values()]
        .map((sessionEntries) => {
          const [one] = sessionEntries as [Entry];
          return {
            sessionId: one.sessionId,
            name: one.sessionName ?? 'Charges without a place (refunded)',
            startDate: one.startDate,
            ...earningsFigures(sessionEntries),
          };
        })
        .sort((a, b) => (a.startDate ?? '9999').localeCompare(b.startDate ?? '9999')),
    };
  });
}

/** What a host earned, camp by camp and session by session, and what was paid out to them. */
export async function readEarnings(db: Database, hostId: number): Promise<Earnings> {
  const entries = await hostEntries(db, hostId);
  const payouts = await hostPayoutList(db, hostId);
  const totals = earningsFigures(entries);
  const paidOut = payouts
    .filter((payout) => payout.status !== 'failed' && payout.status !== 'canceled')
    .reduce((sum, payout) => sum + payout.amountCents, 0);
  return {
    totals,
    balanceCents: totals.netCents - paidOut,
    camps: byCamp(entries).sort((a, b) => a.name.localeCompare(b.name)),
    payouts: payouts.map(payoutOut),
  };
}

const payoutOut = (payout: Awaited<ReturnType<typeof hostPayoutList>>[number]): Payout => ({
  ...payout,
  createdAt: payout.createdAt.toISOString(),
  arrivalDate: payout.arrivalDate.toISOString(),
});

/** The payouts to the host's bank, newest first. */
export async function listHostPayouts(db: Database, hostId: number): Promise<Payout[]> {
  return (await hostPayoutList(db, hostId)).map(payoutOut);
}

const day = (date: Date) => date.toISOString().slice(0, 10);
/** Plain decimal dollars for a spreadsheet: "1234.50", "-5.00" (no currency sign or separators). */
export const dollars = (cents: number): string =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/**
 * Every charge, refund and payout as a row an accountant's spreadsheet reads: a date, what it
 * was, the receipt, the camp and session as they were named when the money moved (a statement
 * already handed over never changes), and plain decimal amounts (no currency signs).
 */
export async function earningsCsv(db: Database, hostId: number): Promise<string> {
  const entries = await hostEntries(db, hostId);
  const payouts = await hostPayoutList(db, hostId);
  const rows: (string | number)[][] = entries.map((entry) => {
    const sign = entry.kind === 'charge' ? 1 : -1;
    return [
      day(entry.at),
      entry.kind === 'charge' ? 'Payment' : 'Refund',
      receiptNumber(entry.paymentId),
      entry.namedPlace,
      entry.namedSession ?? '',
      dollars(entry.kind === 'charge' ? entry.amountCents : 0),
      dollars(entry.kind === 'refund' ? entry.amountCents : 0),
      dollars(sign * entry.feeCents),
      dollars(sign * (entry.amountCents - entry.feeCents)),
    ];
  });
  for (const payout of [...payouts].reverse()) {
    rows.push([
      day(payout.createdAt),
      `Payout (${payout.status.replace('_', ' ')}, arrives ${day(payout.arrivalDate)})`,
      payout.id,
      '',
      '',
      '0.00',
      '0.00',
      '0.00',
      dollars(-payout.amountCents),
    ]);
  }
  rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return csvTable(
    ['Date', 'Type', 'Reference', 'Camp', 'Session', 'Gross', 'Refund', 'Platform fee', 'Net to you'],
    rows,
  );
}
