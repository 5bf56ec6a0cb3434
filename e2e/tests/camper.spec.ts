import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { closeNotices, createAccount, expect, main, signIn, testCards } from '../support.ts';

const requiredFields = 'Please fill in all required(*) fields';
const allCardFields = 'Please fill in all fields';
const declined = 'Your card was declined. Please use another card.';
const expiryYear = String(new Date().getFullYear() + 3);

/** Fills the New Card dialog's fields. */
async function fillCard(dialog: Locator, cardNumber: string): Promise<void> {
  const field = (name: string) => dialog.getByRole('textbox', { name, exact: true });
  await field('First Name').fill('Casey');
  await field('Last Name').fill('Fielding');
  await field('Card Number').fill(cardNumber);
  await field('Exp Month').fill('12');
  await field('Exp Year').fill(expiryYear);
  await field('CVC').fill('123');
}

/** Picks an option of one of the dialog's lists by the option's label. */
async function choose(dialog: Locator, list: string, option: string): Promise<void> {
  await dialog.getByRole('textbox', { name: list, exact: true }).click();
  await dialog.page().getByRole('option', { name: option, exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: list, exact: true })).toHaveValue(option);
}

/** Fills the camper dialog; lists by their options' labels, the birthday as the date input takes it. */
async function fillCamper(
  dialog: Locator,
  camper: {
    firstName: string;
    lastName: string;
    gender?: string;
    shirtSize?: string;
    birthday: string;
    medical?: string;
  },
): Promise<void> {
  await dialog.getByRole('textbox', { name: 'First Name', exact: true }).fill(camper.firstName);
  await dialog.getByRole('textbox', { name: 'Last Name', exact: true }).fill(camper.lastName);
  if (camper.gender) await choose(dialog, 'Gender', camper.gender);
  if (camper.shirtSize) await choose(dialog, 'Shirt Size', camper.shirtSize);
  await dialog.getByLabel('Birthday').fill(camper.birthday);
  if (camper.medical !== undefined) {
    await dialog.getByRole('textbox', { name: 'Allergies & Medical Info' }).fill(camper.medical);
  }
}

const camperCard = (page: Page, name: string) =>
  main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('a parent’s campers and cards', () => {
  // The declined card is refused with a 402, which the browser reports on the console.
  test.use({ allowedConsoleErrors: [/status of 402/] });

  test('a parent adds two campers and a card, edits a camper, deletes one and removes the card', async ({
    page,
    request,
  }) => {
    test.slow();
    const parent = await createAccount(request, 'camper');
    const newCamper = page.getByRole('dialog', { name: 'New Camper' });
    const newCard = page.getByRole('dialog', { name: 'New Card' });

    await test.step('finds the three tiles on the dashboard', async () => {
      await signIn(page, parent);
      await page.goto('/camper/dashboard');
      for (const [name, href] of [
        ['Manage Campers', '/camper/campers'],
        ['Manage Registrations', '/camper/registrations'],
        ['Manage Payment Info', '/camper/cards'],
      ] as const) {
        await expect(main(page).getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
      await expectNoAxeViolations(page);
      await main(page).getByRole('link', { name: 'Manage Campers', exact: true }).click();
      await expect(page).toHaveURL('/camper/campers');
      await expect(main(page).getByRole('heading', { level: 2, name: 'No Campers Added Yet' })).toBeVisible();
    });

    await test.step('is told what is missing, then adds a camper', async () => {
      await main(page).getByRole('button', { name: '+ New Camper', exact: true }).click();
      // Nothing is chosen for the child: gender is theirs to say or not, the size the parent's to pick.
      await expect(newCamper.getByRole('textbox', { name: 'Gender', exact: true })).toHaveValue('');
      await expect(newCamper.getByRole('textbox', { name: 'Shirt Size', exact: true })).toHaveValue('');
      await newCamper.getByRole('button', { name: 'Add Camper', exact: true }).click();
      await expect(newCamper.getByRole('alert')).toHaveText(requiredFields);
      await expect(newCamper.getByRole('textbox', { name: 'First Name', exact: true })).toBeFocused();
      await expect(newCamper.getByText('Gender is required', { exact: true })).toHaveCount(0);
      for (const field of ['First Name', 'Last Name', 'Shirt Size', 'Birthday']) {
        await expect(newCamper.getByText(`${field} is required`, { exact: true })).toHaveCount(1);
      }
      await expectNoAxeViolations(page);

      await fillCamper(newCamper, {
        firstName: 'Maya',
        lastName: 'Fielding',
        gender: 'Female',
        shirtSize: 'Youth M',
        birthday: '2016-04-09',
        medical: 'Peanut allergy; carries an EpiPen.',
      });
      await newCamper.getByRole('button', { name: 'Add Camper', exact: true }).click();
      await expect(newCamper).toBeHidden();
      await expect(camperCard(page, 'Maya Fielding')).toContainText('Born April 9, 2016');
      await closeNotices(page);
      await expectNoAxeViolations(page);
    });

    await test.step('finds the dialog reset and adds a second camper without saying a gender', async () => {
      await main(page).getByRole('button', { name: '+ New Camper', exact: true }).click();
      await expect(newCamper.getByRole('textbox', { name: 'First Name', exact: true })).toHaveValue('');
      await expect(newCamper.getByRole('textbox', { name: 'Gender', exact: true })).toHaveValue('');
      await fillCamper(newCamper, {
        firstName: 'Theo',
        lastName: 'Fielding',
        shirtSize: 'Youth S',
        birthday: '2019-08-21',
      });
      await newCamper.getByRole('button', { name: 'Add Camper', exact: true }).click();
      await expect(newCamper).toBeHidden();
      await expect(main(page).getByRole('article')).toHaveCount(2);
      await expect(main(page).getByRole('article').first()).toContainText('Maya Fielding');
      await expect(camperCard(page, 'Theo Fielding')).toContainText('Shirt: Youth S');
    });

    await test.step('views and edits a camper', async () => {
      await main(page).getByRole('link', { name: 'Maya Fielding', exact: true }).click();
      await expect(page).toHaveURL(/\/camper\/child\/\d+$/);
      const childUrl = page.url();
      await expect(main(page).getByRole('heading', { level: 1, name: 'Maya Fielding' })).toBeVisible();
      await expect(main(page).getByText('April 9, 2016', { exact: true })).toBeVisible();
      await expect(main(page).getByText('Peanut allergy; carries an EpiPen.')).toBeVisible();
      await expect(main(page).getByText('No registrations yet', { exact: true })).toBeVisible();
      await closeNotices(page);
      await expectNoAxeViolations(page);

      await main(page).getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Camper' });
      await expect(edit.getByRole('textbox', { name: 'Gender', exact: true })).toHaveValue('Female');
      await edit.getByRole('textbox', { name: 'First Name', exact: true }).fill('Maya Rose');
      await choose(edit, 'Shirt Size', 'Adult XS');
      await choose(edit, 'Gender', 'Non-binary');
      await edit.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expect(edit).toBeHidden();
      await expect(main(page).getByRole('heading', { level: 1, name: 'Maya Rose Fielding' })).toBeVisible();
      await expect(main(page).getByText('Adult XS', { exact: true })).toBeVisible();
      await expect(main(page).getByText('Non-binary', { exact: true })).toBeVisible();

      // The spec's route table name for a camper's page leads to the same page.
      const childId = childUrl.split('/').pop();
      await page.goto(`/camper/camper/${childId}`);
      await expect(page).toHaveURL(`/camper/child/${childId}`);
      await expect(main(page).getByRole('heading', { level: 1, name: 'Maya Rose Fielding' })).toBeVisible();
    });

    await test.step('deletes the second camper', async () => {
      await main(page).getByRole('link', { name: 'My Campers' }).click();
      await main(page).getByRole('link', { name: 'Theo Fielding', exact: true }).click();
      await main(page).getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete camper' });
      await expect(confirm).toContainText('Are you sure you wish to delete this camper?');
      await confirm.getByRole('button', { name: 'Delete Camper', exact: true }).click();
      await expect(page).toHaveURL('/camper/campers');
      await expect(main(page).getByRole('article')).toHaveCount(1);
      await expect(main(page).getByRole('link', { name: 'Maya Rose Fielding', exact: true })).toBeVisible();
    });

    await test.step('adds a card after an empty try and a declined card', async () => {
      await page.goto('/camper/dashboard');
      await main(page).getByRole('link', { name: 'Manage Payment Info', exact: true }).click();
      await expect(main(page).getByRole('heading', { level: 1, name: 'My Cards' })).toHaveCSS(
        'text-transform',
        'uppercase',
      );
      await expect(main(page).getByRole('heading', { level: 2, name: 'No Cards Added Yet' })).toBeVisible();

      await main(page).getByRole('button', { name: '+ New Card', exact: true }).click();
      await newCard.getByRole('button', { name: 'Add Card', exact: true }).click();
      await expect(newCard.getByRole('alert')).toHaveText(allCardFields);
      await expect(newCard.getByText(allCardFields, { exact: true })).toHaveCount(1);
      for (const field of ['Card Number', 'Exp Month', 'CVC']) {
        await expect(newCard.getByText(`${field} is required`, { exact: true })).toHaveCount(1);
      }
      await expectNoAxeViolations(page);

      await fillCard(newCard, testCards.declined);
      await newCard.getByRole('button', { name: 'Add Card', exact: true }).click();
      // Cleared at this submit: only the processor's answer shows.
      await expect(newCard.getByRole('alert')).toHaveText(declined);

      await newCard.getByRole('textbox', { name: 'Card Number', exact: true }).fill(testCards.approved);
      await newCard.getByRole('button', { name: 'Add Card', exact: true }).click();
      await expect(newCard).toBeHidden();
      await expect(main(page).getByRole('link', { name: 'Visa ending in 4242', exact: true })).toBeVisible();
      await expect(main(page).getByText('•••• •••• •••• 4242')).toBeVisible();
      await closeNotices(page);
      await expectNoAxeViolations(page);
    });

    await test.step('opens the card and removes it', async () => {
      await main(page).getByRole('link', { name: 'Visa ending in 4242', exact: true }).click();
      await expect(page).toHaveURL(/\/camper\/cards\/\d+$/);
      await expect(main(page).getByRole('heading', { level: 1, name: 'Visa ending in 4242' })).toBeVisible();
      await expect(main(page).getByText('Casey Fielding', { exact: true }).first()).toBeVisible();
      await expectNoAxeViolations(page);
      await main(page).getByRole('button', { name: 'Remove Card', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove card' });
      await expect(confirm).toContainText('Are you sure you wish to remove this card?');
      await confirm.getByRole('button', { name: 'Remove Card', exact: true }).click();
      await expect(page).toHaveURL('/camper/cards');
      await expect(main(page).getByRole('heading', { level: 2, name: 'No Cards Added Yet' })).toBeVisible();
    });

    await test.step('goes back to My Cards’ parent, the dashboard', async () => {
      await page.goto('/camper/registrations');
      await page.goto('/camper/cards');
      await main(page).getByRole('link', { name: 'My Dashboard', exact: true }).click();
      await expect(page).toHaveURL('/camper/dashboard');
    });
  });
});
