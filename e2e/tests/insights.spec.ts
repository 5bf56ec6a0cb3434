import { formatMoney } from '@campwise/contract/format';
import type { Page } from '@playwright/test';
import { createApprovedOrg } from '../camp-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { createSeason } from '../insights-support.ts';
import { expect, main, signIn } from '../support.ts';

const figure = (page: Page, label: string) => main(page).getByRole('group', { name: label, exact: true });
const chart = (page: Page, title: string) => main(page).getByRole('region', { name: title, exact: true });

test('the host reads how the season is going: totals, charts and their table, one camp, a shorter range', async ({
  page,
  request,
}) => {
  // Two bookings, a waitlist and a chart library on a busy machine.
  test.slow();
  const season = await createSeason(request, 'Kestrel Ridge Camp');
  // A second organisation of the same host, after the first by name, with nothing sold yet.
  const other = await createApprovedOrg(request, season.host, 'Osprey Point');

  await test.step('a family opens the camp page, which counts one more view (no cookie)', async () => {
    const counted = page.waitForResponse(
      (response) => response.url().endsWith(`/api/camps/${season.campId}/views`) && response.status() === 204,
    );
    await page.goto(`/camps/${season.campId}`);
    await counted;
    expect(await page.context().cookies()).toEqual([]);
  });

  await test.step('from My Organizations the host opens Season insights', async () => {
    await signIn(page, season.host);
    await page.goto('/host/dashboard');
    await main(page).getByRole('link', { name: 'Season insights', exact: true }).click();
    await expect(page).toHaveURL('/host/insights');
    await expect(main(page).getByRole('heading', { name: 'Season insights', level: 1 })).toBeVisible();
    // The charts' code loads with this page alone; a busy machine takes a while the first time.
    await expect(figure(page, 'Places sold')).toBeVisible({ timeout: 60_000 });
  });

  await test.step('the totals of the last 90 days', async () => {
    await expect(figure(page, 'Profile views')).toContainText('4');
    await expect(figure(page, 'Places sold')).toContainText('1');
    await expect(figure(page, 'Waitlist joins')).toContainText('1');
    await expect(figure(page, 'Conversion')).toContainText('25%');
    await expect(figure(page, 'Revenue')).toContainText(formatMoney(season.camp.cost * 100));
  });

  await test.step('the charts draw bars, and the same numbers open as a table', async () => {
    for (const title of ['Places sold and waitlist', 'Profile views', 'Revenue']) {
      await expect(chart(page, title).locator('.recharts-bar-rectangle path').first()).toBeVisible();
    }
    await main(page).getByRole('button', { name: 'Show as a table', exact: true }).click();
    const table = main(page).getByRole('table', { name: 'Figures per week', exact: true });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: formatMoney(season.camp.cost * 100) })).toHaveCount(
      1,
    );
    await expectNoAxeViolations(page);
  });

  await test.step('the session is full with one family waiting', async () => {
    const fill = chart(page, 'Fill rate by session');
    await expect(fill.locator('.recharts-bar-rectangle path').first()).toBeVisible();
    await expect(fill.getByText(/^100%( full)?$/).filter({ visible: true })).toBeVisible();
  });

  await test.step('one camp, then the last 30 days by day', async () => {
    await main(page).getByRole('textbox', { name: 'Camp', exact: true }).click();
    await page.getByRole('option', { name: season.camp.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`campId=${season.campId}`));
    await main(page).getByRole('button', { name: '30 days', exact: true }).click();
    await expect(main(page).getByRole('button', { name: '30 days', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(main(page).getByRole('table', { name: 'Figures per day', exact: true })).toBeVisible();
    await expect(figure(page, 'Places sold')).toContainText('1');
  });

  await test.step("another of the host's organizations, found by typing part of its name", async () => {
    const picker = main(page).getByRole('textbox', { name: 'Organization', exact: true });
    await picker.fill('Osprey');
    await page.getByRole('option', { name: other.org.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`orgId=${other.orgId}`));
    await expect(picker).toHaveValue(other.org.name);
    await expect(figure(page, 'Places sold')).toHaveText(/Places sold\s*0$/);
  });

  await test.step('an end before the start is refused beside the date', async () => {
    const from = main(page).getByLabel('From', { exact: true });
    await from.fill('2099-01-01');
    await main(page).getByRole('button', { name: 'Show', exact: true }).click();
    await expect(
      main(page).getByText('Choose a start date on or before the end date, at most a year apart.'),
    ).toBeVisible();
  });
});
