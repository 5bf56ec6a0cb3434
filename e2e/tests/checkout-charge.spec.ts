import { messages } from '@campwise/contract/messages';
import type { APIRequestContext, Page } from '@playwright/test';
import { test } from '../fixtures.ts';
import { camperChoice, childAged, createFamily, createListedCamp } from '../registration-support.ts';
import { type Account, bearer, expect, main, signIn } from '../support.ts';

/** The parent's registrations and waitlist places, as the server has them. */
async function registrationCount(request: APIRequestContext, parent: Account): Promise<number> {
  const response = await request.get('/camper/registrations', { headers: bearer(parent.token) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: unknown[] }).data.length;
}

const registered = (page: Page) => main(page).getByRole('heading', { level: 2, name: 'You are registered!' });

// The dialog's refused save is a 400 the browser reports.
test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

test('saving a health profile in a dialog during checkout never pays: only the Pay button charges the card', async ({
  page,
  request,
}) => {
  const { campId } = await createListedCamp(request, 'Bluebird Meadow');
  const family = await createFamily(request, [childAged('Maya', 9)]);
  await signIn(page, family.parent);
  await page.goto(`/camps/${campId}/register`);
  await camperChoice(page, 'Maya Fielding').click();
  const pay = main(page).getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();

  await test.step('a save the dialog refuses keeps the dialog open and charges nothing', async () => {
    await main(page).getByRole('button', { name: 'Fill in health profile' }).click();
    const dialog = page.getByRole('dialog', { name: "Maya's health profile" });
    const contact = dialog.getByRole('group', { name: 'Emergency contacts' });
    await contact.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Whitfield');
    await contact.getByRole('textbox', { name: 'Relationship', exact: true }).fill('Grandmother');
    // Typed as digits only, as the sign-up form takes it.
    await contact.getByRole('textbox', { name: 'Phone', exact: true }).fill('5125550199');
    await dialog.getByRole('button', { name: 'Save health profile' }).click();
    await expect(dialog.getByText(messages.healthMediaConsentRequired, { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(registered(page)).toHaveCount(0);
    expect(await registrationCount(request, family.parent)).toBe(0);
  });

  await test.step('a save the server takes closes the dialog and still charges nothing', async () => {
    const dialog = page.getByRole('dialog', { name: "Maya's health profile" });
    await dialog.getByRole('radio', { name: 'Yes', exact: true }).check();
    await dialog.getByRole('button', { name: 'Save health profile' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      main(page).getByRole('checkbox', { name: "Maya's health profile is still correct" }),
    ).toBeChecked();
    await main(page).getByRole('button', { name: 'Show the whole profile' }).click();
    await expect(main(page).getByText('512-555-0199', { exact: false })).toBeVisible();
    await expect(registered(page)).toHaveCount(0);
    expect(await registrationCount(request, family.parent)).toBe(0);
  });

  await test.step('Enter in a field of the checkout does not pay either', async () => {
    await main(page).getByRole('textbox', { name: 'Promo code' }).press('Enter');
    await expect(registered(page)).toHaveCount(0);
    expect(await registrationCount(request, family.parent)).toBe(0);
  });

  await test.step('the Pay button pays the total it names', async () => {
    await expect(pay).toHaveText('Pay $450');
    await pay.click();
    await expect(registered(page)).toBeFocused();
    await expect(main(page).getByText(/We charged \$450/)).toBeVisible();
    expect(await registrationCount(request, family.parent)).toBe(1);
  });
});
