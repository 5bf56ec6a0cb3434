import type { Page } from '@playwright/test';
import { createWeeklyCamp } from '../basket-support.ts';
import { addWaiver, CAMP_WAIVER, signWaiver } from '../camp-forms-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { childAged, createFamily, registrationCard } from '../registration-support.ts';
import { expect, header, main, signIn } from '../support.ts';

/** A camp's part of the basket page, by the camp's name. */
const campPart = (page: Page, campName: string) =>
  main(page).getByRole('region', { name: campName, exact: true });

/** A session's line in a camp's part, and its "Who goes?" choice of a child. */
const goes = (page: Page, campName: string, session: string, child: string) =>
  campPart(page, campName)
    .getByRole('listitem', { name: session, exact: true })
    .getByRole('checkbox', { name: new RegExp(`^${child} \\(`) });

test.describe('the family basket', { tag: '@phone-only' }, () => {
  test('a parent on a phone books two camps of two organisations for two children, in different weeks, with one payment', async ({
    page,
    request,
  }) => {
    // Two camps, three sessions added, a waiver signed, a payment: a busy machine takes a while.
    test.setTimeout(240_000);
    const heron = await createWeeklyCamp(request, 'Heron Pond Camp');
    const fox = await createWeeklyCamp(request, 'Fox Hollow Camp', ['300', '300', '300']);
    await addWaiver(request, fox.host, fox.campId);
    const family = await createFamily(request, [childAged('Maya', 9), childAged('Leo', 8)]);
    await signIn(page, family.parent);

    await test.step('adds two weeks of one camp and a week of another, from their pages', async () => {
      await page.goto(`/camps/${heron.campId}`);
      for (const week of ['Week 1', 'Week 2']) {
        await main(page)
          .getByRole('button', { name: `Add ${week} to basket`, exact: true })
          .click();
        await expect(
          main(page).getByRole('link', { name: `${week} is in your basket: go to the basket`, exact: true }),
        ).toBeVisible();
      }
      await page.goto(`/camps/${fox.campId}`);
      await main(page).getByRole('button', { name: 'Add Week 3 to basket', exact: true }).click();
      const basketLink = header(page).getByRole('link', { name: 'Basket, 3 sessions', exact: true });
      await expect(basketLink).toBeVisible();
      await basketLink.click();
      await expect(main(page).getByRole('heading', { level: 1, name: 'Your basket' })).toBeVisible();
    });

    await test.step('chooses who goes to each week, each camp priced by its own rules', async () => {
      await expect(campPart(page, heron.camp.name)).toContainText('Heron Pond Camp Club');
      // Each choice is saved to the basket as it is made: the next waits for it.
      for (const [camp, week, child] of [
        [heron.camp.name, 'Week 1', 'Maya'],
        [heron.camp.name, 'Week 2', 'Leo'],
        [fox.camp.name, 'Week 3', 'Maya'],
        [fox.camp.name, 'Week 3', 'Leo'],
      ] as const) {
        const choice = goes(page, camp, week, child);
        await expect(choice).toBeEnabled();
        await choice.click();
        await expect(choice).toBeChecked();
      }
      // $450 + $450 at one camp, $300 + $300 at the other: one total, one Pay.
      await expect(main(page).getByRole('button', { name: 'Pay $1,500', exact: true })).toBeEnabled();
      await expectNoAxeViolations(page);
    });

    await test.step('signs the second camp’s waiver and pays once', async () => {
      await expect(
        main(page).getByRole('heading', { level: 2, name: `Questions and waivers for ${fox.camp.name}` }),
      ).toBeVisible();
      await signWaiver(page, CAMP_WAIVER.title, 'Pat Fielding');
      await main(page).getByRole('button', { name: 'Pay $1,500', exact: true }).click();
      await expect(
        main(page).getByRole('heading', {
          level: 2,
          name: `Registered for ${heron.camp.name} and ${fox.camp.name}`,
        }),
      ).toBeVisible({ timeout: 30_000 });
      await expect(page).toHaveTitle(new RegExp(`^Registered for ${heron.camp.name}`));
      await expect(main(page).getByText(/Receipt number CW-/)).toHaveCount(2);
      await expectNoAxeViolations(page);
      await expect(header(page).getByRole('link', { name: 'Basket, empty', exact: true })).toBeVisible();
    });

    await test.step('the four places are on My Registrations', async () => {
      await main(page).getByRole('link', { name: 'My Registrations', exact: true }).click();
      await expect(registrationCard(page, 'Upcoming', 'Maya Fielding', heron.camp.name)).toHaveCount(1);
      await expect(registrationCard(page, 'Upcoming', 'Leo Fielding', heron.camp.name)).toHaveCount(1);
      await expect(registrationCard(page, 'Upcoming', 'Maya Fielding', fox.camp.name)).toHaveCount(1);
      await expect(registrationCard(page, 'Upcoming', 'Leo Fielding', fox.camp.name)).toHaveCount(1);
    });
  });
});
