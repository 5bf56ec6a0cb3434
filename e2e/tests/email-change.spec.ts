import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  createAccount,
  emailChangeLinkFor,
  expect,
  header,
  logIn,
  main,
  signIn,
  uniqueEmail,
  waitForMail,
} from '../support.ts';

// The wrong current password (400) and the login with the old address (401) are refused on purpose.
test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[01]/] });

const passwordNeeded = 'Enter your current password to change your sign-in email.';
const wrongCurrentPassword =
  'Incorrect password provided for current password. Check password and try again.';

test('a host changes the sign-in e-mail, confirms it from the new inbox and signs in with it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const host = await createAccount(request, 'host');
  const newEmail = uniqueEmail('host-moved');
  // The account details form (the change-password form below has a Current Password too).
  const update = page.getByRole('button', { name: 'Update Account', exact: true });
  const form = main(page).locator('form').filter({ has: update });
  const emailField = form.getByRole('textbox', { name: 'Email', exact: true });
  const currentPassword = form.getByRole('textbox', { name: 'Current Password', exact: true });

  await test.step('is asked for the current password once the e-mail is changed', async () => {
    await signIn(page, host);
    await page.goto('/host/account');
    await expect(emailField).toHaveValue(host.email);
    await expect(currentPassword).toHaveCount(0);

    await emailField.fill(newEmail);
    await expect(currentPassword).toBeVisible();
    await update.click();
    await expect(currentPassword).toHaveAccessibleDescription(new RegExp(passwordNeeded));

    await currentPassword.fill(`${host.password}-wrong`);
    await update.click();
    await expect(currentPassword).toHaveAccessibleDescription(new RegExp(wrongCurrentPassword));
    await expectNoAxeViolations(page);
  });

  await test.step('sees the check-your-new-inbox notice; the old address still signs in', async () => {
    await currentPassword.fill(host.password);
    await update.click();
    const notice = page.getByRole('status').filter({ hasText: 'Check your new inbox' });
    await expect(notice).toContainText(
      `We sent a link to ${newEmail} — your sign-in email changes when you open it.`,
    );
    await expect(emailField).toHaveValue(host.email);
    await expect(currentPassword).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(notice).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    await waitForMail(request, host.email, 'Your Campwise sign-in email is about to change');
  });

  await test.step('opens the link from the new inbox', async () => {
    const link = await emailChangeLinkFor(request, newEmail, baseURL ?? '');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(
      page.getByRole('status').filter({ hasText: `Your sign-in email is now ${newEmail}` }),
    ).toBeVisible();
    // The switch ended every session, this browser's too.
    await expect(header(page).getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await waitForMail(request, host.email, 'Your Campwise sign-in email was changed');
  });

  await test.step('signs in with the new address, and no longer with the old one', async () => {
    await main(page).getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/host/login');
    await logIn(page, 'host', host.email, host.password);
    await expect(main(page).getByRole('alert')).toBeVisible();
    await logIn(page, 'host', newEmail, host.password);
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.goto('/host/account');
    await expect(emailField).toHaveValue(newEmail);
  });
});
