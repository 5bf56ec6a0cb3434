import type { CampData } from '@campwise/contract/camps';
import { childBody } from '@campwise/contract/children';
import { CONSENT_VERSION, newOrgFields } from '@campwise/contract/orgs';
import { type SessionData, shiftDate } from '@campwise/contract/sessions';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { campImages, campSessions, camps, images, organizations, orgReviews, users } from '../db/schema.ts';
import { createCamp } from '../modules/camps/index.ts';
import { saveCard } from '../modules/cards/index.ts';
import { createChild } from '../modules/children/index.ts';
import { addPromoCode, setHostDiscounts } from '../modules/discounts/index.ts';
import { createOrg } from '../modules/orgs/index.ts';
import { addSession, editSession } from '../modules/sessions/index.ts';
import { deleteImageFiles, type StoredImage } from '../platform/images.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { FileStorage } from '../platform/storage.ts';
import type { Subject } from './art-subjects.ts';
import { demoPicture, storeDemoPicture } from './artwork.ts';
import {
  connectPayouts,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  demoCard,
  demoLoginsText,
  domainOf,
  findUserId,
  insertUser,
  isoDay,
  payOutHost,
  type SeedContext,
  seedContext,
  subscribeHost,
} from './common.ts';
import { fillDemoBasket } from './demo-basket.ts';
import { bookDemoSummer } from './demo-bookings.ts';
import { type StorePortrait, seedDemoCheckIns } from './demo-check-ins.ts';
import { writeDemoForms } from './demo-forms.ts';
import { seedDemoFriends } from './demo-friends.ts';
import { writeDemoHealthProfiles } from './demo-health.ts';
import { writeDemoInsights } from './demo-insights.ts';
import { seedDemoMessages } from './demo-messages.ts';
import { bookDemoPlan } from './demo-plans.ts';
import { writeDemoReviews } from './demo-reviews.ts';
import { writeDemoTaxDetails } from './demo-tax.ts';
import { seedDemoTeam } from './demo-team.ts';
import { type CampKind, planCamp, type Venue } from './plan.ts';
import { SeededRandom } from './random.ts';
import {
  FIRST_NAMES,
  LAST_NAMES,
  METROS,
  type Metro,
  ORG_BIOS,
  PENDING_ORG,
  THEMES,
  type Theme,
} from './reference.ts';

/** The same seed always makes the same demo. */
const DEMO_SEED = 20_260_601;

export interface DemoSummary {
  hosts: number;
  orgs: number;
  pendingOrgs: number;
  camps: number;
  /** Sessions beyond each camp's first. */
  sessions: number;
  /** Places the demo parent booked. */
  places: number;
}

/** Marks a camp spec as "the same camp again": it becomes weekly sessions of that camp. */
const WEEKLY_MARK = ' (weekly)';

/** The consent the demo hosts gave when they added their organisations. */
const DEMO_CONSENT = { version: CONSENT_VERSION, ipAddress: '127.0.0.1', userAgent: 'Campwise demo data' };

const phoneIn = (metro: Metro, line: number) => `${metro.areaCode}-555-01${String(line).padStart(2, '0')}`;

function hostEmail(metro: Metro, index: number): string {
  return index === 0 ? DEMO_ACCOUNTS.host : `${metro.key}.host@demo.campwise.test`;
}

/**
 * Writes the demo: an administrator, a parent with two children and a saved test card, one
 * subscribed host per metro area with five approved organisations and their camps, and one
 * organisation waiting for review. Does nothing when the demo host already exists, so running
 * it again never duplicates anything. Answers null when the demo was already there.
 */
export async function seedDemo(context: SeedContext): Promise<DemoSummary | null> {
  if (await findUserId(context.db, 'host', DEMO_ACCOUNTS.host)) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Files are written before their rows commit; if the rows roll back, the files go too.
  const written: StoredImage[] = [];
  const pictures = async (db: Database, owner: string, name: string, kind: Subject[], count: number) => {
    const stored = await Promise.all(
      Array.from({ length: count }, (_, variant) =>
        storeDemoPicture(context.storage, demoPicture(name, kind, variant, owner)),
      ),
    );
    written.push(...stored);
    const rows = await db
      .insert(images)
      .values(stored)
      .returning({ id: images.id, largeKey: images.largeKey });
    return stored.map((image) => {
      const row = rows.find((candidate) => candidate.largeKey === image.largeKey);
      if (!row) throw new Error('insert returned no row');
      return row.id;
    });
  };
  const storePortrait: StorePortrait = async (db, svg) => {
    const stored = await storeDemoPicture(context.storage, svg);
    written.push(stored);
    const [row] = await db.insert(images).values(stored).returning({ id: images.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  };
  try {
    return await context.db.transaction(async (tx) => {
      const writer = new DemoWriter(context, tx, passwordHash, pictures);
      const summary = await writer.write();
      // The day of camp, once every family has its places (decision 030).
      const hostId = await findUserId(tx, 'host', DEMO_ACCOUNTS.host);
      if (hostId) await seedDemoCheckIns(context, tx, { hostId }, storePortrait);
      return summary;
    });
  } catch (error) {
    await Promise.all(written.map((image) => deleteImageFiles(context.storage, image)));
    throw error;
  }
}

/**
 * `npm start` on a new embedded database (nobody has signed up; an administrator may exist)
 * loads the demo, so a first look shows a working marketplace. A DATABASE_URL database is
 * never seeded here: that takes `npm run db:seed`. Answers the sign-in text to print, or null.
 */
export async function seedDemoOnFirstStart(
  config: Config,
  db: Database,
  storage: FileStorage,
): Promise<string | null> {
  if (config.demoData === 'off' || config.database.kind !== 'pglite' || config.stripe) return null;
  const [someone] = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.userType, ['host', 'camper']))
    .limit(1);
  if (someone) return null;
  const summary = await seedDemo(await seedContext(config, db, storage));
  return summary ? demoLoginsText(config.publicUrl) : null;
}

interface CampSpec {
  name: string;
  kind: CampKind;
  dates?: { startDate: string; endDate: string };
}

class DemoWriter {
  private readonly random = new SeededRandom(DEMO_SEED);
  private readonly summary: DemoSummary = {
    hosts: 0,
    orgs: 0,
    pendingOrgs: 0,
    camps: 0,
    sessions: 0,
    places: 0,
  };
  private adminId = 0;
  private winterCampPlaced = false;

  constructor(
    private readonly context: SeedContext,
    private readonly db: Database,
    private readonly passwordHash: string,
    /** Draws and stores `count` pictures of one camp or organisation and answers their image ids, in order. */
    private readonly pictures: (
      db: Database,
      owner: string,
      name: string,
      kind: Subject[],
      count: number,
    ) => Promise<number[]>,
  ) {}

  async write(): Promise<DemoSummary> {
    // An administrator made earlier with `npm run admin:create` keeps its own password.
    this.adminId =
      (await findUserId(this.db, 'admin', DEMO_ACCOUNTS.admin)) ??
      (await insertUser(this.db, {
        userType: 'admin',
        email: DEMO_ACCOUNTS.admin,
        firstName: 'Morgan',
        lastName: 'Ellis',
        phone: null,
        passwordHash: this.passwordHash,
      }));
    const parentId = await this.writeParent();
    for (const [index, metro] of METROS.entries()) await this.writeHost(metro, index);
    const hostId = await findUserId(this.db, 'host', DEMO_ACCOUNTS.host);
    if (hostId) {
      this.summary.places = await bookDemoSummer(this.context, this.db, { parentId, hostId });
      await writeDemoReviews(this.context, this.db, {
        parentId,
        hostId,
        passwordHash: this.passwordHash,
        addPictures: (campId, orgName, name) => this.writeCampImages(campId, orgName, name, THEMES.dayCamp),
      });
      // Paid out before the friends book, so Earnings shows a payout on its way and a balance.
      await payOutHost(this.context, this.db, hostId);
    }
    await seedDemoFriends(this.context, this.db, { parentId, passwordHash: this.passwordHash });
    // After the friends, who join the demo family's first week of the summer.
    if (hostId) await bookDemoPlan(this.context, this.db, { parentId, hostId });
    // After the demo family's bookings, so the season's sit behind theirs in each session.
    if (hostId) await writeDemoInsights(this.context, this.db, { hostId, passwordHash: this.passwordHash });
    // After every booking: the camps' questions are answered and waivers signed for each place.
    if (hostId) await writeDemoForms(this.db, { parentId, hostId }, this.context.today);
    if (hostId) await seedDemoMessages(this.context, this.db, { parentId, hostId });
    if (hostId) await seedDemoTeam(this.db, { hostId, passwordHash: this.passwordHash }, this.context.today);
    if (hostId) await writeDemoTaxDetails(this.context, this.db, { hostId });
    // Last, so its sessions are ones the children still have no place in.
    if (hostId) await fillDemoBasket(this.context, this.db, { parentId, hostId });
    return this.summary;
  }

  /** A parent with two children and a saved card, added through the same services as the camper screens. */
  private async writeParent(): Promise<number> {
    const { today } = this.context;
    const parent = { firstName: 'Sam', lastName: 'Taylor', email: DEMO_ACCOUNTS.parent };
    const parentId = await insertUser(this.db, {
      userType: 'camper',
      ...parent,
      phone: '512-555-0190',
      passwordHash: this.passwordHash,
    });
    const birthday = (years: number, daysEarlier: number) =>
      isoDay(
        new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate())),
        -daysEarlier,
      );
    const kids = [
      {
        firstName: 'Maya',
        lastName: 'Taylor',
        gender: 'female',
        shirtSize: 'youth_s',
        medical: 'Mild peanut allergy; carries an EpiPen.',
        birthday: birthday(8, 95),
      },
      {
        firstName: 'Leo',
        lastName: 'Taylor',
        gender: 'male',
        shirtSize: 'youth_m',
        birthday: birthday(11, 210),
      },
    ];
    const childIds: number[] = [];
    for (const child of kids)
      childIds.push((await createChild(this.db, parentId, childBody.parse(child))).id);
    await writeDemoHealthProfiles(this.context, this.db, parentId, childIds);
    await saveCard(this.db, this.context.processor(this.db), parentId, {
      kind: 'details',
      card: demoCard(parent.firstName, parent.lastName, today),
    });
    return parentId;
  }

  private async writeHost(metro: Metro, index: number): Promise<void> {
    const host = { ...metro.host, email: hostEmail(metro, index) };
    const hostId = await insertUser(this.db, {
      userType: 'host',
      ...host,
      phone: phoneIn(metro, 90),
      passwordHash: this.passwordHash,
    });
    await subscribeHost(this.context, this.db, { id: hostId, ...metro.host });
    await connectPayouts(this.context, this.db, { id: hostId, ...metro.host });
    this.summary.hosts += 1;
    for (const [orgIndex, org] of metro.orgs.entries()) {
      const theme = THEMES[org.theme];
      const orgId = await this.writeOrg(metro, hostId, orgIndex, org.name, null, theme);
      await this.db.update(organizations).set({ status: 'approved' }).where(eq(organizations.id, orgId));
      await this.db
        .insert(orgReviews)
        .values({ orgId, adminId: this.adminId, kind: 'new', approved: true, textResponse: null });
      this.summary.orgs += 1;
      await this.writeCamps(metro, hostId, orgId, orgIndex, org.name, theme);
    }
    if (index === 0) {
      await this.writeOrg(
        metro,
        hostId,
        metro.orgs.length,
        PENDING_ORG.name,
        PENDING_ORG.bio,
        THEMES.gymnastics,
      );
      this.summary.pendingOrgs += 1;
    }
  }

  /** Adds an organisation through the organisations service (pending review), with a thumbnail. */
  private async writeOrg(
    metro: Metro,
    hostId: number,
    orgIndex: number,
    name: string,
    bio: string | null,
    theme: Theme,
  ): Promise<number> {
    const { random } = this;
    const place = metro.places[orgIndex % metro.places.length] ?? metro.places[0];
    if (!place) throw new Error(`metro ${metro.key} has no places`);
    const domain = domainOf(name);
    const data = newOrgFields.parse({
      name,
      address: `${random.int(100, 9800)} ${random.pick(metro.streets)}`,
      city: place.city,
      state: metro.state,
      zip: place.zip,
      timeZone: metro.timeZone,
      phone: phoneIn(metro, 10 + orgIndex * 2),
      website: `https://www.${domain}`,
      bio: bio ?? random.pick(ORG_BIOS).replaceAll('{name}', name).replaceAll('{city}', place.city),
      contactName: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
      contactNumber: phoneIn(metro, 11 + orgIndex * 2),
      contactEmail: `hello@${domain}`,
    });
    const orgId = await createOrg(this.db, this.context.storage, hostId, data, DEMO_CONSENT, undefined);
    const [thumbnailImageId] = await this.pictures(this.db, metro.key, name, theme.subjects, 1);
    await this.db.update(organizations).set({ thumbnailImageId }).where(eq(organizations.id, orgId));
    return orgId;
  }

  /** The camps an organisation runs: several dated ones, some second sessions, a weekly and an online programme. */
  private campSpecs(theme: Theme): CampSpec[] {
    const { random } = this;
    const names = random.sample(theme.camps, random.int(5, Math.min(7, theme.camps.length)));
    const specs: CampSpec[] = names.map((name) => ({ name, kind: 'dated' }));
    for (const name of names.slice(0, random.int(0, 2))) {
      specs.push({ name: `${name}${WEEKLY_MARK}`, kind: 'dated' });
    }
    if (theme.yearRound.length > 0 && random.chance(0.6)) {
      specs.push({ name: random.pick(theme.yearRound), kind: 'yearRound' });
    }
    if (theme.online.length > 0 && random.chance(0.8)) {
      specs.push({ name: random.pick(theme.online), kind: 'online' });
    }
    if (theme === THEMES.dayCamp && !this.winterCampPlaced) {
      // One camp spans the turn of the year, so month searches for December and January both find it.
      this.winterCampPlaced = true;
      const { today } = this.context;
      const year =
        today.getUTCMonth() === 11 && today.getUTCDate() > 20
          ? today.getUTCFullYear() + 1
          : today.getUTCFullYear();
      specs.push({
        name: 'Winter Break Camp',
        kind: 'dated',
        dates: { startDate: `${year}-12-28`, endDate: `${year + 1}-01-03` },
      });
    }
    return specs;
  }

  private async writeCamps(
    metro: Metro,
    hostId: number,
    orgId: number,
    orgIndex: number,
    orgName: string,
    theme: Theme,
  ): Promise<void> {
    const { random, context } = this;
    const [org] = await this.db
      .select({ address: organizations.address, city: organizations.city, zip: organizations.zip })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    if (!org) throw new Error('organisation vanished');
    const phone = phoneIn(metro, 10 + orgIndex * 2);
    const email = `camps@${domainOf(orgName)}`;
    const campIds = new Map<string, { id: number; data: CampData }>();
    for (const spec of this.campSpecs(theme)) {
      const weekly = campIds.get(spec.name.replace(WEEKLY_MARK, ''));
      if (weekly) {
        // A camp that runs again and again is one listing with a session per week.
        await this.makeWeekly(hostId, weekly.id, weekly.data);
        continue;
      }
      const venue: Venue = random.chance(0.7)
        ? { address: org.address, city: org.city, state: metro.state, zip: org.zip }
        : this.otherVenue(metro);
      const data = planCamp(random, {
        name: spec.name,
        theme,
        kind: spec.kind,
        venue,
        phone,
        email,
        today: context.today,
        ...(spec.dates ? { dates: spec.dates } : {}),
      });
      const { id } = await createCamp(this.db, context.storage, hostId, orgId, data, {
        images: [undefined, undefined, undefined],
      });
      campIds.set(spec.name, { id, data });
      await this.writeCampImages(id, orgName, spec.name, theme);
      this.summary.camps += 1;
    }
  }

  /**
   * Turns a camp's one session into three weeks of Monday to Friday (the first from the Monday on
   * or after its first day), 9 to 3 each day, at the same price,
   * with a sibling and a multi-week discount and the code SUMMER10.
   */
  private async makeWeekly(hostId: number, campId: number, data: CampData): Promise<void> {
    if (!data.startDate) return;
    const [first] = await this.db
      .select({ id: campSessions.id })
      .from(campSessions)
      .where(eq(campSessions.campId, campId));
    if (!first) return;
    // Weeks run Monday to Friday, from the Monday on or after the camp's first day.
    const start = new Date(`${data.startDate}T00:00:00Z`);
    const monday = shiftDate(data.startDate, (8 - start.getUTCDay()) % 7);
    const week = (index: number): SessionData => ({
      name: `Week ${index + 1}`,
      startDate: shiftDate(monday, index * 7),
      endDate: shiftDate(monday, index * 7 + 4),
      startTime: '09:00',
      endTime: '15:00',
      weekdays: [1, 2, 3, 4, 5],
      priceCents: data.cost * 100,
      capacity: data.spotsAvailable,
      allowsWaitlist: data.allowsWaitlist,
      registrationOpensAt: null,
      registrationClosesAt: null,
    });
    await editSession(this.db, hostId, first.id, week(0));
    for (const index of [1, 2]) await addSession(this.db, hostId, campId, week(index));
    this.summary.sessions += 2;
    // Weekly camps reward whole summers and whole families, and hand out a code.
    await setHostDiscounts(this.db, hostId, campId, {
      earlyBird: null,
      sibling: { kind: 'percent', value: 10 },
      multiSession: { kind: 'amount', value: 2000, fromSession: 2 },
    });
    await addPromoCode(this.db, hostId, campId, {
      code: 'SUMMER10',
      kind: 'percent',
      value: 10,
      maxUses: 100,
      maxUsesPerFamily: 1,
    });
  }

  private otherVenue(metro: Metro): Venue {
    const place = this.random.pick(metro.places);
    return {
      address: `${this.random.int(100, 9800)} ${this.random.pick(metro.streets)}`,
      city: place.city,
      state: metro.state,
      zip: place.zip,
    };
  }

  /** A thumbnail and two or three pictures for the carousel, each the camp's own files. */
  private async writeCampImages(campId: number, orgName: string, name: string, theme: Theme): Promise<void> {
    const count = this.random.chance(0.4) ? 4 : 3;
    const [thumbnailImageId, ...slotImageIds] = await this.pictures(
      this.db,
      orgName,
      name,
      theme.subjects,
      count,
    );
    await this.db.update(camps).set({ thumbnailImageId }).where(eq(camps.id, campId));
    await this.db
      .insert(campImages)
      .values(slotImageIds.map((imageId, index) => ({ campId, imageId, slot: index + 1 })));
  }
}
