import { expect, expectNoAxeViolations, test } from '../fixtures.ts';
import { sitePages } from '../public-pages.ts';

test.describe('public pages', () => {
  for (const { path, heading } of sitePages) {
    test(`${path} opens with its heading and has no accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expect.soft(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expect.soft(page).toHaveTitle(/· Campwise$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    });
  }

  test('an unknown route shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  test('a guest opening a host screen is sent to the host login', async ({ page }) => {
    await page.goto('/host/dashboard');
    await expect(page).toHaveURL('/host/login?returnTo=%2Fhost%2Fdashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('the landing page leads campers to register and hosts to log in', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Join the fun' })).toHaveAttribute('href', '/camper/register');
  await expect(main.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/host/login');

  await main.getByRole('link', { name: 'Join the fun' }).click();
  await expect(page).toHaveURL('/camper/register');
  await page.goBack();
  await main.getByRole('link', { name: 'Get started' }).click();
  await expect(page).toHaveURL('/host/login');
});

test.describe('how it works', () => {
  const explainers = [
    { button: 'Camp', title: 'How Campwise works for camps' },
    { button: 'Camper', title: 'How Campwise works for campers' },
  ];

  for (const { button, title } of explainers) {
    test(`"${button}" opens an accessible explainer that Escape closes`, async ({ page }) => {
      await page.goto('/how-it-works');
      const opener = page.getByRole('button', { name: button, exact: true });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });
  }
});
