import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  changePasswordThroughForm,
  createAccount,
  expect,
  fillRegisterForm,
  header,
  logIn,
  logInThroughForm,
  logOut,
  main,
  newPassword,
  resetLinkFor,
  uniqueEmail,
} from '../support.ts';

const accountUpdated = 'Account details updated!';
const passwordUpdated = 'Password updated!';
const wrongCurrentPassword =
  'Incorrect password provided for current password. Check password and try again.';
const resetRequested =
  "Request submitted! If the email address you submitted is on file, you'll receive an email with a link to reset your password.";
const passwordReset = 'Your password has been reset. You can now log in with your new password.';
const loginFailed =
  "We're sorry, something went wrong. Please ensure that all fields are filled out correctly. If you're still encountering issues, please email us at support@campwise.example.";
const emailTaken = 'An account with this email address already exists. Try logging in instead.';

test('a parent registers, manages the account and resets a forgotten password', async ({
  page,
  request,
  baseURL,
}) => {
  // A long journey through many screens; it may take a while on a busy machine.
  test.setTimeout(120_000);
  const email = uniqueEmail('parent');
  let password = newPassword();

  await test.step('registers and lands on the dashboard', async () => {
    await page.goto('/camper/register');
    await expect(main(page).getByRole('heading', { level: 1, name: 'CREATE ACCOUNT' })).toBeVisible();
    await fillRegisterForm(page, {
      firstName: 'Alex',
      lastName: 'Rivers',
      email,
      phoneDigits: '3125550142',
      password,
    });
    await expect(main(page).getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('312-555-0142');
    await main(page).getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL('/camper/dashboard');
    await expect(main(page).getByRole('heading', { level: 1, name: 'My dashboard' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Account Settings' })).toBeVisible();
  });

  await test.step('logs out and back in', async () => {
    await logOut(page);
    await logIn(page, 'camper', email, password);
    await expect(page).toHaveURL('/camper/dashboard');
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  await test.step('changes the first name and the phone', async () => {
    await header(page).getByRole('link', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL('/camper/account');
    const firstName = main(page).getByRole('textbox', { name: 'First Name', exact: true });
    const phone = main(page).getByRole('textbox', { name: 'Phone', exact: true });
    await expect(firstName).toHaveValue('Alex');
    await expect(phone).toHaveValue('312-555-0142');
    await expect(main(page).getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);

    await firstName.fill('Alexandra');
    await phone.clear();
    await phone.pressSequentially('7735550199');
    await expect(phone).toHaveValue('773-555-0199');
    await main(page).getByRole('button', { name: 'Update Account' }).click();
    await expect(page.getByRole('status').filter({ hasText: accountUpdated })).toBeVisible();

    await page.reload();
    await expect(firstName).toHaveValue('Alexandra');
    await expect(phone).toHaveValue('773-555-0199');
  });

  await test.step('changes the password after a wrong current one', async () => {
    const next = newPassword();
    await changePasswordThroughForm(page, `${password}-wrong`, next);
    await expect(page.getByRole('alert').filter({ hasText: wrongCurrentPassword })).toBeVisible();

    await changePasswordThroughForm(page, password, next);
    await expect(page.getByRole('status').filter({ hasText: passwordUpdated })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: wrongCurrentPassword })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Current Password', exact: true })).toHaveValue('');
    password = next;

    await page.reload();
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(main(page).getByRole('textbox', { name: 'First Name', exact: true })).toHaveValue(
      'Alexandra',
    );
  });

  await test.step('logs in with the new password', async () => {
    await logOut(page);
    await logIn(page, 'camper', email, password);
    await expect(page).toHaveURL('/camper/dashboard');
  });

  await test.step('resets a forgotten password with the e-mailed link', async () => {
    await logOut(page);
    await page.goto('/camper/login');
    await main(page).getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/camper/forgotpassword');
    await main(page).getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await main(page).getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: resetRequested })).toBeVisible();

    const link = await resetLinkFor(request, email, baseURL ?? '');
    await page.goto(`${link.pathname}${link.search}`);
    password = newPassword();
    await main(page).getByRole('textbox', { name: 'New Password', exact: true }).fill(password);
    await main(page).getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill(password);
    await main(page).getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: passwordReset })).toBeVisible();

    await main(page).getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/camper/login');
    await logIn(page, 'camper', email, password);
    await expect(page).toHaveURL('/camper/dashboard');
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});

test.describe('log in failures', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 401/] });

  test('a wrong password shows the help message', async ({ page, request }) => {
    const host = await createAccount(request, 'host');
    await page.goto('/host/login');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Host sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
    await logInThroughForm(page, host.email, `${host.password}-wrong`);

    await expect(page.getByRole('alert')).toHaveText(loginFailed);
    await expect(page).toHaveURL('/host/login');
    await expect(main(page).getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(host.email);
  });
});

test.describe('register failures', () => {
  test('passwords that do not match are refused before anything is sent', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') calls.push(request.url());
    });
    await page.goto('/camper/register');
    await fillRegisterForm(page, {
      firstName: 'Sam',
      lastName: 'Lake',
      email: uniqueEmail('mismatch'),
      phoneDigits: '3125550142',
      password: newPassword(),
      confirmPassword: newPassword(),
    });
    await main(page).getByRole('button', { name: 'Create Account' }).click();

    await expect(main(page).getByText('Passwords must match', { exact: true })).toBeVisible();
    await expect(
      main(page).getByRole('textbox', { name: 'Confirm Password', exact: true }),
    ).toHaveAccessibleDescription('Passwords must match');
    await expect(page).toHaveURL('/camper/register');
    expect(calls).toEqual([]);
  });

  test.describe('an address already in use', () => {
    test.use({
      allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 409/],
    });

    test("shows the server's message", async ({ page, request }) => {
      const existing = await createAccount(request, 'camper');
      await page.goto('/camper/register');
      await fillRegisterForm(page, {
        firstName: 'Jamie',
        lastName: 'Brook',
        email: existing.email,
        phoneDigits: '3125550142',
        password: newPassword(),
      });
      await main(page).getByRole('button', { name: 'Create Account' }).click();

      await expect(page.getByRole('alert')).toHaveText(emailTaken);
      await expect(page).toHaveURL('/camper/register');
      await expect(header(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
    });
  });
});
