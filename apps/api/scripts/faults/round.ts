import { randomUUID } from 'node:crypto';
import { addDays } from '@campwise/contract/payment-plans';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/raw.ts';
import type { Client, Reply } from './client.ts';
import type { Random } from './random.ts';
import type { ServerProcess } from './server.ts';
import { type Camp, CLOCK_DAYS, type Family, type Host, newFamily, PRICES, roundCamp } from './world.ts';

/** What a round kills the server in the middle of. */
export const KINDS = ['checkout', 'refund', 'transfer', 'instalments'] as const;
export type Kind = (typeof KINDS)[number];

/** Families a round signs up: each books two places before the faults, and acts on them during. */
const FAMILIES = 6;
/** The instalments' lease after a kill (PAYMENT_RECONCILE_AFTER_MS), and a little more. */
const LEASE_MS = 1200;
/** How long reconciliation may take to settle what a kill left, before the books are read anyway. */
const SETTLE_TIMEOUT_MS = 20_000;

export interface RoundDeps {
  client: Client;
  server: ServerProcess;
  db: Database;
  databaseUrl: string;
  host: Host;
  random: Random;
}

/** An answer the server gave, which a restart must not take back. */
type Acknowledged =
  | { registrationId: number; is: 'confirmed' | 'cancelled' }
  | { registrationId: number; is: 'moved'; sessionId: number }
  | { sessionId: number; is: 'session cancelled' };

export interface RoundResult {
  kind: Kind;
  requests: number;
  killedAfter: string;
  terminations: number;
  backendsTerminated: number;
  settledMs: number;
  /** Answers given before the kill that the database no longer shows. */
  lostAnswers: string[];
}

interface Place {
  family: Family;
  registrationId: number;
}

/** Ends every other connection to the database, as a failover or a pooler's restart would. */
export async function terminateBackends(databaseUrl: string): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/** Reads through the script's own pool, which loses its connections to the terminations too. */
async function read<T extends Record<string, unknown>>(
  db: Database,
  query: ReturnType<typeof sql>,
): Promise<T[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await queryRows<T>(db, query);
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((done) => setTimeout(done, 50));
    }
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * One round: a camp and families of its own, places bought before any fault, then a burst of the
 * round's kind of work (with other work beside it) during which the database's connections are
 * ended and the server is killed at a drawn moment; then a restart, an instalment run, and
 * reconciliation left to settle what the kill left half done.
 */
export async function runRound(deps: RoundDeps, round: number, kind: Kind): Promise<RoundResult> {
  const { client, server, db, random } = deps;
  const requestsBefore = client.requests;
  const camp = await roundCamp(client, deps.host, round);
  const families = await Promise.all(Array.from({ length: FAMILIES }, () => newFamily(client)));
  // Before the faults: each family's first child paid in full for week A, the second on a plan.
  const paid: Place[] = [];
  const onPlan: Place[] = [];
  await Promise.all(
    families.map(async (family) => {
      paid.push({ family, registrationId: await checkoutOk(client, family, camp, 0, 'a', false) });
      onPlan.push({ family, registrationId: await checkoutOk(client, family, camp, 1, 'a', true) });
    }),
  );

  // Half the refund rounds, the host cancels week A while some of its families cancel a place too.
  const sessionCancelled = kind === 'refund' && random.chance(0.5);
  const acknowledged: Acknowledged[] = [];
  const primary: (() => Promise<Reply>)[] = [];
  const beside: (() => Promise<Reply>)[] = [];
  for (const [index, family] of families.entries()) {
    const first = paid[index] as Place;
    const second = onPlan[index] as Place;
    const other = random.chance(0.4);
    if (kind === 'checkout') {
      // Now and then with the card that declines: its places are released.
      const card = random.chance(0.2) ? 'declining' : 'good';
      primary.push(() => checkout(client, acknowledged, family, camp, 0, 'c', random.chance(0.5), card));
      primary.push(() => checkout(client, acknowledged, family, camp, 1, 'b', random.chance(0.5)));
      if (other) beside.push(() => cancel(client, acknowledged, first));
    } else if (kind === 'refund') {
      if (!sessionCancelled) primary.push(() => cancel(client, acknowledged, first));
      if (!sessionCancelled || other) primary.push(() => cancel(client, acknowledged, second));
      if (other) beside.push(() => checkout(client, acknowledged, family, camp, 1, 'b', false));
    } else if (kind === 'transfer') {
      const to = random.pick(['b', 'c'] as const);
      const card = random.chance(0.2) ? 'declining' : 'good';
      primary.push(() => transfer(client, acknowledged, first, camp, to, card));
      if (other) beside.push(() => cancel(client, acknowledged, second));
    } else {
      if (other)
        beside.push(() =>
          random.pick([
            () => cancel(client, acknowledged, first),
            () => cancel(client, acknowledged, second),
          ])(),
        );
      else if (random.chance(0.5))
        beside.push(() => checkout(client, acknowledged, family, camp, 0, 'c', false));
    }
  }
  if (kind === 'instalments')
    primary.push(() => client.send('POST', '/dev/clock', { json: { days: CLOCK_DAYS } }));
  if (sessionCancelled) primary.push(() => cancelSession(client, acknowledged, deps.host, camp.weeks.a));

  // The burst: everything at once, a termination of the database's connections at a drawn
  // moment, and the kill once a drawn part of the round's own work is done.
  const started = performance.now();
  let answered = 0;
  const burst = [...primary, ...beside].map(async (work, index) => {
    await sleep(random.int(0, 30));
    const reply = await work();
    if (index < primary.length) answered += 1;
    return reply;
  });
  let terminations = 0;
  let backendsTerminated = 0;
  const terminating = sleep(random.int(0, 200)).then(async () => {
    backendsTerminated += await terminateBackends(deps.databaseUrl);
    terminations += 1;
  });
  let killedAfter: string;
  if (kind === 'instalments') {
    const attempts = random.int(1, 2 * FAMILIES - 1);
    await until(async () => (await instalmentAttempts(db, camp.id)) >= attempts, 15_000);
    killedAfter = `${await instalmentAttempts(db, camp.id)} instalment attempts`;
  } else if (sessionCancelled) {
    // In the middle of the host's cancellation of the session, place by place.
    const places = random.int(0, FAMILIES);
    await until(
      async () => answered === primary.length || (await cancelledByHost(db, camp.weeks.a)) >= places,
      15_000,
    );
    killedAfter = `${await cancelledByHost(db, camp.weeks.a)} places of the cancelled session`;
  } else {
    const replies = random.int(0, primary.length - 1);
    await until(async () => answered >= replies, 15_000);
    killedAfter = `${answered} of ${primary.length} answers`;
  }
  const jitter = random.int(0, 25);
  await sleep(jitter);
  await server.kill();
  killedAfter += ` +${jitter} ms (${Math.round(performance.now() - started)} ms in)`;
  await Promise.all(burst);
  await terminating;

  // After the restart: the instalments whose attempt was cut short are resumed once their lease
  // runs out, by an instalment run at the same clock, while the connections are ended once more.
  const killedAt = Date.now();
  await server.start();
  await sleep(Math.max(0, killedAt + LEASE_MS - Date.now()));
  const run = client.send('POST', '/dev/clock', { json: { days: CLOCK_DAYS } });
  await sleep(random.int(0, 150));
  backendsTerminated += await terminateBackends(deps.databaseUrl);
  terminations += 1;
  await run;
  const settleStarted = performance.now();
  await until(async () => (await unsettled(db)) === 0, SETTLE_TIMEOUT_MS);
  return {
    kind,
    requests: client.requests - requestsBefore,
    killedAfter,
    terminations,
    backendsTerminated,
    settledMs: Math.round(performance.now() - settleStarted),
    lostAnswers: await lostAnswers(db, acknowledged),
  };
}

async function until(done: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done()) && Date.now() < deadline) await sleep(10);
}

type Week = keyof Camp['weeks'];
type Card = 'good' | 'declining';

interface Outcome {
  data: { status: string; registrationIds: number[] };
}

function checkout(
  client: Client,
  acknowledged: Acknowledged[],
  family: Family,
  camp: Camp,
  child: 0 | 1,
  week: Week,
  plan: boolean,
  card: Card = 'good',
): Promise<Reply<Outcome>> {
  return client
    .send<Outcome>('POST', `/api/camps/${camp.id}/registrations`, {
      token: family.token,
      json: {
        idempotencyKey: randomUUID(),
        paymentMethodId: card === 'good' ? family.cardId : family.decliningCardId,
        lines: [{ childId: family.childIds[child], sessionId: camp.weeks[week] }],
        ...(plan ? { plan: { instalments: 2 } } : {}),
      },
    })
    .then((reply) => {
      if (reply.status === 201 && reply.body?.data.status === 'confirmed') {
        for (const registrationId of reply.body.data.registrationIds)
          acknowledged.push({ registrationId, is: 'confirmed' });
      }
      return reply;
    });
}

/** A checkout before the faults, which must go through: answers the place. */
async function checkoutOk(
  client: Client,
  family: Family,
  camp: Camp,
  child: 0 | 1,
  week: Week,
  plan: boolean,
): Promise<number> {
  const reply = await checkout(client, [], family, camp, child, week, plan);
  const id = reply.body?.data.registrationIds[0];
  if (reply.status !== 201 || reply.body?.data.status !== 'confirmed' || id === undefined)
    throw new Error(`a checkout before the faults failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return id;
}

async function cancel(client: Client, acknowledged: Acknowledged[], place: Place): Promise<Reply> {
  const reply = await client.send('POST', `/camper/registrations/${place.registrationId}/cancel`, {
    token: place.family.token,
  });
  if (reply.status === 200) acknowledged.push({ registrationId: place.registrationId, is: 'cancelled' });
  return reply;
}

/** The host cancels a session: every place in it is cancelled, a paid one refunded in full. */
async function cancelSession(
  client: Client,
  acknowledged: Acknowledged[],
  host: Host,
  sessionId: number,
): Promise<Reply> {
  const reply = await client.send('POST', `/host/sessions/${sessionId}/cancel`, { token: host.token });
  if (reply.status === 200) acknowledged.push({ sessionId, is: 'session cancelled' });
  return reply;
}

async function transfer(
  client: Client,
  acknowledged: Acknowledged[],
  place: Place,
  camp: Camp,
  to: 'b' | 'c',
  card: Card,
): Promise<Reply> {
  const sessionId = camp.weeks[to];
  const reply = await client.send('POST', `/camper/registrations/${place.registrationId}/transfer`, {
    token: place.family.token,
    json: {
      sessionId,
      expectedDifferenceCents: PRICES[to] - PRICES.a,
      ...(to === 'c'
        ? { paymentMethodId: card === 'good' ? place.family.cardId : place.family.decliningCardId }
        : {}),
    },
  });
  if (reply.status === 200)
    acknowledged.push({ registrationId: place.registrationId, is: 'moved', sessionId });
  return reply;
}

/** Places of a session its host's cancellation has cancelled (none before the session is). */
async function cancelledByHost(db: Database, sessionId: number): Promise<number> {
  const [row] = await read<{ n: number }>(
    db,
    sql`select count(*)::int as n from registrations r join camp_sessions s on s.id = r.session_id
      where s.id = ${sessionId} and s.status = 'cancelled' and r.status = 'cancelled' and r.cancelled_by = 'host'`,
  );
  return row?.n ?? 0;
}

async function instalmentAttempts(db: Database, campId: number): Promise<number> {
  const [row] = await read<{ n: number }>(
    db,
    sql`select count(*)::int as n from payments p join instalments i on i.id = p.instalment_id
      join payment_plans pl on pl.id = i.plan_id where pl.camp_id = ${campId}`,
  );
  return row?.n ?? 0;
}

/**
 * Money work a kill can leave half done, which reconciliation and the instalments job finish
 * (places still held in a cancelled session among it), and instalments due by the clock the
 * instalments run at that the job has yet to charge.
 */
export async function unsettled(db: Database): Promise<number> {
  const clockDay = addDays(new Date().toISOString().slice(0, 10), CLOCK_DAYS);
  const [row] = await read<{ n: number }>(
    db,
    sql`select
      (select count(*)::int from payments where status in ('pending', 'refund_due'))
      + (select count(*)::int from refunds where status = 'pending')
      + (select count(*)::int from instalments where status = 'charging'
          or (status in ('scheduled', 'failed') and next_attempt_on <= ${clockDay}::date))
      + (select count(*)::int from registrations r join camp_sessions s on s.id = r.session_id
          where s.status = 'cancelled' and r.status in ('pending_payment', 'confirmed', 'waitlisted', 'offered')) as n`,
  );
  return row?.n ?? 0;
}

async function lostAnswers(db: Database, acknowledged: Acknowledged[]): Promise<string[]> {
  const ids = acknowledged.flatMap((answer) => ('registrationId' in answer ? [answer.registrationId] : []));
  const sessionIds = acknowledged.flatMap((answer) =>
    answer.is === 'session cancelled' ? [answer.sessionId] : [],
  );
  const rows = await read<{ id: number; status: string; session_id: number }>(
    db,
    sql`select id, status, session_id from registrations
      where id = any(${`{${ids.join(',')}}`}::int[])
        or (session_id = any(${`{${sessionIds.join(',')}}`}::int[])
          and status in ('pending_payment', 'confirmed', 'waitlisted', 'offered'))`,
  );
  const lost: string[] = [];
  for (const answer of acknowledged) {
    if (answer.is === 'session cancelled') {
      for (const row of rows.filter(
        (each) => each.session_id === answer.sessionId && each.status !== 'cancelled',
      ))
        lost.push(
          `session ${answer.sessionId} answered cancelled, place ${row.id} in it still ${row.status}`,
        );
      continue;
    }
    const row = rows.find((each) => each.id === answer.registrationId);
    const now = row ? `${row.status} in session ${row.session_id}` : 'gone';
    if (answer.is === 'moved') {
      if (row?.status !== 'confirmed' || row.session_id !== answer.sessionId)
        lost.push(`place ${answer.registrationId} answered moved to session ${answer.sessionId}, now ${now}`);
    } else if (row?.status !== answer.is) {
      lost.push(`place ${answer.registrationId} answered ${answer.is}, now ${now}`);
    }
  }
  return lost;
}
