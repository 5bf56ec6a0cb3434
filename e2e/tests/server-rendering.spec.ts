import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { sitePages } from '../public-pages.ts';
import { createSearchWorld, type SearchWorld } from '../search-support.ts';
import { main } from '../support.ts';

const staticPages = [...sitePages, { path: '/search', heading: 'Search' }];

let world: SearchWorld;

test.beforeAll(async ({ request }) => {
  world = await createSearchWorld(request);
});

test.describe('with JavaScript turned off, a reader still gets every public page', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading } of staticPages) {
    test(`${path} shows its heading`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).first(),
      ).toBeVisible();
    });
  }

  test('search results list the camps found', { tag: '@phone' }, async ({ page }) => {
    await page.goto(`/searchresults?term=${world.word}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible();
    await expect(main(page).getByText('4 camps found')).toBeVisible();
    await expect(main(page).getByRole('link', { name: world.sailing.name }).first()).toBeVisible();
  });

  test('a camp profile shows the camp, its price, dates and host', { tag: '@phone' }, async ({ page }) => {
    await page.goto(`/camps/${world.sailing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: world.sailing.name })).toBeVisible();
    await expect(main(page).getByText('$450').first()).toBeVisible();
    await expect(main(page).getByText(world.org.name).first()).toBeVisible();
    await expect(main(page).getByText(world.sailing.description)).toBeVisible();
  });

  test('an organisation profile shows the organisation and its camps', async ({ page }) => {
    await page.goto(`/orgs/${world.orgId}`);
    await expect(page.getByRole('heading', { level: 1, name: world.org.name })).toBeVisible();
    await expect(main(page).getByText(world.robots.name).first()).toBeVisible();
  });
});

/** The page's layout shifts so far (Cumulative Layout Shift without input), read in the page. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );
}

/**
 * Below this, a shift is a web font arriving and nudging a heading by a pixel (about 0.00003);
 * anything the app moved or added while taking the page over would be a hundred times more.
 */
const UNSEEN_SHIFT = 0.001;

/**
 * The page opens as the server sent it and the app takes it over in place: nothing visibly
 * shifts, and a marker left on the window survives a click on a link, which only a hydrated
 * router handles without loading a new document.
 */
async function expectHydratedInPlace(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  expect(await layoutShift(page)).toBeLessThan(UNSEEN_SHIFT);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' }).first().click();
  await expect(page).toHaveURL('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
}

test.describe('the app hydrates the rendered page without errors or layout shift', () => {
  for (const { path } of staticPages) {
    test(`${path}`, { tag: '@phone' }, async ({ page }) => {
      await expectHydratedInPlace(page, path);
    });
  }

  test('search results', { tag: '@phone' }, async ({ page }) => {
    await expectHydratedInPlace(page, `/searchresults?term=${world.word}`);
  });

  test('a camp profile', { tag: '@phone' }, async ({ page }) => {
    await expectHydratedInPlace(page, `/camps/${world.sailing.id}`);
  });

  test('an organisation profile', { tag: '@phone' }, async ({ page }) => {
    await expectHydratedInPlace(page, `/orgs/${world.orgId}`);
  });
});
