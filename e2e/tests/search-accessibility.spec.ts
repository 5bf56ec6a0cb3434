import { expectNoAxeViolations, test } from '../fixtures.ts';
import { createSearchWorld, resultCard, resultCount, showFilters, uniqueWord } from '../search-support.ts';
import { expect, imageLoaded, main } from '../support.ts';

test.describe('accessibility of the search screens and public profiles', () => {
  test.use({
    allowedConsoleErrors: [/Failed to load resource: the server responded with a status of (400|404)/],
  });

  test('search, its results in every state, a camp, its organization and a missing camp have no violations', async ({
    page,
    request,
  }) => {
    // A host, an organization and four camps with photos are made first, then seven screens checked.
    test.setTimeout(150_000);
    const world = await createSearchWorld(request);

    await test.step('the search page with its category tiles', async () => {
      await page.goto('/search');
      // A phone shows the first tiles and a button for the rest.
      const showAll = main(page).getByRole('button', { name: /^Show all \d+ categories$/ });
      if ((page.viewportSize()?.width ?? 0) < 576) await showAll.click();
      await expect(main(page).getByRole('link', { name: 'Film & Photography', exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('results, with their photos', async () => {
      await page.goto(`/searchresults?term=${world.word}`);
      await expect(resultCount(page)).toHaveText('4 camps found');
      const photo = resultCard(page, world.sailing.name).locator('img');
      await expect.poll(() => imageLoaded(photo)).toBe(true);
      await expectNoAxeViolations(page);
      await showFilters(page);
      await expectNoAxeViolations(page);
    });

    await test.step('no results, and a ZIP the server does not know', async () => {
      await page.goto(`/searchresults?term=${uniqueWord()}`);
      await expect(main(page).getByRole('heading', { level: 2, name: 'No Results Found' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto(`/searchresults?term=${world.word}&zip=00000`);
      await expect(main(page).getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('a camp and its organization', async () => {
      await page.goto(`/camps/${world.sailing.id}`);
      const photo = main(page).getByRole('img', { name: `${world.sailing.name}, photo 1` });
      await expect.poll(() => imageLoaded(photo)).toBe(true);
      await expect(
        main(page)
          .getByRole('region', { name: 'Other camps offered by this organization' })
          .getByRole('article'),
      ).toHaveCount(3);
      await expectNoAxeViolations(page);
      await page.goto(`/orgs/${world.orgId}`);
      await expect(
        main(page).getByRole('region', { name: 'Camps offered by this organization' }).getByRole('article'),
      ).toHaveCount(4);
      await expectNoAxeViolations(page);
    });

    await test.step('a camp that does not exist', async () => {
      await page.goto('/camps/999999999');
      await expect(main(page).getByRole('heading', { level: 1, name: 'Camp not found' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});
