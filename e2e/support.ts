import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect as baseExpect, type UserType } from './fixtures.ts';

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

const registerPaths: Record<UserType, string> = {
  host: '/auth/register',
  camper: '/camper/auth/register',
};

/** Registers a user through the API (one call against the register rate limit). */
export async function createAccount(request: APIRequestContext, userType: UserType): Promise<Account> {
  const details = {
    firstName: userType === 'host' ? 'Robin' : 'Casey',
    lastName: 'Fielding',
    email: uniqueEmail(`${userType}-api`),
    phone: userType === 'host' ? null : '312-555-0142',
    password: newPassword(),
  };
  const response = await request.post(registerPaths[userType], { data: { ...details, userType } });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { token: string } };
  return { userType, ...details, token: data.token };
}

/** Stores a session the way the app does (token and user type in local storage). */
export async function signIn(page: Page, session: { token: string; userType: UserType }): Promise<void> {
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
  await main(page).getByRole('button', { name: 'Log In', exact: true }).click();
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
  await expect(header(page).getByRole('button', { name: 'Login', exact: true })).toBeVisible();
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
  await form.getByRole('textbox', { name: 'Exp Day', exact: true }).fill('12');
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

/** The newest message to an address with a subject, from the development mailbox. */
async function newestMail(
  request: APIRequestContext,
  to: string,
  subject: string,
): Promise<MailboxMessage | undefined> {
  const response = await request.get('/dev/mailbox', { headers: { accept: 'application/json' } });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: MailboxMessage[] };
  return data.find((message) => message.to.toLowerCase() === to.toLowerCase() && message.subject === subject);
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

/** A date as the account settings page writes it: June 5, 2026. */
export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
