import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  camperChoice,
  childAged,
  createFamily,
  createListedCamp,
  registerThroughApi,
  registrationCard,
} from '../registration-support.ts';
import { expect, main, signIn } from '../support.ts';

test.describe('accessibility of registration screens', () => {
  test('the registration page, My Registrations with its cancel dialog and the roster have no violations', async ({
    page,
    request,
  }) => {
    // Two camps, three families and four screens checked by axe.
    test.slow();
    const open = await createListedCamp(request, 'Juniper Lake Week');
    const full = await createListedCamp(request, 'Hemlock Trail Camp', { spots: 1, waitlist: true });
    await registerThroughApi(request, await createFamily(request, [childAged('Eli', 10)]), full.campId);
    const family = await createFamily(request, [
      childAged('Maya', 9, { medical: 'Asthma: inhaler in the front pocket of her bag.' }),
      childAged('Ava', 14),
    ]);
    const maya = { ...family, childIds: [family.childIds[0] ?? 0] };

    await test.step('the registration page, with a child chosen and one who cannot come', async () => {
      // Before Maya's other places: the camps run at the same time, and the price is asked for her.
      const other = await createListedCamp(request, 'Sycamore Hill Days');
      await signIn(page, family.parent);
      await page.goto(`/camps/${other.campId}/register`);
      await camperChoice(page, 'Maya Fielding').click();
      await expect(main(page).getByRole('button', { name: 'Pay $450' })).toBeVisible();
      await expect(main(page).getByRole('radio', { name: /^Visa ending in 4242/ })).toBeChecked();
      await expectNoAxeViolations(page);
    });

    await registerThroughApi(request, maya, open.campId);
    await registerThroughApi(request, { ...maya, cardId: null }, full.campId);

    await test.step('the waitlist choice on a full camp', async () => {
      await page.goto(`/camps/${full.campId}/register`);
      await expect(camperChoice(page, 'Maya Fielding')).toContainText('On the waitlist');
      await expect(camperChoice(page, 'Ava Fielding')).toContainText('Too old for this camp');
      await expectNoAxeViolations(page);
    });

    await test.step('My Registrations and its cancel dialog', async () => {
      await page.goto('/camper/registrations');
      const confirmed = registrationCard(page, 'Upcoming', 'Maya Fielding', open.camp.name);
      await expect(confirmed.getByText('Confirmed', { exact: true })).toBeVisible();
      await expect(
        registrationCard(page, 'Upcoming', 'Maya Fielding', full.camp.name).getByText('On the waitlist', {
          exact: true,
        }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await confirmed.getByRole('button', { name: 'Cancel registration', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Cancel registration' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('the host’s roster with its waitlist', async () => {
      await signIn(page, full.host);
      await page.goto(`/host/camp/${full.campId}/roster`);
      await expect(main(page).getByRole('heading', { level: 2, name: 'Waitlist (1)' })).toBeVisible();
      // A table on wide screens, a card per child on phones: whichever shows.
      await expect(
        main(page).getByText('Eli Fielding', { exact: true }).filter({ visible: true }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});
