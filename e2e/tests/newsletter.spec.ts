import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { main } from '../support.ts';

const invalidEmail = 'Please enter a valid email address.';
const thanks = "Thanks for signing up! We'll keep you posted on new camps and activities.";

/** An address no other test (or earlier run against the same database) has used. */
function uniqueAddress(): string {
  const info = test.info();
  return `parent-${Date.now()}-${info.workerIndex}-${info.repeatEachIndex}@example.com`;
}

/** Statuses of the newsletter sign-up calls the page makes from now on. */
function recordSignupCalls(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/newsletter') {
      statuses.push(response.status());
    }
  });
  return statuses;
}

test.describe('newsletter sign-up', () => {
  // A form that lets the server reject the address makes the browser log the 400.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

  test('an invalid address is refused with a message', async ({ page }) => {
    await page.goto('/');
    const calls = recordSignupCalls(page);
    await main(page).getByRole('textbox', { name: 'Email address' }).fill('not-an-address');
    await main(page).getByRole('button', { name: 'Subscribe', exact: true }).click();

    await expect(page.getByText(invalidEmail)).toBeVisible();
    await expect(page.getByText(thanks)).toHaveCount(0);
    expect(calls.filter((status) => status !== 400)).toEqual([]);
  });

  test('a valid address is signed up', async ({ page }) => {
    const email = uniqueAddress();
    await page.goto('/');
    const calls = recordSignupCalls(page);
    await main(page).getByRole('textbox', { name: 'Email address' }).fill(email);
    await main(page).getByRole('button', { name: 'Subscribe', exact: true }).click();

    await expect(page.getByRole('status').filter({ hasText: thanks })).toBeVisible();
    expect(calls).toEqual([200]);
  });
});
