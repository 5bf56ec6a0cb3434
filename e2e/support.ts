import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatMomentDay } from '@campwise/contract/format';
import { CONSENT_VERSION } from '@campwise/contract/orgs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { TOTP_PERIOD_SECONDS, totpCode, totpStep } from '../apps/api/src/platform/totp.ts';
import { adminAccount, newcomerAdminAccount } from './admin-account.ts';
import { answered, apiClient } from './api-client.ts';
import type { paths } from './api-schema.d.ts';
import { expect as baseExpect, type UserType } from './fixtures.ts';

export { adminAccount, newcomerAdminAccount };

/**
 * The account screens wait for their code and for the server before they show anything; on a
 * busy machine that can take longer than the default five seconds.
 */
export const expect = baseExpect.configure({ timeout: 15_000 });

/** A user made through the API, with the password it was made with and its first token. */
export interface Account {
  userType: UserType;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  password: string;
  token: string;
}

const suffix = () => `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

/** An address no other test (or earlier run against the same database) has used. */
export function uniqueEmail(label: string): string {
  return `${label}-${suffix()}@example.com`;
}

/** A password long enough and far from any common-password list. */
export function newPassword(): string {
  return `Lantern-${randomBytes(5).toString('hex')}-Trail`;
}

/** Registers a user through the API (one call against the register rate limit). */
export async function createAccount(request: APIRequestContext, userType: UserType): Promise<Account> {
  const names = {
    lastName: 'Fielding',
    email: uniqueEmail(`${userType}-api`),
    password: newPassword(),
  };
  const client = apiClient(request);
  if (userType === 'host') {
    const host = { ...names, firstName: 'Robin', phone: null };
    const { data } = answered(await client.POST('/auth/register', { body: { ...host, userType } }), 201);
    return { userType, ...host, token: data.token };
  }
  // A parent's telephone is asked for at sign-up.
  const parent = { ...names, firstName: 'Casey', phone: '312-555-0142' };
  const { data } = answered(
    await client.POST('/camper/auth/register', { body: { ...parent, userType } }),
    201,
  );
  return { userType, ...parent, token: data.token };
}

/** Whoever a page can be signed in as: a host, a camper or an administrator. */
export type SessionType = UserType | 'admin';

/** Stores a session the way the app does (token and user type in local storage). */
export async function signIn(page: Page, session: { token: string; userType: SessionType }): Promise<void> {
  // Any page of the origin gives access to its local storage; the health check is the lightest.
  await page.goto('/healthz');
  await page.evaluate(({ token, userType }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userType', userType);
  }, session);
}

/** The token and user type the page currently keeps. */
export async function storedSession(page: Page): Promise<{ token: string | null; userType: string | null }> {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    userType: localStorage.getItem('userType'),
  }));
}

export const header = (page: Page): Locator => page.getByRole('banner');
export const main = (page: Page): Locator => page.getByRole('main');

/** Fills and submits a login form (/host/login, /camper/login). */
export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await main(page).getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await main(page).getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await main(page).getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens a login page and logs in there. */
export async function logIn(page: Page, userType: UserType, email: string, password: string): Promise<void> {
  await page.goto(`/${userType}/login`);
  await logInThroughForm(page, email, password);
}

/** Logout in the wide-screen top bar; the app reloads on the landing page as a guest. */
export async function logOut(page: Page): Promise<void> {
  await header(page).getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(header(page).getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await storedSession(page)).toEqual({ token: null, userType: null });
}

export interface RegisterDetails {
  firstName: string;
  lastName: string;
  email: string;
  /** Typed digit by digit, as a person would. */
  phoneDigits?: string;
  password: string;
  confirmPassword?: string;
}

/** Fills the CREATE ACCOUNT form (host or camper); does not submit it. */
export async function fillRegisterForm(page: Page, details: RegisterDetails): Promise<void> {
  const form = main(page);
  await form.getByRole('textbox', { name: 'First Name', exact: true }).fill(details.firstName);
  await form.getByRole('textbox', { name: 'Last Name', exact: true }).fill(details.lastName);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(details.email);
  if (details.phoneDigits) {
    await form.getByRole('textbox', { name: 'Phone', exact: true }).pressSequentially(details.phoneDigits);
  }
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(details.password);
  await form
    .getByRole('textbox', { name: 'Confirm Password', exact: true })
    .fill(details.confirmPassword ?? details.password);
}

/** Fills the Change password section of account settings and submits it. */
export async function changePasswordThroughForm(page: Page, current: string, next: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Current Password', exact: true }).fill(current);
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(next);
  await page.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill(next);
  await page.getByRole('button', { name: 'Update Password', exact: true }).click();
}

export const testCards = {
  approved: '4242424242424242',
  declined: '4000000000000002',
} as const;

/** Pays the test processor's checkout page with a card, a future expiry and CVC 123. */
export async function payCheckout(page: Page, cardNumber: string): Promise<void> {
  const form = main(page);
  await form.getByRole('textbox', { name: 'First Name', exact: true }).fill('Robin');
  await form.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Fielding');
  const number = form.getByRole('textbox', { name: 'Card Number', exact: true });
  await number.pressSequentially(cardNumber);
  await expect(number).toHaveValue(cardNumber.replace(/(\d{4})(?=\d)/g, '$1 '));
  await form.getByRole('textbox', { name: 'Exp Month', exact: true }).fill('12');
  await form
    .getByRole('textbox', { name: 'Exp Year', exact: true })
    .fill(String(new Date().getFullYear() + 2));
  await form.getByRole('textbox', { name: 'CVC', exact: true }).fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
}

export const checkoutUrl = /\/pay\/checkout\/cs_test_[a-f0-9]{24}$/;

interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  sentAt: string | null;
}

/** Headers that authenticate an API call with a session token. */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/**
 * Subscribes a host through the API: starts a checkout, pays it on the test processor with the
 * approved card and confirms it, as the subscribe screens do.
 */
export async function subscribe(request: APIRequestContext, account: Account): Promise<void> {
  const client = apiClient(request, account.token);
  const { data } = answered(await client.POST('/api/ecom/subscription', { body: {} }), 200);
  const sessionId = checkoutUrl.test(data.url) ? new URL(data.url).pathname.split('/').pop() : undefined;
  if (!sessionId) throw new Error(`a test checkout address, not ${data.url}`);
  const card = {
    firstName: account.firstName,
    lastName: account.lastName,
    cardNumber: testCards.approved,
    expDate: '12',
    expYear: String(new Date().getFullYear() + 2),
    cvc: '123',
  };
  answered(
    await client.POST('/api/pay/checkout/{sessionId}', { params: { path: { sessionId } }, body: card }),
    200,
  );
  const { data: states } = answered(await client.PUT('/api/host/subscription', { body: { sessionId } }), 200);
  expect(states[0]?.isSubscribed, 'the host is subscribed').toBe(true);
}

/** The test processor's onboarding address, as `POST /host/payout-account/onboarding` answers it. */
export const onboardingUrl = /\/pay\/onboarding\/[a-f0-9]{36}$/;

/** The test bank account the onboarding page takes. */
export const testBank = { routingNumber: '110000000', accountNumber: '000123456789' } as const;

/**
 * Connects a host's payout account through the API, as the onboarding page does: starts the
 * onboarding, gives the test processor a bank account, and reads the account until it is active.
 */
export async function connectPayouts(request: APIRequestContext, account: Account): Promise<void> {
  const client = apiClient(request, account.token);
  const { data } = answered(await client.POST('/host/payout-account/onboarding'), 200);
  const token = onboardingUrl.test(data.url) ? new URL(data.url).pathname.split('/').pop() : undefined;
  if (!token) throw new Error(`a test onboarding address, not ${data.url}`);
  const bankAccount = { accountHolder: `${account.firstName} ${account.lastName}`, ...testBank };
  answered(
    await client.POST('/api/pay/onboarding/{token}', { params: { path: { token } }, body: bankAccount }),
    200,
  );
  const { data: state } = answered(await client.GET('/host/payout-account'), 200);
  expect(state.status, 'the payout account is active').toBe('active');
}

/**
 * A host registered through the API who has paid for a subscription and connected a payout
 * account, so families can register for their camps.
 */
export async function createSubscribedHost(request: APIRequestContext): Promise<Account> {
  const host = await createAccount(request, 'host');
  await subscribe(request, host);
  await connectPayouts(request, host);
  return host;
}

/** Where the workers of a run claim authenticator steps (the run's data directory). */
function claimsDirectory(): string {
  const directory = join(process.env.CAMPWISE_E2E_DATA_DIR ?? tmpdir(), 'totp-claims');
  mkdirSync(directory, { recursive: true });
  return directory;
}

/**
 * An authenticator code no other login of this run has used. The server takes each 30-second
 * step once per account (and none older than the last), so the workers claim steps through
 * files only one of them can create: this step's or the next, else wait for the next one.
 */
export async function authenticatorCode(secret: string): Promise<string> {
  for (;;) {
    const now = totpStep();
    for (const step of [now, now + 1]) {
      try {
        closeSync(openSync(join(claimsDirectory(), `${secret}-${step}`), 'wx'));
        return totpCode(secret, step);
      } catch {
        // Taken by another login: try the next step.
      }
    }
    const untilNextStep = (now + 1) * TOTP_PERIOD_SECONDS * 1000 - Date.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(untilNextStep, 0) + 50));
  }
}

/**
 * The code step of a login, through the API: a few tries, since a login of another worker may
 * have used a later step first (then an earlier one is refused).
 */
async function secondFactorToken(
  request: APIRequestContext,
  ticket: string,
  secret: string,
): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await apiClient(request).POST('/api/auth/two-factor', {
      body: { ticket, code: await authenticatorCode(secret) },
    });
    if (answer.response.status === 200 || attempt === 3) return answered(answer, 200).data.token;
  }
}

let adminTokenOfWorker: Promise<string> | undefined;

/** Where the run keeps the administrator's token, so a worker started after a failure reuses it. */
function adminTokenFile(): string | undefined {
  const dataDir = process.env.CAMPWISE_E2E_DATA_DIR;
  return dataDir ? join(dataDir, 'e2e-admin-token') : undefined;
}

function savedAdminToken(): string | undefined {
  const file = adminTokenFile();
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A token of the suite's administrator, logged in through the API (password, then a code from
 * its authenticator) once per run: logins are rate limited per address, and each failed test
 * starts a new worker.
 */
export function adminToken(request: APIRequestContext): Promise<string> {
  adminTokenOfWorker ??= (async () => {
    const saved = savedAdminToken();
    if (saved) return saved;
    const { data } = answered(
      await apiClient(request).POST('/admin/auth/login', {
        body: { email: adminAccount.email, password: adminAccount.password },
      }),
      200,
    );
    // The suite's administrator has an authenticator, so its password alone gives no token.
    if (!('ticket' in data)) throw new Error('the administrator signed in without the code step');
    const token = await secondFactorToken(request, data.ticket, adminAccount.totpSecret);
    const file = adminTokenFile();
    if (file) writeFileSync(file, token);
    return token;
  })();
  return adminTokenOfWorker;
}

/** Fills the code step of a login form with the authenticator's code, trying again if refused. */
export async function enterAuthenticatorCode(page: Page, secret: string): Promise<void> {
  const form = main(page);
  const code = form.getByRole('textbox', { name: 'Authentication code', exact: true });
  const verify = form.getByRole('button', { name: 'Verify', exact: true });
  const refused = form.getByRole('alert');
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await code.fill(await authenticatorCode(secret));
    await verify.click();
    // The step's earlier refusal goes while the new code is checked.
    if (attempt > 1) await expect(refused).toBeHidden();
    const outcome = await Promise.race([
      verify.waitFor({ state: 'detached' }).then(() => 'signed in' as const),
      refused.waitFor().then(() => 'refused' as const),
    ]);
    if (outcome === 'signed in') return;
  }
  throw new Error('the authenticator code was refused three times');
}

/** The fields of the New Organization form, as a host types them. */
export interface OrgFields {
  name: string;
  address: string;
  city: string;
  /** The two-letter code, one the API takes; the form shows "Illinois (IL)". */
  state: paths['/host/orgs/{id}']['put']['requestBody']['content']['application/json']['state'];
  zip: string;
  phone: string;
  website: string;
  bio: string;
  contactName: string;
  contactNumber: string;
  contactEmail: string;
}

/** An organization with a name and a street address no other test uses. */
export function uniqueOrg(label: string): OrgFields {
  const tag = randomBytes(3).toString('hex');
  const street = 100 + (randomBytes(2).readUInt16BE() % 9000);
  return {
    name: `${label} ${tag}`,
    address: `${street} Birch Lane`,
    city: 'Springfield',
    state: 'IL',
    zip: '62704',
    phone: '217-555-0123',
    website: `https://${tag}.camps.example.org`,
    bio: 'Summer days outdoors since 1998. Canoeing, archery and campfire songs.',
    contactName: 'Jordan Alder',
    contactNumber: '217-555-0188',
    contactEmail: `contact-${tag}@example.com`,
  };
}

/** A card on the host dashboard, found by the organization's name. */
export function orgCard(page: Page, name: string): Locator {
  return main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

/** The value beside a label in a list of details (NAME, ADDRESS, CONTACT ...). */
export function detail(scope: Locator, label: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** An organization's street, city, state and ZIP on one line, as its profile shows them. */
export function addressLine(org: Pick<OrgFields, 'address' | 'city' | 'state' | 'zip'>): string {
  return `${org.address}, ${org.city}, ${org.state} ${org.zip}`;
}

const stateNames: Record<string, string> = { IL: 'Illinois' };

/** The State choice as the organization form lists it: "Illinois (IL)". */
export function stateOption(code: string): string {
  return `${stateNames[code] ?? code} (${code})`;
}

/**
 * Types into the organization form (in the New Organization dialog or on the edit page) the
 * fields given: phones digit by digit, the State by searching the list and choosing.
 */
export async function fillOrgForm(scope: Locator, fields: Partial<OrgFields>): Promise<void> {
  const text = (name: string) => scope.getByRole('textbox', { name, exact: true });
  const typed: [keyof OrgFields, string][] = [
    ['name', 'Name'],
    ['address', 'Address'],
    ['city', 'City'],
    ['zip', 'ZIP'],
    ['website', 'Website'],
    ['bio', 'Bio'],
    ['contactName', 'Contact Name'],
    ['contactEmail', 'Contact Email'],
  ];
  for (const [field, label] of typed) {
    const value = fields[field];
    if (value !== undefined) await text(label).fill(value);
  }
  const phones: [keyof OrgFields, string][] = [
    ['phone', 'Phone'],
    ['contactNumber', 'Contact Phone'],
  ];
  for (const [field, label] of phones) {
    const value = fields[field];
    if (value === undefined) continue;
    await text(label).clear();
    await text(label).pressSequentially(value.replace(/\D/g, ''));
    await expect(text(label)).toHaveValue(value);
  }
  if (fields.state !== undefined) {
    const option = stateOption(fields.state);
    const state = scope.getByRole('textbox', { name: 'State', exact: true });
    await state.fill(stateNames[fields.state] ?? fields.state);
    await scope.page().getByRole('option', { name: option, exact: true }).click();
    await expect(state).toHaveValue(option);
  }
}

/** Chooses an image in a file input (a button that opens the file chooser) by its label. */
export async function chooseImage(scope: Locator, label: string, file: string): Promise<void> {
  const chooser = scope.page().waitForEvent('filechooser');
  await scope.getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles(file);
}

/** Whether an image has loaded and has pixels (a broken one has no natural width). */
export async function imageLoaded(image: Locator): Promise<boolean> {
  return image.evaluate(
    (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
  );
}

/** A small PNG of one colour, made at test time. */
export function pngImage(color: string, width = 480, height = 360): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A file of a multipart form, as the journeys make one. */
export interface FormFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A multipart call's body serializer: the text fields, which the API's document types, then the
 * files it describes only in words (those undefined left out), last as the app sends them.
 */
export function withFiles(files: Record<string, FormFile | undefined>) {
  return (fields: Record<string, string>): FormData => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, file] of Object.entries(files)) {
      if (!file) continue;
      form.append(name, new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
    }
    return form;
  };
}

/**
 * Adds an organization through the API as the host, with the background-check consent and an
 * optional thumbnail; it starts in review. Answers its id.
 */
export async function createOrg(
  request: APIRequestContext,
  host: Account,
  fields: OrgFields,
  thumbnail?: Buffer,
): Promise<number> {
  const { data } = answered(
    await apiClient(request, host.token).POST('/host/orgs', {
      body: { ...fields, consent: 'true', consentVersion: CONSENT_VERSION },
      bodySerializer: withFiles({
        thumbnail: thumbnail
          ? { name: 'thumbnail.png', mimeType: 'image/png', buffer: thumbnail }
          : undefined,
      }),
    }),
    201,
  );
  return data.id;
}

/** Approves, or denies with a reason, what an organization has waiting for review. */
export async function decideOrg(
  request: APIRequestContext,
  orgId: number,
  decision: { approved: true } | { approved: false; reason: string },
): Promise<void> {
  const orgApprovalResponse = {
    OrganizationID: orgId,
    Approved: decision.approved,
    ...(decision.approved ? {} : { TextResponse: decision.reason }),
  };
  answered(
    await apiClient(request, await adminToken(request)).POST('/api/admin/org/approvalrequestresponse', {
      body: { orgApprovalResponse },
    }),
    200,
  );
}

/** Saves an organization's details through the API (an approved one gets a revision in review). */
export async function updateOrg(
  request: APIRequestContext,
  host: Account,
  orgId: number,
  fields: OrgFields,
): Promise<void> {
  const { contactNumber, ...rest } = fields;
  answered(
    await apiClient(request, host.token).PUT('/host/orgs/{id}', {
      params: { path: { id: orgId } },
      body: { ...rest, contactPhone: contactNumber },
    }),
    200,
  );
}

/** The name an approved organization shows the public, or the status of the answer. */
export async function publicOrgName(request: APIRequestContext, orgId: number): Promise<string | number> {
  const answer = await apiClient(request).GET('/api/orgs/{id}', { params: { path: { id: orgId } } });
  if (answer.response.status !== 200) return answer.response.status;
  return answered(answer, 200).data.name;
}

/**
 * Closes the notices the app shows after an action (they would close by themselves after a few
 * seconds), as a person may, so that axe checks the screen as it stays.
 */
export async function closeNotices(page: Page): Promise<void> {
  const notices = page.locator('.mantine-Notification-root');
  const close = notices.locator('.mantine-Notification-closeButton');
  while ((await close.count()) > 0) {
    // A notice may close by itself between the count and the click.
    await close
      .first()
      .click({ timeout: 1_000 })
      .catch(() => undefined);
  }
  await expect(notices).toHaveCount(0);
}

/** The newest message to an address with a subject, from the development mailbox. */
async function newestMail(
  request: APIRequestContext,
  to: string,
  subject: string,
): Promise<MailboxMessage | undefined> {
  // The development mailbox is the server's own page, not part of the API's document.
  const response = await request.get('/dev/mailbox', { headers: { accept: 'application/json' } });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: MailboxMessage[] };
  return data.find((message) => message.to.toLowerCase() === to.toLowerCase() && message.subject === subject);
}

/** Waits for a message to an address with a subject and answers it. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: string,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = await newestMail(request, to, subject);
        return found !== undefined;
      },
      { message: `an e-mail to ${to}: ${subject}` },
    )
    .toBe(true);
  if (!found) throw new Error(`no e-mail to ${to}: ${subject}`);
  return found;
}

/** Waits for the password reset e-mail to an address and answers the link in it. */
export async function resetLinkFor(request: APIRequestContext, email: string, baseURL: string): Promise<URL> {
  const linkPattern = /https?:\/\/\S+\/resetpassword\?token=\S+/;
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = await newestMail(request, email, 'Reset your Campwise password');
        link = linkPattern.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      },
      { message: `a password reset e-mail to ${email}` },
    )
    .toMatch(linkPattern);
  const url = new URL(link);
  expect(url.origin, 'the link points at this server').toBe(new URL(baseURL).origin);
  return url;
}

/** A moment's day as the account settings page writes it: "June 5", or "June 5, 2027" in another year. */
export function longDate(iso: string): string {
  return formatMomentDay(iso);
}

/** Waits for the link that confirms a new sign-in e-mail, mailed to that new address. */
export async function emailChangeLinkFor(
  request: APIRequestContext,
  newEmail: string,
  baseURL: string,
): Promise<URL> {
  const mail = await waitForMail(request, newEmail, 'Confirm your new Campwise sign-in email');
  const link = /https?:\/\/\S+\/confirm-email\?token=\S+/.exec(mail.text)?.[0];
  expect(link, `a confirmation link in: ${mail.text}`).toBeTruthy();
  const url = new URL(link ?? '');
  expect(url.origin, 'the link points at this server').toBe(new URL(baseURL).origin);
  return url;
}
