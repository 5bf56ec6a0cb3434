import { expectNoAxeViolations, test } from '../fixtures.ts';
import { createSeason } from '../insights-support.ts';
import { expect, main, signIn } from '../support.ts';

test.describe('accessibility of season insights and reminders', () => {
  test('Season insights with its table open, and the camp’s Reminders section, have no violations', async ({
    page,
    request,
  }) => {
    test.slow();
    const season = await createSeason(request, 'Merlin Lake Camp');
    await signIn(page, season.host);

    await test.step('season insights, charts and table', async () => {
      await page.goto('/host/insights');
      // The charts' code loads with this page alone; a busy machine takes a while the first time.
      await expect(main(page).getByRole('group', { name: 'Places sold', exact: true })).toContainText('1', {
        timeout: 60_000,
      });
      await main(page).getByRole('button', { name: 'Show as a table', exact: true }).click();
      await expect(main(page).getByRole('table', { name: 'Figures per week', exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('the Reminders section of the camp’s edit page', async () => {
      await page.goto(`/host/editcamp/${season.campId}`);
      await expect(
        main(page).getByRole('switch', { name: /^Send reminders before each session/ }),
      ).toBeChecked({ timeout: 60_000 });
      await expectNoAxeViolations(page);
    });
  });
});
