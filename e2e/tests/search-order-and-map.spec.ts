import type { Page } from '@playwright/test';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { createSearchWorld, resultCard, resultCount } from '../search-support.ts';
import { expect, main } from '../support.ts';

/** List or Map: the control's radios are hidden behind their labels, which take the clicks. */
const viewChoice = (page: Page, name: 'List' | 'Map') =>
  main(page)
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) });

test.describe('ordering and mapping search results', () => {
  test('a parent sorts by price and start date, and sees the results on a map drawn with no configuration', async ({
    page,
    request,
  }) => {
    test.slow();
    const world = await createSearchWorld(request);
    const names = () => main(page).getByRole('article').getByRole('heading', { level: 2 }).allTextContents();

    await test.step('best match first, then the cheapest first', async () => {
      await page.goto(`/searchresults?term=${world.word}`);
      await expect(resultCount(page)).toHaveText('4 camps found');
      await expect(main(page).getByRole('textbox', { name: 'Sort by' })).toHaveValue('Best match');
      await expect(resultCard(page, world.sailing.name).getByText(/^\d+ spots left$/)).toBeVisible();
      await main(page).getByRole('textbox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Price, lowest first' }).click();
      await expect(page).toHaveURL(/sort=price/);
      await expect
        .poll(names)
        .toEqual([world.chess.name, world.robots.name, world.sailing.name, world.pottery.name]);
    });

    await test.step('the soonest start first, year-round camps last, and the order survives a reload', async () => {
      await main(page).getByRole('textbox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Start date' }).click();
      await expect(page).toHaveURL(/sort=start/);
      await page.reload();
      await expect(main(page).getByRole('textbox', { name: 'Sort by' })).toHaveValue('Start date');
      await expect.poll(async () => (await names()).at(-1)).toBe(world.chess.name);
      await expectNoAxeViolations(page);
    });

    await test.step('the map shows a marker per camp with a place, and a marker opens its camp', async () => {
      // No tile provider is configured: the map draws the bundled state outlines, from this site.
      const outlines = page.waitForResponse((answer) =>
        /\/assets\/states-10m-[\w-]+\.json$/.test(answer.url()),
      );
      await viewChoice(page, 'Map').click();
      expect((await outlines).status()).toBe(200);
      await expect(page).toHaveURL(/view=map/);
      const map = main(page).getByRole('region', { name: 'Map of the results' });
      await expect(map).toBeVisible();
      await expect(map.getByRole('button', { name: world.sailing.name })).toHaveCount(1);
      await expect(map.getByRole('button', { name: world.chess.name })).toHaveCount(1);
      // A marker is a button: the keyboard opens its popup as a click does.
      await map.getByRole('button', { name: world.robots.name }).press('Enter');
      await map.getByRole('link', { name: world.robots.name }).click();
      await expect(page).toHaveURL(`/camps/${world.robots.id}`);
      await expect(main(page).getByRole('heading', { level: 1, name: world.robots.name })).toBeVisible();
      await page.goBack();
      await expect(map).toBeVisible();
      await viewChoice(page, 'List').click();
      await expect(resultCard(page, world.robots.name)).toBeVisible();
    });
  });
});
