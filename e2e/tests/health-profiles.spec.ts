import { messages } from '@campwise/contract/messages';
import type { Page } from '@playwright/test';
import { createWeeklyCamp } from '../basket-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { camperChoice, childAged, createFamily } from '../registration-support.ts';
import { openRosterEntry } from '../roster-support.ts';
import { closeNotices, expect, main, signIn } from '../support.ts';

const healthCard = (page: Page) =>
  main(page)
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { name: 'Health profile', exact: true }) });

/** Fills the profile dialog's first emergency contact. */
async function fillContact(page: Page, name: string, relationship: string, phone: string) {
  const contact = page.getByRole('dialog').getByRole('group', { name: 'Emergency contacts' });
  await contact.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await contact.getByRole('textbox', { name: 'Relationship', exact: true }).fill(relationship);
  await contact.getByRole('textbox', { name: 'Phone', exact: true }).fill(phone);
}

// The parent named as their own emergency contact is a 400 the browser reports.
test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

test('a parent fills each health profile once and registers two children for two camps, only confirming it is still correct; the host reads it with allergy badges', async ({
  page,
  request,
}) => {
  // Two camps, a family, two profiles, two checkouts and the host's roster on a busy machine.
  test.slow();
  const lake = await createWeeklyCamp(request, 'Heron Lake Day Camp');
  const hills = await createWeeklyCamp(request, 'Cedar Hills Adventure');
  const family = await createFamily(request, [
    childAged('Maya', 9, { medical: 'Gets homesick at night.' }),
    childAged('Leo', 8),
  ]);
  const [mayaId, leoId] = family.childIds as [number, number];

  await test.step("the parent fills in Maya's profile once, each problem shown before it is saved", async () => {
    await signIn(page, family.parent);
    await page.goto(`/camper/child/${mayaId}`);
    await expect(healthCard(page).getByText(messages.noHealthProfile, { exact: true })).toBeVisible();
    // The old notes stay readable.
    await expect(main(page).getByText('Gets homesick at night.', { exact: true })).toBeVisible();
    await healthCard(page).getByRole('button', { name: 'Fill in health profile' }).click();
    const dialog = page.getByRole('dialog', { name: "Maya's health profile" });
    await dialog.getByRole('button', { name: 'Add an allergy' }).click();
    await dialog.getByRole('textbox', { name: 'Allergic to' }).fill('Peanuts');
    await dialog.getByRole('button', { name: 'Save health profile' }).click();
    await expect(dialog.getByText(messages.healthSeverityRequired, { exact: true })).toBeVisible();
    await expect(dialog.getByText(messages.healthMediaConsentRequired, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByRole('textbox', { name: 'Severity' }).click();
    await page.getByRole('option', { name: 'Life-threatening', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Reaction and what to do' }).fill('EpiPen in her backpack');
    await dialog.getByRole('textbox', { name: 'Dietary needs' }).fill('Nut-free');
    await dialog.getByRole('textbox', { name: 'Dietary needs' }).press('Enter');
    // The parent is not their own emergency contact: the server says so.
    await fillContact(page, 'Robin Fielding', 'Parent', '312-555-0142');
    await dialog.getByRole('radio', { name: 'Yes', exact: true }).check();
    await dialog.getByRole('button', { name: 'Save health profile' }).click();
    await expect(dialog.getByText(messages.healthEmergencyContactIsParent).first()).toBeVisible();
    await fillContact(page, 'Grace Whitfield', 'Grandmother', '312-555-0177');
    await dialog.getByRole('button', { name: 'Save health profile' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('alert').filter({ hasText: "Maya's health profile is saved." }),
    ).toBeVisible();
    await expect(healthCard(page).getByText('Peanuts · Life-threatening', { exact: true })).toBeVisible();
    await expect(healthCard(page).getByText('Grace Whitfield', { exact: true })).toBeVisible();
    await closeNotices(page);
    await expectNoAxeViolations(page);

    // Opened again, the form holds the saved profile.
    await healthCard(page).getByRole('button', { name: 'Edit health profile' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Allergic to' })).toHaveValue('Peanuts');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("and Leo's, without allergies", async () => {
    await page.goto(`/camper/child/${leoId}`);
    await healthCard(page).getByRole('button', { name: 'Fill in health profile' }).click();
    const dialog = page.getByRole('dialog', { name: "Leo's health profile" });
    await fillContact(page, 'Grace Whitfield', 'Grandmother', '312-555-0177');
    await dialog.getByRole('radio', { name: 'No', exact: true }).check();
    await dialog.getByRole('button', { name: 'Save health profile' }).click();
    await expect(dialog).toBeHidden();
    await expect(healthCard(page).getByText('Not to be used', { exact: true })).toBeVisible();
  });

  for (const [camp, week] of [
    [lake, 0],
    [hills, 1],
  ] as const) {
    await test.step(`registers both for ${camp.camp.name}, confirming each profile without typing it`, async () => {
      await page.goto(`/camps/${camp.campId}/register?session=${camp.weeks[week]?.id}`);
      await camperChoice(page, 'Maya Fielding').click();
      await camperChoice(page, 'Leo Fielding').click();
      const health = main(page)
        .locator('.mantine-Card-root')
        .filter({ has: page.getByRole('heading', { name: 'Health', exact: true }) });
      await expect(health.getByText('Peanuts · Life-threatening', { exact: true }).first()).toBeVisible();
      await expect(health.getByText('No allergies listed.', { exact: true })).toBeVisible();
      const pay = main(page).getByRole('button', { name: 'Pay $900', exact: true });
      await pay.click();
      await expect(health.getByText(messages.healthReviewRequired, { exact: true })).toBeVisible();
      await health.getByRole('button', { name: 'Show the whole profile' }).first().click();
      await expect(health.getByText('Grace Whitfield', { exact: false }).first()).toBeVisible();
      // The first checkout is checked by axe; the second is the same screen.
      if (camp === lake) await expectNoAxeViolations(page);
      await health.getByRole('checkbox', { name: "Maya's health profile is still correct" }).check();
      await health.getByRole('checkbox', { name: "Leo's health profile is still correct" }).check();
      await pay.click();
      await expect(main(page).getByRole('heading', { level: 2, name: 'You are registered!' })).toBeFocused();
    });
  }

  await test.step('the host reads the profile on the roster, with allergy badges', async () => {
    await signIn(page, lake.host);
    await page.goto(`/host/camp/${lake.campId}/roster`);
    await expect(
      main(page).getByText('Peanuts · Life-threatening', { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    const dialog = await openRosterEntry(page, 'Maya Fielding');
    await expect(dialog.getByText('Peanuts: EpiPen in her backpack', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Nut-free', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Gets homesick at night.', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('the parent sees that the host read it', async () => {
    await signIn(page, family.parent);
    await page.goto(`/camper/child/${mayaId}`);
    const seen = main(page)
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Who has seen the health information' }) });
    await expect(seen.getByText(/^Health profile · Heron Lake Day Camp/).first()).toBeVisible();
  });
});
