import { test } from '../fixtures.ts';
import {
  createAccount,
  expect,
  header,
  logInThroughForm,
  main,
  newPassword,
  signIn,
  storedSession,
} from '../support.ts';

const sessionExpired = 'Your session has expired, please log in again';

test.describe('screens for signed-in users', () => {
  test('a guest opening host settings logs in and is brought back', async ({ page, request }) => {
    const host = await createAccount(request, 'host');
    await page.goto('/host/account');
    await expect(page).toHaveURL('/host/login?returnTo=%2Fhost%2Faccount');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Host sign in' })).toBeVisible();

    await logInThroughForm(page, host.email, host.password);
    await expect(page).toHaveURL('/host/account');
    await expect(main(page).getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(host.email);
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('a guest opening camper settings is sent to the camper login', async ({ page }) => {
    await page.goto('/camper/account');
    await expect(page).toHaveURL('/camper/login?returnTo=%2Fcamper%2Faccount');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Parent sign in' })).toBeVisible();
  });

  test('a signed-in camper opening host settings is sent to the host login', async ({ page, request }) => {
    const camper = await createAccount(request, 'camper');
    await signIn(page, camper);
    await page.goto('/host/account');
    await expect(page).toHaveURL('/host/login?returnTo=%2Fhost%2Faccount');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Host sign in' })).toBeVisible();
    // Being sent away does not sign the camper out.
    expect(await storedSession(page)).toEqual({ token: camper.token, userType: 'camper' });
  });
});

test.describe('a session the server refuses', () => {
  // Each test is answered 401 on purpose.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 401/] });

  test('a token that is not valid ends on the login, signed out', async ({ page }) => {
    await signIn(page, { token: 'not-a-real-token', userType: 'host' });
    await page.goto('/host/account');

    await expect(page).toHaveURL('/host/login?expired=1&returnTo=%2Fhost%2Faccount');
    await expect(page.getByRole('status').filter({ hasText: sessionExpired })).toBeVisible();
    expect(await storedSession(page)).toEqual({ token: null, userType: null });
  });

  test('a password changed on another device ends this session', async ({ page, request }) => {
    const host = await createAccount(request, 'host');
    await signIn(page, host);
    await page.goto('/host/account');
    await expect(main(page).getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(host.email);

    const password = newPassword();
    const change = await request.put('/api/user/password', {
      headers: { authorization: `Bearer ${host.token}` },
      data: { currentPassword: host.password, password },
    });
    expect(change.status()).toBe(200);

    await page.reload();
    await expect(page).toHaveURL('/host/login?expired=1&returnTo=%2Fhost%2Faccount');
    await expect(page.getByRole('status').filter({ hasText: sessionExpired })).toBeVisible();

    await logInThroughForm(page, host.email, password);
    await expect(page).toHaveURL('/host/account');
    await expect(main(page).getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(host.email);
  });
});
