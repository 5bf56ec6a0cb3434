import { messages } from '@campwise/contract/messages';
import { addPromoCode, createWeeklyCamp, setDiscounts } from '../basket-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { camperChoice, childAged, createFamily } from '../registration-support.ts';
import { expect, main, signIn } from '../support.ts';

// The refused promo code is a 409 the browser reports.
test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\)/] });

test.describe('accessibility of the checkout and discounts', () => {
  test('the host’s discounts with their dialogs, and a basket priced with a sibling discount and a code, then confirmed, have no violations', async ({
    page,
    request,
  }) => {
    test.slow();
    const { host, campId, weeks } = await createWeeklyCamp(request, 'Heron Bay Camp');
    await setDiscounts(request, host, campId, { sibling: { kind: 'percent', value: 10 } });
    await addPromoCode(request, host, campId, { code: 'SUMMER10', kind: 'amount', value: 1000, maxUses: 50 });
    const family = await createFamily(request, [childAged('Maya', 9), childAged('Leo', 8)]);
    const section = () => main(page).getByRole('region', { name: 'Discounts and promo codes', exact: true });

    await test.step('the host’s discounts and promo codes', async () => {
      await signIn(page, host);
      await page.goto(`/host/camp/${campId}`);
      await expect(
        section()
          .getByRole('group', { name: 'Sibling discount', exact: true })
          .getByRole('textbox', { name: 'Discount', exact: true }),
      ).toHaveValue('10');
      await expect(section().getByText('SUMMER10', { exact: true }).filter({ visible: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('the Add promo code dialog with its problems shown', async () => {
      await section().getByRole('button', { name: 'Add promo code', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add promo code' });
      await dialog.getByRole('button', { name: 'Add promo code', exact: true }).click();
      await expect(dialog.getByText('Code is required', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the delete confirmation', async () => {
      await section()
        .getByRole('button', { name: 'Delete promo code SUMMER10', exact: true })
        .filter({ visible: true })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Delete promo code' });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('a basket of two children in two weeks, a refused code, then the code applied', async () => {
      await signIn(page, family.parent);
      await page.goto(`/camps/${campId}/register?session=${weeks[0]?.id}`);
      await main(page)
        .getByRole('checkbox', { name: /^Week 2/ })
        .click();
      await camperChoice(page, 'Maya Fielding').click();
      await camperChoice(page, 'Leo Fielding').click();
      const code = main(page).getByRole('textbox', { name: 'Promo code', exact: true });
      await code.fill('NOPE10');
      await main(page).getByRole('button', { name: 'Apply', exact: true }).click();
      await expect(main(page).getByText(messages.promoCodeUnknown, { exact: true })).toBeVisible();
      await expect(main(page).getByRole('button', { name: 'Pay $1,710', exact: true })).toBeEnabled();
      await expectNoAxeViolations(page);

      await code.fill('SUMMER10');
      await main(page).getByRole('button', { name: 'Apply', exact: true }).click();
      await expect(main(page).getByRole('button', { name: 'Pay $1,700', exact: true })).toBeEnabled();
      await expectNoAxeViolations(page);
    });

    await test.step('the confirmation, line by line', async () => {
      await main(page).getByRole('button', { name: 'Pay $1,700', exact: true }).click();
      await expect(main(page).getByRole('heading', { level: 2, name: 'You are registered!' })).toBeVisible();
      await expect(
        main(page).getByRole('list', { name: 'What you booked', exact: true }).getByRole('listitem'),
      ).toHaveCount(4);
      await expectNoAxeViolations(page);
    });
  });
});
