import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, waitForApp } from '../fixtures.ts';
import { sitePages } from '../public-pages.ts';
import { createSearchWorld, type SearchWorld } from '../search-support.ts';
import { createAccount, header, logInThroughForm, main } from '../support.ts';

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

  test('the search form sends its search to the results page', async ({ page }) => {
    await page.goto('/search');
    await searchByForm(page, world.word, world.robots.zip);
  });
});

/** Types a keyword and a ZIP into the search form and sends it; the results page lists what they find. */
async function searchByForm(page: Page, word: string, zip: string): Promise<void> {
  const form = main(page).getByRole('form', { name: 'Search filters' });
  await form.getByRole('textbox', { name: 'Keyword' }).fill(word);
  await form.getByRole('textbox', { name: 'ZIP code' }).fill(zip);
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/searchresults\\?term=${word}&zip=${zip}&`));
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: world.robots.name }).first()).toBeVisible();
}

/**
 * Holds the app's scripts back at least six seconds, and until the test has used the page the
 * server rendered, so every check runs before any script (on a loaded machine the checks can take
 * longer than six seconds); the function returned lets them arrive and waits for the app.
 */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let firstAskedAt: number | null = null;
  await page.route('**/assets/*.js', async (route) => {
    firstAskedAt ??= Date.now();
    await released;
    await route.continue();
  });
  return async () => {
    const waited = firstAskedAt === null ? 0 : Date.now() - firstAskedAt;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 6_000 - waited)));
    release();
    await waitForApp(page);
  };
}

test.describe('on a slow phone, before the page’s script has arrived', () => {
  test.use({ waitsForApp: false });
  let releaseScripts: () => Promise<void>;
  test.beforeEach(async ({ page }) => {
    releaseScripts = await holdScripts(page);
  });

  test('the search form sends its search to the results page', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/search', { waitUntil: 'commit' });
    await searchByForm(page, world.word, world.robots.zip);
    await releaseScripts();
  });

  test('the home page’s search box sends its search to the results page', async ({ page }) => {
    await page.goto('/', { waitUntil: 'commit' });
    const search = main(page).getByRole('search', { name: 'Search camps' });
    await search.getByRole('textbox', { name: 'Camp or activity' }).fill(world.word);
    await search.getByRole('textbox', { name: 'ZIP code' }).fill(world.robots.zip);
    await search.getByRole('button', { name: 'Search camps' }).click();
    await expect(page).toHaveURL(`/searchresults?term=${world.word}&zip=${world.robots.zip}`);
    await expect(main(page).getByRole('link', { name: world.robots.name }).first()).toBeVisible();
    await releaseScripts();
  });

  test('the menu opens and leads to a page', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/', { waitUntil: 'commit' });
    // The disclosure's summary, which the browser opens and closes without any script.
    await header(page).locator('summary', { hasText: 'Menu' }).click();
    const menu = header(page).getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link', { name: 'Host sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
    await menu.getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
    await releaseScripts();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });
});

test.describe('on a slow phone, a form sent before the page’s script has arrived', () => {
  test.use({
    waitsForApp: false,
    // The page that answers a refused address says so in its status (400), which the browser logs.
    allowedConsoleErrors: [/status of 400 \(Bad Request\)/],
  });
  test('the newsletter form signs the visitor up, and says what is wrong first', async ({ page }) => {
    const releaseScripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const newsletter = main(page).locator('#newsletter');
    const field = newsletter.getByRole('textbox', { name: 'Email address' });
    await field.fill('casey.at.example.com');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    // The server's answer: the address as typed, with its message beside it.
    await expect(page).toHaveURL('/#newsletter');
    await expect(field).toHaveValue('casey.at.example.com');
    await expect(field).toHaveAccessibleDescription('Please enter a valid email address.');
    await field.fill(`casey.${Date.now()}@example.com`);
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await expect(newsletter.getByRole('status')).toHaveText(
      "Thanks for signing up! We'll keep you posted on new camps and activities.",
    );
    await expectNoAxeViolations(page);
    await releaseScripts();
    // The browser brings the answer into view once the page has loaded, and the app keeps it.
    await expect(newsletter.getByRole('status')).toBeInViewport();
  });
});

test.describe('a signed-in parent on a slow phone', () => {
  test.use({ waitsForApp: false });
  test("Register leads to the camp's registration before the script arrives", { tag: '@phone-only' }, async ({
    page,
    request,
  }) => {
    const parent = await createAccount(request, 'camper');
    await page.goto('/camper/login');
    await waitForApp(page);
    await logInThroughForm(page, parent.email, parent.password);
    await expect(page).not.toHaveURL(/\/login/);
    const releaseScripts = await holdScripts(page);
    await page.goto(`/camps/${world.robots.id}`, { waitUntil: 'commit' });
    const register = main(page).getByRole('link', { name: `Register for ${world.robots.name}` });
    await expect(register).toHaveAttribute('href', `/camps/${world.robots.id}/register`);
    await expect(main(page).getByText('Already have a parent account?')).toHaveCount(0);
    await register.click();
    await expect(page).toHaveURL(`/camps/${world.robots.id}/register`);
    await releaseScripts();
    await expect(
      main(page).getByText(`Ages ${world.robots.minAge} to ${world.robots.maxAge}`, { exact: true }),
    ).toBeVisible();
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

test('once the app runs, the home page’s search box opens the results without a new page', async ({
  page,
}) => {
  await page.goto('/');
  // A mark on this document, which a new page would not have.
  await page.evaluate(() => Object.assign(window, { sameDocumentMark: true }));
  const search = main(page).getByRole('search', { name: 'Search camps' });
  await search.getByRole('textbox', { name: 'Camp or activity' }).fill(world.word);
  await search.getByRole('button', { name: 'Search camps' }).click();
  await expect(page).toHaveURL(new RegExp(`/searchresults\\?term=${world.word}`));
  await expect(main(page).getByText('4 camps found')).toBeVisible();
  // The same document: the app opened the results itself.
  expect(await page.evaluate(() => 'sameDocumentMark' in window)).toBe(true);
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  await expectNoAxeViolations(page);
});

test('the home page shows camps near the ZIP the visitor last searched from', async ({ page }) => {
  await page.goto(`/searchresults?zip=${world.sailing.zip}`);
  await expect(main(page).getByRole('link', { name: world.sailing.name }).first()).toBeVisible();
  await page.goto('/');
  const nearby = main(page).getByRole('region', { name: `Camps near ${world.sailing.zip}` });
  // The nearest camps to it: other journeys' camps may share the ZIP, so any of them.
  await expect(nearby.getByRole('listitem').first()).toBeVisible();
  expect(await nearby.getByRole('listitem').count()).toBeLessThanOrEqual(6);
  await expectNoAxeViolations(page);
  await nearby.getByRole('link', { name: `See all camps near ${world.sailing.zip}` }).click();
  await expect(page).toHaveURL(`/searchresults?zip=${world.sailing.zip}`);
});
