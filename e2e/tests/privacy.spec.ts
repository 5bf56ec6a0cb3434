import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  adminAccount,
  adminToken,
  authenticatorCode,
  bearer,
  createAccount,
  enterAuthenticatorCode,
  expect,
  header,
  logInThroughForm,
  logOut,
  main,
  newcomerAdminAccount,
  signIn,
  storedSession,
} from '../support.ts';

// Wrong passwords and codes are refused on purpose (400), and so is a code another worker's
// login used first (401).
test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[01]/] });

test('an administrator sets up an authenticator at the first sign-in, then signs in with its codes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const form = main(page);
  let secret = '';
  let recoveryCode = '';

  await test.step('the password leads to setting up an authenticator app', async () => {
    await page.goto('/admin/login');
    await logInThroughForm(page, newcomerAdminAccount.email, newcomerAdminAccount.password);
    await expect(form.getByText('Set up two-factor sign-in', { exact: true })).toBeVisible();
    await expect(form.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    secret = (await form.locator('pre').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page);
  });

  await test.step('a wrong code is refused, the right one shows the recovery codes once', async () => {
    const code = form.getByRole('textbox', { name: 'Authentication code', exact: true });
    await code.fill('12345');
    await form.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(
      form.getByText('That code did not work. Check your authenticator app and try again.'),
    ).toBeVisible();
    await code.fill(await authenticatorCode(secret));
    await form.getByRole('button', { name: 'Confirm', exact: true }).click();
    const codes = form.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    recoveryCode = (await codes.first().innerText()).trim();
    expect(recoveryCode).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await expectNoAxeViolations(page);
    const next = form.getByRole('button', { name: 'Continue', exact: true });
    await expect(next).toBeDisabled();
    await form.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
    await next.click();
    await expect(page).toHaveURL('/admin');
    await expect(form.getByRole('heading', { level: 1, name: 'Review Queue' })).toBeVisible();
    await logOut(page);
  });

  await test.step('the next sign-in asks for a code from the app', async () => {
    await page.goto('/admin/login');
    await logInThroughForm(page, newcomerAdminAccount.email, newcomerAdminAccount.password);
    await expect(form.getByText('Two-factor sign-in', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await enterAuthenticatorCode(page, secret);
    await expect(page).toHaveURL('/admin');
    await logOut(page);
  });

  await test.step('a recovery code signs in once', async () => {
    await page.goto('/admin/login');
    await logInThroughForm(page, newcomerAdminAccount.email, newcomerAdminAccount.password);
    await form.getByRole('button', { name: 'Use a recovery code', exact: true }).click();
    await form.getByRole('textbox', { name: 'Recovery code', exact: true }).fill(recoveryCode.toUpperCase());
    await form.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL('/admin');
  });
});

test('a host turns two-factor sign-in on with the password, then makes new recovery codes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const host = await createAccount(request, 'host');
  await signIn(page, { token: host.token, userType: 'host' });
  await page.goto('/host/account');
  const section = main(page);
  let secret = '';
  let firstCodes: string[] = [];
  let newCodes: string[] = [];

  /** The ten recovery codes a dialog shows; saved, then the dialog is closed with Done. */
  const saveRecoveryCodes = async (dialog: Locator) => {
    const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const shown = (await codes.allInnerTexts()).map((code) => code.trim());
    for (const code of shown) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await dialog.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(dialog).toBeHidden();
    return shown;
  };

  await test.step('the password comes first: a wrong one is refused', async () => {
    await section.getByRole('button', { name: 'Turn on two-factor sign-in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await expect(dialog.getByText('First, confirm that it is you with your password.')).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Not-my-password-1');
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(dialog.getByText('Incorrect password. Please check it and try again.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('the right password shows the app to set up; its code turns sign-in on', async () => {
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(host.password);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    secret = (await dialog.locator('pre').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await dialog
      .getByRole('textbox', { name: 'Authentication code', exact: true })
      .fill(await authenticatorCode(secret));
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    firstCodes = await saveRecoveryCodes(dialog);
    await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
    await expect(section.getByText(/Recovery codes left: 10\./)).toBeVisible();
  });

  await test.step('new recovery codes take the password and a code, and replace the old ones', async () => {
    await section.getByRole('button', { name: 'New recovery codes', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New recovery codes' });
    await expect(
      dialog.getByText(
        'New recovery codes replace all of your current ones: the old codes stop working at once, used or not.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(host.password);
    await dialog.getByRole('textbox', { name: 'Authentication code', exact: true }).fill('000000');
    await dialog.getByRole('button', { name: 'Make new codes', exact: true }).click();
    await expect(
      dialog.getByText('That code did not work. Check your authenticator app and try again.'),
    ).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Authentication code', exact: true })
      .fill(await authenticatorCode(secret));
    await dialog.getByRole('button', { name: 'Make new codes', exact: true }).click();
    newCodes = await saveRecoveryCodes(dialog);
    expect(newCodes.filter((code) => firstCodes.includes(code))).toEqual([]);
    await expect(page.getByText('You have new recovery codes. The old ones no longer work.')).toBeVisible();
    await expect(section.getByText(/Recovery codes left: 10\./)).toBeVisible();
  });

  await test.step('an old recovery code no longer signs in; a new one does', async () => {
    const ticketOf = async () => {
      const login = await request.post('/auth/login', {
        data: { email: host.email, password: host.password },
      });
      expect(login.status(), await login.text()).toBe(200);
      return ((await login.json()) as { data: { ticket: string } }).data.ticket;
    };
    const old = await request.post('/api/auth/two-factor', {
      data: { ticket: await ticketOf(), code: firstCodes[0] },
    });
    expect(old.status()).toBe(401);
    const renewed = await request.post('/api/auth/two-factor', {
      data: { ticket: await ticketOf(), code: newCodes[0] },
    });
    expect(renewed.status(), await renewed.text()).toBe(200);
  });
});

test('an administrator opens account settings and sees two-factor sign-in, which stays on', async ({
  page,
  request,
}) => {
  await signIn(page, { token: await adminToken(request), userType: 'admin' });
  await page.goto('/admin');
  await header(page).getByRole('link', { name: 'Account Settings', exact: true }).click();
  await expect(page).toHaveURL('/admin/account');
  const settings = main(page);
  await expect(settings.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  const email = settings.getByRole('textbox', { name: 'Email', exact: true });
  await expect(email).toHaveValue(adminAccount.email);
  await expect(email).not.toBeEditable();
  await expect(settings.getByRole('heading', { level: 2, name: 'Change password' })).toBeVisible();
  await expect(settings.getByRole('heading', { level: 2, name: 'Two-factor sign-in' })).toBeVisible();
  await expect(settings.getByText(/Recovery codes left: \d+\./)).toBeVisible();
  await expect(settings.getByRole('button', { name: 'New recovery codes', exact: true })).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Turn off', exact: true })).toHaveCount(0);
  await expect(settings.getByRole('button', { name: 'Delete my account', exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a parent downloads their data and deletes their account', async ({ page, request }) => {
  test.setTimeout(90_000);
  const parent = await createAccount(request, 'camper');
  const child = await request.post('/camper/campers', {
    headers: bearer(parent.token),
    data: {
      firstName: 'Juniper',
      lastName: 'Fielding',
      gender: 'female',
      shirtSize: 'youth_s',
      medical: 'Bee sting allergy',
      birthday: '2016-05-04',
    },
  });
  expect(child.status(), await child.text()).toBe(201);
  await signIn(page, { token: parent.token, userType: 'camper' });
  await page.goto('/camper/account');
  const form = main(page);

  await test.step('downloads everything Campwise keeps about them', async () => {
    const downloading = page.waitForEvent('download');
    await form.getByRole('button', { name: 'Download my data', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^campwise-data-\d{4}-\d{2}-\d{2}\.json$/);
    const path = await download.path();
    const data = JSON.parse(await readFile(path, 'utf8')) as {
      account: { email: string; firstName: string };
      children: { firstName: string; medical: string | null }[];
    };
    expect(data.account).toMatchObject({ email: parent.email, firstName: parent.firstName });
    expect(data.children).toEqual([
      expect.objectContaining({ firstName: 'Juniper', medical: 'Bee sting allergy' }),
    ]);
    await expect(page.getByText('Your data has been downloaded.')).toBeVisible();
  });

  await test.step('deletes the account with the password, and the session ends', async () => {
    await form.getByRole('button', { name: 'Delete my account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    await expect(
      dialog.getByText('Are you sure you wish to delete your account? This cannot be undone.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Not-my-password-1');
    await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await expect(dialog.getByText('Incorrect password. Please check it and try again.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(parent.password);
    await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await expect(page).toHaveURL('/goodbye');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Goodbye for now' })).toBeVisible();
    await expect(
      main(page).getByText('Your account has been deleted. Thank you for using Campwise.'),
    ).toBeVisible();
    await expect.poll(() => storedSession(page)).toEqual({ token: null, userType: null });
    const me = await request.get('/me', { headers: bearer(parent.token) });
    expect(me.status()).toBe(401);
    const login = await request.post('/camper/auth/login', {
      data: { email: parent.email, password: parent.password },
    });
    expect(login.status()).toBe(401);
  });
});
