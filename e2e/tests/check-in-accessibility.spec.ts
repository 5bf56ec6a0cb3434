import { runningCampWithFamily } from '../check-in-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { expect, main, signIn } from '../support.ts';

test.describe('accessibility of the day-of-camp screens', () => {
  // A tap made while the connection is cut is a failed load on purpose.
  test.use({ allowedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

  test('the check-in screen, its waiting taps and pickup dialog, and the pickup adults on a child page have no violations', {
    tag: '@phone',
  }, async ({ page, request }) => {
    test.slow();
    const camp = await runningCampWithFamily(request, 'Gate Access');
    await signIn(page, camp.host);
    await page.goto(`/host/sessions/${camp.sessionId}/check-in`);
    const maya = main(page).getByRole('listitem', { name: 'Maya Fielding' });
    await expect(maya).toBeVisible();
    await expectNoAxeViolations(page);

    await page.route('**/host/sessions/*/check-ins', (route) => route.abort('internetdisconnected'));
    await maya.getByRole('button', { name: 'Check in Maya Fielding' }).click();
    await expect(main(page).getByText('No connection')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.unroute('**/host/sessions/*/check-ins');
    await main(page).getByRole('button', { name: 'Send now' }).click();
    await expect(maya.getByText('Checked in', { exact: true })).toBeVisible();

    await maya.getByRole('button', { name: 'Check out Maya Fielding' }).click();
    await expect(page.getByRole('dialog', { name: 'Who is collecting Maya?' })).toBeVisible();
    await expectNoAxeViolations(page);

    await signIn(page, camp.family.parent);
    await page.goto(`/camper/child/${camp.family.childIds[0]}`);
    await expect(main(page).getByText('Rose Fielding')).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page).getByRole('button', { name: 'Edit Rose Fielding' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit pickup adult' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
