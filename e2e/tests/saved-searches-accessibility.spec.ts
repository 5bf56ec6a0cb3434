import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  createAlertWorld,
  savedSearch,
  saveSearchThroughApi,
  unsubscribePathFromOpeningMail,
} from '../saved-search-support.ts';
import { resultCount } from '../search-support.ts';
import { expect, main, signIn } from '../support.ts';

test.describe('accessibility of saved searches and unsubscribe links', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

  test('the save dialog, the Saved page with searches and the unsubscribe page have no violations', async ({
    page,
    request,
  }) => {
    test.slow();
    const world = await createAlertWorld(request, 'Willow Bend');
    const name = `Willow weeks ${world.word}`;
    await saveSearchThroughApi(request, world.parent, name, world.word);
    await signIn(page, world.parent);

    await test.step('the save dialog', async () => {
      await page.goto(`/searchresults?term=${world.word}&age=9`);
      await expect(resultCount(page)).toHaveText('1 camp found');
      await main(page).getByRole('button', { name: 'Save this search' }).click();
      await expect(page.getByRole('dialog', { name: 'Save this search' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('the Saved page with a saved search', async () => {
      await page.goto('/camper/saved');
      await expect(savedSearch(page, name)).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('the unsubscribe page, before and after, and for a link that is not ours', async () => {
      const path = await unsubscribePathFromOpeningMail(request, world);
      await page.goto(path);
      await expect(main(page).getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
      await expectNoAxeViolations(page);
      await main(page).getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(main(page).getByRole('status')).toContainText('You’re unsubscribed');
      await expectNoAxeViolations(page);
      await page.goto('/unsubscribe/digest-1-abc-not-a-signature');
      await expect(main(page).getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});
