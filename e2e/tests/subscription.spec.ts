import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  changePasswordThroughForm,
  checkoutUrl,
  expect,
  fillRegisterForm,
  header,
  logIn,
  logOut,
  longDate,
  main,
  newPassword,
  payCheckout,
  storedSession,
  testCards,
  uniqueEmail,
} from '../support.ts';

const declined = 'Your card was declined. Please use another card.';

/** When the signed-in host's paid period ends, as the server reports it. */
async function periodEnd(page: Page, request: APIRequestContext): Promise<string> {
  const { token } = await storedSession(page);
  const response = await request.get('/api/host/subscription', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { currentPeriodEnd: string | null }[] };
  const end = data[0]?.currentPeriodEnd;
  expect(end, 'a subscribed host has a period end').toBeTruthy();
  return longDate(end ?? '');
}

async function startCheckout(page: Page): Promise<string> {
  await expect(main(page).getByRole('heading', { level: 1, name: 'Subscribe Today' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Purchase Subscription' }).click();
  await expect(page).toHaveURL(checkoutUrl);
  await expect(main(page).getByRole('button', { name: /^Pay / })).toBeVisible();
  return page.url();
}

test.describe('host subscription', () => {
  // The declined card is answered with 402 Payment Required.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 402/] });

  test('a host registers, subscribes after a declined card and manages renewal and the account', async ({
    page,
    request,
  }) => {
    // A long journey through many screens, four of them checked by axe; it may take a while on a
    // busy machine.
    test.setTimeout(180_000);
    const email = uniqueEmail('host');
    let password = newPassword();

    await test.step('registers and is asked to subscribe', async () => {
      await page.goto('/host/register');
      await expect(main(page).getByText('Optional', { exact: true })).toBeVisible();
      await fillRegisterForm(page, { firstName: 'Morgan', lastName: 'Pines', email, password });
      await main(page).getByRole('button', { name: 'Create Account' }).click();
      await expect(page).toHaveURL('/host/subscribe');
      await expect(main(page).getByRole('heading', { level: 1, name: 'Subscribe Today' })).toBeVisible();
      await expect(main(page).getByText(/ per (month|year)$/)).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('a declined card leaves the host unsubscribed', async () => {
      await startCheckout(page);
      await expectNoAxeViolations(page);
      await expect(main(page).getByText(`Billed to ${email}.`, { exact: false })).toBeVisible();
      await payCheckout(page, testCards.declined);
      await expect(page.getByRole('alert')).toHaveText(declined);
      await expect(page).toHaveURL(checkoutUrl);

      await page.goto('/host/dashboard');
      await expect(page).toHaveURL('/host/subscribe');
      await expect(main(page).getByRole('heading', { level: 1, name: 'Subscribe Today' })).toBeVisible();
    });

    await test.step('a good card subscribes', async () => {
      const firstCheckout = page.url();
      const checkout = await startCheckout(page);
      expect(checkout).not.toBe(firstCheckout);
      await payCheckout(page, testCards.approved);
      await expect(page).toHaveURL(/\/host\/subscribe\/success\?session_id=cs_test_[a-f0-9]{24}$/);
      await expect(main(page).getByRole('heading', { level: 1, name: "You're Subscribed!" })).toBeVisible();
      await expectNoAxeViolations(page);

      await main(page).getByRole('link', { name: 'Continue to Dashboard' }).click();
      await expect(page).toHaveURL('/host/dashboard');
      await expect(main(page).getByRole('heading', { level: 1, name: 'My organizations' })).toBeVisible();

      await page.reload();
      await expect(main(page).getByRole('heading', { level: 1, name: 'My organizations' })).toBeVisible();
      await expect(page).toHaveURL('/host/dashboard');
    });

    await test.step('cancels at the period end, then keeps the subscription', async () => {
      await header(page).getByRole('link', { name: 'Account Settings' }).click();
      await expect(page).toHaveURL('/host/account');
      const ends = await periodEnd(page, request);
      const section = main(page);
      await expect(section.getByRole('heading', { level: 2, name: 'Subscription' })).toBeVisible();
      await expect(section.getByText('Active', { exact: true })).toBeVisible();
      await expect(section.getByText(`Renews on ${ends}.`, { exact: true })).toBeVisible();
      await expect(section.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
      await expectNoAxeViolations(page);

      await section.getByRole('button', { name: 'Cancel subscription' }).click();
      await expect(section.getByText(`Your subscription ends on ${ends}.`, { exact: true })).toBeVisible();
      await expect(section.getByText('Ends at period end', { exact: true })).toBeVisible();
      await expect(section.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

      await page.reload();
      await expect(section.getByText(`Your subscription ends on ${ends}.`, { exact: true })).toBeVisible();
      await section.getByRole('button', { name: 'Keep my subscription' }).click();
      await expect(section.getByText(`Renews on ${ends}.`, { exact: true })).toBeVisible();
      await expect(section.getByText('Active', { exact: true })).toBeVisible();
      await expect(section.getByRole('button', { name: 'Keep my subscription' })).toHaveCount(0);
      await expect(section.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
    });

    await test.step('changes account details and the password', async () => {
      const lastName = main(page).getByRole('textbox', { name: 'Last Name', exact: true });
      const phone = main(page).getByRole('textbox', { name: 'Phone', exact: true });
      await expect(phone).toHaveValue('');
      await lastName.fill('Pines-Hart');
      await phone.pressSequentially('3125550142');
      await main(page).getByRole('button', { name: 'Update Account' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Account details updated!' })).toBeVisible();

      const next = newPassword();
      await changePasswordThroughForm(page, password, next);
      await expect(page.getByRole('status').filter({ hasText: 'Password updated!' })).toBeVisible();
      password = next;

      await page.reload();
      await expect(lastName).toHaveValue('Pines-Hart');
      await expect(phone).toHaveValue('312-555-0142');
    });

    await test.step('logs out and back in with the new password', async () => {
      await logOut(page);
      await logIn(page, 'host', email, password);
      await expect(page).toHaveURL('/host/dashboard');
      await expect(main(page).getByRole('heading', { level: 1, name: 'My organizations' })).toBeVisible();
    });
  });
});
