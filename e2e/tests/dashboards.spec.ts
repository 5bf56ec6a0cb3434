import { expectNoAxeViolations, test } from '../fixtures.ts';
import { childAged, createFamily, createListedCamp, registerThroughApi } from '../registration-support.ts';
import { expect, main, signIn } from '../support.ts';

test.describe('dashboards that help', () => {
  test('a parent sees each child’s next camp above the tiles; the host sees places taken and the roster', async ({
    page,
    request,
  }) => {
    test.slow();
    const { host, orgId, campId, camp } = await createListedCamp(request, 'Willow Creek Science Week');
    const family = await createFamily(request, [childAged('Nora', 9)]);
    await registerThroughApi(request, family, campId);

    await test.step('the parent’s dashboard shows what is coming up for each child', async () => {
      await signIn(page, family.parent);
      await page.goto('/camper/dashboard');
      const upcoming = main(page).getByRole('region', { name: 'Coming up' });
      const nora = upcoming.getByRole('article', { name: /^Nora / });
      await expect(nora.getByRole('link', { name: camp.name })).toHaveAttribute('href', `/camps/${campId}`);
      await expect(main(page).getByRole('link', { name: 'Manage Registrations' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('the host’s camp card shows places taken and left, and opens the roster', async () => {
      await signIn(page, host);
      await page.goto(`/host/org/${orgId}/camps`);
      const card = main(page).getByRole('article').filter({ hasText: camp.name });
      await expect(card.getByText('1 of 24 taken · 23 left', { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: `Edit ${camp.name}` })).toHaveAttribute(
        'href',
        `/host/editcamp/${campId}`,
      );
      await expectNoAxeViolations(page);
      await card.getByRole('link', { name: `Roster of ${camp.name}` }).click();
      await expect(page).toHaveURL(`/host/camp/${campId}/roster`);
    });
  });
});
