import { campRunsText, createApprovedOrg, createCamp, datedCamp } from '../camp-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  createManyCamps,
  createSearchWorld,
  fact,
  resultCard,
  resultCount,
  searchForm,
  showFilters,
  uniqueWord,
} from '../search-support.ts';
import {
  createAccount,
  createOrg,
  createSubscribedHost,
  expect,
  imageLoaded,
  main,
  signIn,
  uniqueOrg,
} from '../support.ts';

const field = (page: Parameters<typeof searchForm>[0], name: string) =>
  searchForm(page).getByRole('textbox', { name, exact: true });

test.describe('public search', () => {
  test('a guest searches by keyword, reloads the results, opens a camp, its organization and another of its camps', async ({
    page,
    request,
  }) => {
    // A host, an organization and four camps with photos are made first.
    test.setTimeout(120_000);
    const world = await createSearchWorld(request);
    const { sailing, robots, chess, pottery } = world;

    await test.step('searches by keyword from /search', async () => {
      await page.goto('/search');
      await expect(main(page).getByRole('heading', { level: 1, name: 'Search', exact: true })).toBeVisible();
      await expect(main(page).getByRole('link', { name: 'Film & Photography', exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await field(page, 'Keyword').fill(world.word);
      await searchForm(page).getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(`/searchresults?term=${world.word}`);
      await expect(main(page).getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible();
      await expect(resultCount(page)).toHaveText('4 camps found');
      await expect(main(page).getByRole('article')).toHaveCount(4);
      await expect.poll(() => imageLoaded(resultCard(page, sailing.name).locator('img'))).toBe(true);
      await expectNoAxeViolations(page);
    });

    await test.step('each result shows where, when and the start of its description', async () => {
      const card = resultCard(page, sailing.name);
      await expect(card.getByText('Chicago, IL', { exact: true })).toBeVisible();
      await expect(card.getByText(campRunsText(sailing), { exact: true })).toBeVisible();
      await expect(card.getByText(sailing.description, { exact: true })).toBeVisible();
      await expect(card.getByText(`by ${world.org.name}`, { exact: true })).toBeVisible();
      await expect(resultCard(page, chess.name).getByText('Year Round', { exact: true })).toBeVisible();
      await expect(resultCard(page, chess.name).getByText('New York, NY', { exact: true })).toBeVisible();
      for (const camp of [sailing, robots, chess, pottery]) {
        await expect(
          resultCard(page, camp.name).getByRole('link', { name: `Learn more about ${camp.name}` }),
        ).toHaveAttribute('href', `/camps/${camp.id}`);
      }
    });

    await test.step('a reload keeps the search and its results', async () => {
      await page.reload();
      await expect(resultCount(page)).toHaveText('4 camps found');
      await showFilters(page);
      await expect(field(page, 'Keyword')).toHaveValue(world.word);
    });

    await test.step('opens a camp: its details, a Register that leads a guest to sign-up, and its other camps', async () => {
      await resultCard(page, sailing.name)
        .getByRole('link', { name: `Learn more about ${sailing.name}` })
        .click();
      await expect(page).toHaveURL(`/camps/${sailing.id}`);
      await expect(main(page).getByRole('heading', { level: 1, name: sailing.name })).toBeVisible();
      await expect(page).toHaveTitle(`${sailing.name} · Campwise`);
      // Its back link leads to the results it was found in, filters and all.
      await expect(main(page).getByRole('link', { name: 'Search Results', exact: true })).toHaveAttribute(
        'href',
        new RegExp(`^/searchresults\\?.*term=${world.word}`),
      );
      await expect(main(page).getByText(`Hosted by ${world.org.name}`, { exact: true })).toBeVisible();
      await expect(fact(page, 'Address')).toHaveText(`${sailing.address}, Chicago, IL ${sailing.zip}`);
      await expect(fact(page, 'Dates')).toHaveText(campRunsText(sailing));
      await expect(fact(page, 'Ages')).toHaveText('Ages 7 to 12');
      await expect(fact(page, 'Capacity')).toHaveText('24 Campers');
      await expect(fact(page, 'Cost')).toHaveText('$450');
      // The photo keeps its 4:3 frame however wide the column is.
      const photo = await main(page)
        .getByRole('img', { name: `${sailing.name}, photo 1` })
        .boundingBox();
      expect((photo?.width ?? 0) / (photo?.height ?? 1)).toBeCloseTo(4 / 3, 1);
      await expect(main(page).getByRole('link', { name: sailing.phone })).toHaveAttribute(
        'href',
        `tel:${sailing.phone}`,
      );
      await expect(main(page).getByRole('link', { name: sailing.email })).toHaveAttribute(
        'href',
        `mailto:${sailing.email}`,
      );
      await expect(main(page).getByRole('img', { name: `${sailing.name}, photo 1` })).toBeVisible();
      await expect(main(page).getByRole('link', { name: 'Register', exact: true })).toHaveAttribute(
        'href',
        `/camper/register?returnTo=${encodeURIComponent(`/camps/${sailing.id}`)}`,
      );
      await expect(
        main(page).getByRole('heading', { level: 2, name: `Camp Run by ${world.org.name}` }),
      ).toBeVisible();
      const others = main(page).getByRole('region', { name: 'Other camps offered by this organization' });
      await expect(others.getByRole('article')).toHaveCount(3);
      await expect(resultCard(page, sailing.name)).toHaveCount(0);
      await expect
        .poll(() => imageLoaded(main(page).getByRole('img', { name: `${sailing.name}, photo 1` })))
        .toBe(true);
      await expectNoAxeViolations(page);
    });

    await test.step('opens the organization with View Org, then another of its camps', async () => {
      await main(page).getByRole('link', { name: 'View Org', exact: true }).click();
      await expect(page).toHaveURL(`/orgs/${world.orgId}`);
      await expect(main(page).getByRole('heading', { level: 1, name: world.org.name })).toBeVisible();
      await expect(
        main(page).getByText(`${world.org.address}, ${world.org.city}, IL ${world.org.zip}`, { exact: true }),
      ).toBeVisible();
      await expect(main(page).getByText(world.org.bio, { exact: true })).toBeVisible();
      await expect(main(page).getByText(world.org.contactName, { exact: true })).toBeVisible();
      const offered = main(page).getByRole('region', { name: 'Camps offered by this organization' });
      await expect(offered.getByRole('article')).toHaveCount(4);
      await expectNoAxeViolations(page);

      await resultCard(page, robots.name).getByRole('link', { name: robots.name, exact: true }).click();
      await expect(page).toHaveURL(`/camps/${robots.id}`);
      await expect(main(page).getByRole('heading', { level: 1, name: robots.name })).toBeVisible();
      await expect(fact(page, 'Ages')).toHaveText('Ages 10 to 14');
    });

    await test.step('the back link returns to the organization it was opened from', async () => {
      await main(page).getByRole('link', { name: world.org.name, exact: true }).click();
      await expect(page).toHaveURL(`/orgs/${world.orgId}`);
    });
  });

  test.describe('with a ZIP code', () => {
    test.use({
      allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/],
    });

    test('a guest searches by ZIP with age, cost and month, nearest first, and is told about an unknown ZIP', {
      tag: '@phone',
    }, async ({ page, request }) => {
      test.setTimeout(120_000);
      const world = await createSearchWorld(request);
      const { sailing, robots, chess, pottery } = world;

      await test.step('age and cost take digits only; a short ZIP is refused before searching', async () => {
        await page.goto('/search');
        await field(page, 'Age').pressSequentially('8y');
        await expect(field(page, 'Age')).toHaveValue('8');
        await field(page, 'Maximum cost').pressSequentially('$5x00');
        await expect(field(page, 'Maximum cost')).toHaveValue('500');
        await field(page, 'ZIP code').fill('606');
        await searchForm(page).getByRole('button', { name: 'Search', exact: true }).click();
        await expect(
          searchForm(page).getByText('Please enter a 5-digit ZIP code.', { exact: true }),
        ).toBeVisible();
        await expect(field(page, 'ZIP code')).toBeFocused();
        await expect(page).toHaveURL('/search');
      });

      await test.step('finds the one camp nearby for an 8-year-old in June under $500', async () => {
        await field(page, 'ZIP code').fill(sailing.zip);
        await field(page, 'Keyword').fill(world.word);
        await searchForm(page).getByRole('combobox', { name: 'Month' }).selectOption({ label: 'June' });
        await searchForm(page).getByRole('button', { name: 'Search', exact: true }).click();
        await expect(page).toHaveURL(
          `/searchresults?term=${world.word}&zip=${sailing.zip}&age=8&month=6&cost=500`,
        );
        await expect(resultCount(page)).toHaveText('1 camp found');
        await expect(resultCard(page, sailing.name).getByText('· less than a mile away')).toBeVisible();
      });

      await test.step('without age, cost and month: every camp within 25 miles, nearest first', async () => {
        await showFilters(page);
        await field(page, 'Age').clear();
        await field(page, 'Maximum cost').clear();
        await searchForm(page).getByRole('combobox', { name: 'Month' }).selectOption({ label: 'Any month' });
        await searchForm(page).getByRole('button', { name: 'Search', exact: true }).click();
        await expect(page).toHaveURL(`/searchresults?term=${world.word}&zip=${sailing.zip}`);
        await expect(resultCount(page)).toHaveText('3 camps found');
        const names = main(page).getByRole('article').getByRole('heading', { level: 2 });
        // Both are at the searched ZIP's centre; the one farther away comes last.
        const nearest = new RegExp(`^(${sailing.name}|${pottery.name})$`);
        await expect(names).toHaveText([nearest, nearest, robots.name]);
        await expect(resultCard(page, robots.name).getByText(/· [\d.]+ miles away/)).toBeVisible();
        await expect(resultCard(page, chess.name)).toHaveCount(0);
      });

      await test.step('Reset empties the filters; a New York ZIP finds the camp there', async () => {
        await showFilters(page);
        await searchForm(page).getByRole('button', { name: 'Reset', exact: true }).click();
        await expect(field(page, 'Keyword')).toHaveValue('');
        await expect(field(page, 'ZIP code')).toHaveValue('');
        await field(page, 'Keyword').fill(world.word);
        await field(page, 'ZIP code').fill(chess.zip);
        await searchForm(page).getByRole('button', { name: 'Search', exact: true }).click();
        await expect(page).toHaveURL(`/searchresults?term=${world.word}&zip=${chess.zip}`);
        await expect(resultCount(page)).toHaveText('1 camp found');
        await expect(resultCard(page, chess.name).getByText('Year Round', { exact: true })).toBeVisible();
      });

      await test.step('a ZIP with no known centre is explained beside the field', async () => {
        await page.goto(`/searchresults?term=${world.word}&zip=00000`);
        const message = 'We do not know that ZIP code. Please check it, or search without it.';
        await expect(main(page).getByRole('alert').filter({ hasText: message })).toBeVisible();
        await expect(searchForm(page)).toBeVisible();
        await expect(field(page, 'ZIP code')).toHaveAttribute('aria-invalid', 'true');
        await expect(main(page).getByRole('article')).toHaveCount(0);
        await expectNoAxeViolations(page);
      });
    });
  });

  test('a category tile lists that category; a keyword narrows it', async ({ page, request }) => {
    test.slow();
    const world = await createSearchWorld(request);
    await page.goto('/search');
    const tile = main(page).getByRole('link', { name: 'Chess', exact: true });
    await expect(tile.locator('img')).toHaveAttribute('src', '/categories/chess.svg');
    await expect(
      main(page).getByRole('link', { name: 'Arts & Crafts', exact: true }).locator('img'),
    ).toHaveAttribute('src', '/categories/arts-and-crafts.svg');
    await tile.click();
    await expect(page).toHaveURL('/searchresults?categories=27');
    // The database may hold other chess camps (the demo data, other tests), so the count is not known.
    await expect(resultCount(page)).toBeVisible();
    await expect(searchForm(page).getByText('Chess', { exact: true })).toBeVisible();

    await field(page, 'Keyword').fill(world.word);
    await searchForm(page).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(`/searchresults?term=${world.word}&categories=27`);
    await expect(resultCount(page)).toHaveText('1 camp found');
    await expect(resultCard(page, world.chess.name)).toBeVisible();
  });

  test('Load more shows the next page of results', async ({ page, request }) => {
    // Twenty-three camps are made first.
    test.setTimeout(120_000);
    const word = uniqueWord();
    await createManyCamps(request, word, 23);
    await page.goto(`/searchresults?term=${word}`);
    await expect(resultCount(page)).toHaveText('23 camps found, showing 20');
    await expect(main(page).getByRole('article')).toHaveCount(20);
    await main(page).getByRole('button', { name: 'Load more', exact: true }).click();
    await expect(main(page).getByRole('article')).toHaveCount(23);
    // The button is gone with the last page; the first new result has the focus.
    await expect(
      main(page)
        .getByRole('article')
        .nth(20)
        .getByRole('link', { name: /^Learn more about/ }),
    ).toBeFocused();
    await expect(resultCount(page)).toHaveText('23 camps found');
    await expect(main(page).getByRole('button', { name: 'Load more', exact: true })).toHaveCount(0);
  });

  test('a search that matches nothing says No Results Found', async ({ page }) => {
    await page.goto(`/searchresults?term=${uniqueWord()}`);
    await expect(main(page).getByRole('heading', { level: 2, name: 'No Results Found' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Browse by category' })).toHaveAttribute(
      'href',
      '/search',
    );
    await expectNoAxeViolations(page);
  });
});

test.describe('public profiles', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

  test('unknown ids and an organization in review show a friendly not-found page', async ({
    page,
    request,
  }) => {
    test.slow();
    const host = await createSubscribedHost(request);
    const pendingOrgId = await createOrg(request, host, uniqueOrg('Hidden Hollow Camp'));

    for (const path of ['/camps/999999999', '/camps/not-a-number']) {
      await page.goto(path);
      await expect(main(page).getByRole('heading', { level: 1, name: 'Camp not found' })).toBeVisible();
      await expect(main(page).getByRole('link', { name: 'Search camps' })).toHaveAttribute('href', '/search');
      if (path === '/camps/999999999') await expectNoAxeViolations(page);
    }
    for (const path of ['/orgs/999999999', `/orgs/${pendingOrgId}`]) {
      await page.goto(path);
      await expect(
        main(page).getByRole('heading', { level: 1, name: 'Organization not found' }),
      ).toBeVisible();
    }
  });

  test('a signed-in camper sees Register on a camp', async ({ page, request }) => {
    test.slow();
    const host = await createSubscribedHost(request);
    const { org, orgId } = await createApprovedOrg(request, host, 'Maple Grove Day Camp');
    const camp = datedCamp('Maple Grove Explorers', org);
    const campId = await createCamp(request, host, orgId, camp);
    const camper = await createAccount(request, 'camper');
    await signIn(page, camper);
    await page.goto(`/camps/${campId}`);
    await expect(main(page).getByRole('heading', { level: 1, name: camp.name })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Register', exact: true })).toHaveAttribute(
      'href',
      `/camps/${campId}/register`,
    );
  });
});
