import { messages } from '@campwise/contract/messages';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  createAlertWorld,
  savedSearch,
  savedSearches,
  unsubscribePathFromOpeningMail,
} from '../saved-search-support.ts';
import { resultCount } from '../search-support.ts';
import { expect, main, signIn } from '../support.ts';

test.describe('saving a search', () => {
  // Saving the same search twice is refused on purpose.
  test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\)/] });

  test('a parent saves a search from the results, finds it on Saved, turns its e-mail off, opens it and removes it', async ({
    page,
    request,
  }) => {
    test.slow();
    const world = await createAlertWorld(request, 'Cedar Hollow');
    const name = `Cedar weeks ${world.word}`;

    await test.step('signed out, Save this search goes to the login and comes back', async () => {
      await page.goto(`/searchresults?term=${world.word}`);
      await expect(resultCount(page)).toHaveText('1 camp found');
      await main(page).getByRole('link', { name: 'Save this search' }).click();
      await expect(page).toHaveURL(
        `/camper/login?returnTo=${encodeURIComponent(`/searchresults?term=${world.word}`)}`,
      );
    });

    await test.step('signed in, the dialog saves it under a name', async () => {
      await signIn(page, world.parent);
      await page.goto(`/searchresults?term=${world.word}`);
      await main(page).getByRole('button', { name: 'Save this search' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save this search' });
      await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('placeholder', world.word);
      await expectNoAxeViolations(page);
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('button', { name: 'Save search' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(messages.savedSearchSaved)).toBeVisible();
      // The same search again is refused with the name it has.
      await main(page).getByRole('button', { name: 'Save this search' }).click();
      await dialog.getByRole('button', { name: 'Save search' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        messages.savedSearchDuplicate.replace('{name}', name),
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    });

    await test.step('the Saved page lists it, and its weekly e-mail turns off and stays off', async () => {
      await page.goto('/camper/saved');
      const card = savedSearch(page, name);
      await expect(card).toContainText(world.word);
      const weekly = card.getByRole('switch', { name: 'Weekly e-mail of new sessions' });
      await expect(weekly).toBeChecked();
      await expectNoAxeViolations(page);
      // The switch's label turns it off, as a person would.
      await card.getByText('Weekly e-mail of new sessions', { exact: true }).click();
      await expect(page.getByText(`No more e-mails for “${name}”.`)).toBeVisible();
      await page.reload();
      await expect(
        savedSearch(page, name).getByRole('switch', { name: 'Weekly e-mail of new sessions' }),
      ).not.toBeChecked();
    });

    await test.step('Open runs the search again', async () => {
      await savedSearch(page, name)
        .getByRole('link', { name: `Open ${name}` })
        .click();
      await expect(page).toHaveURL(`/searchresults?term=${world.word}`);
      await expect(resultCount(page)).toHaveText('1 camp found');
    });

    await test.step('Remove takes it off the Saved page', async () => {
      await page.goto('/camper/saved');
      await savedSearch(page, name)
        .getByRole('button', { name: `Remove ${name}` })
        .click();
      await expect(savedSearch(page, name)).toHaveCount(0);
      await expect(savedSearches(page)).toContainText('No saved searches yet.');
    });
  });
});

test('the Unsubscribe link of an alert e-mail stops those e-mails in one click, without logging in', async ({
  page,
  request,
}) => {
  test.slow();
  const world = await createAlertWorld(request, 'Juniper Ridge');
  const path = await unsubscribePathFromOpeningMail(request, world);

  await page.goto(path);
  await expect(main(page)).toContainText('Stop e-mails telling you registration has opened for a session?');
  await expectNoAxeViolations(page);
  await main(page).getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(main(page).getByRole('status')).toContainText(
    'You’re unsubscribed from e-mails telling you registration has opened for a session.',
  );
  await expectNoAxeViolations(page);
  // The link still works later, and says it is done.
  await page.reload();
  await expect(main(page).getByRole('status')).toContainText('You’re unsubscribed');
  await expect(main(page).getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
});

test.describe('a link that is not ours', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

  test('a changed unsubscribe link is refused with a friendly message', async ({ page }) => {
    await page.goto('/unsubscribe/digest-1-abc-not-a-signature');
    await expect(main(page).getByRole('alert')).toContainText(messages.unsubscribeLinkInvalid);
    await expect(main(page).getByRole('link', { name: 'Go to your Saved page' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
