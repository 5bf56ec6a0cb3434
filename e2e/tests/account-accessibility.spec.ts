import { expectNoAxeViolations, test } from '../fixtures.ts';
import { checkoutUrl, createAccount, expect, main, payCheckout, signIn, testCards } from '../support.ts';

test.describe('accessibility of account screens', () => {
  test('the host login has no violations', async ({ page }) => {
    await page.goto('/host/login');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Host Login' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the camper register form with its errors shown has no violations', async ({ page }) => {
    await page.goto('/camper/register');
    await main(page).getByRole('button', { name: 'Create Account' }).click();
    for (const field of ['First Name', 'Last Name', 'Email', 'Phone', 'Password', 'Confirm Password']) {
      await expect(main(page).getByText(`${field} is required`, { exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test('subscribing and the host settings have no violations', async ({ page, request }) => {
    // Four screens, each checked by axe.
    test.slow();
    const host = await createAccount(request, 'host');
    await signIn(page, host);

    await page.goto('/host/subscribe');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Subscribe Today' })).toBeVisible();
    await expect(main(page).getByText(/ per (month|year)$/)).toBeVisible();
    await expectNoAxeViolations(page);

    await main(page).getByRole('button', { name: 'Purchase Subscription' }).click();
    await expect(page).toHaveURL(checkoutUrl);
    await expect(main(page).getByRole('button', { name: /^Pay / })).toBeVisible();
    await expectNoAxeViolations(page);

    await payCheckout(page, testCards.approved);
    await expect(main(page).getByRole('heading', { level: 1, name: "You're Subscribed!" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/host/account');
    await expect(main(page).getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(host.email);
    await expect(main(page).getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
