import { bookThroughApi, createWeeklyCamp } from '../basket-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { camperChoice, childAged, createFamily } from '../registration-support.ts';
import { bearer, expect, main, signIn } from '../support.ts';

const PROFILE = {
  allergies: [{ name: 'Peanuts', severity: 'life_threatening', reaction: 'EpiPen in her backpack' }],
  medications: [{ name: 'Inhaler', dose: '2 puffs', schedule: 'Before sports', givenBy: 'camper' }],
  conditions: ['Mild asthma'],
  dietaryNeeds: ['Nut-free'],
  doctor: null,
  insurance: null,
  emergencyContacts: [{ name: 'Grace Whitfield', relationship: 'Grandmother', phone: '312-555-0177' }],
  mediaConsent: true,
};

test.describe('accessibility of health profile screens', () => {
  test('the profile and its form, the checkout review and the roster with the profile have no violations', async ({
    page,
    request,
  }) => {
    // A camp, a family and four screens checked by axe.
    test.slow();
    const camp = await createWeeklyCamp(request, 'Willow Bend Camp');
    const family = await createFamily(request, [childAged('Maya', 9)]);
    const [mayaId] = family.childIds as [number];
    const saved = await request.put(`/camper/campers/${mayaId}/health-profile`, {
      headers: bearer(family.parent.token),
      data: PROFILE,
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await test.step("the child's page with the profile, and the form open", async () => {
      await signIn(page, family.parent);
      await page.goto(`/camper/child/${mayaId}`);
      await expect(main(page).getByText('Peanuts · Life-threatening', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await main(page).getByRole('button', { name: 'Edit health profile' }).click();
      await expect(page.getByRole('dialog', { name: "Maya's health profile" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    });

    await test.step('the checkout asking whether it is still correct', async () => {
      await page.goto(`/camps/${camp.campId}/register?session=${camp.weeks[0]?.id}`);
      await camperChoice(page, 'Maya Fielding').click();
      await expect(
        main(page).getByRole('checkbox', { name: "Maya's health profile is still correct" }),
      ).toBeVisible();
      await main(page).getByRole('button', { name: 'Show the whole profile' }).click();
      await expect(main(page).getByText('Grace Whitfield', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step("the host's roster and the profile dialog", async () => {
      await bookThroughApi(request, family, camp.campId, camp.weeks[0]?.id ?? 0);
      await signIn(page, camp.host);
      await page.goto(`/host/camp/${camp.campId}/roster`);
      await main(page).getByRole('button', { name: 'Health profile of Maya Fielding' }).click();
      await expect(page.getByRole('dialog', { name: 'Maya Fielding: health profile' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});
