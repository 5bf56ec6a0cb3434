import { messages } from '@campwise/contract/messages';
import { bookThroughApi, createWeeklyCamp, setDiscounts } from '../basket-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { childAged, createFamily, registrationCard } from '../registration-support.ts';
import { expect, main, signIn } from '../support.ts';

test.describe('accessibility of moving a place', () => {
  test('My Registrations with discounts, the parent’s Change session dialog (charge and refund) and the host’s Move dialog have no violations', async ({
    page,
    request,
  }) => {
    test.slow();
    const weekly = await createWeeklyCamp(request, 'Tamarack Point Camp', ['450', '500', '430']);
    const { host, campId, camp, weeks } = weekly;
    await setDiscounts(request, host, campId, { sibling: { kind: 'amount', value: 3000 } });
    const family = await createFamily(request, [childAged('Maya', 9), childAged('Leo', 8)]);
    await bookThroughApi(request, family, campId, weeks[0]?.id ?? 0);
    const dialog = page.getByRole('dialog', { name: 'Change session' });

    await test.step('My Registrations lists the discounts a place was bought with', async () => {
      await signIn(page, family.parent);
      await page.goto('/camper/registrations');
      await expect(
        main(page).getByText(/^List price \$450 · Discounts applied: Sibling discount -\$30$/),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('the Change session dialog, refusing a move without a choice', async () => {
      await registrationCard(page, 'Upcoming', 'Maya Fielding', camp.name)
        .getByRole('button', { name: 'Change session', exact: true })
        .click();
      await expect(dialog.getByRole('radio', { name: /^Week 2/ })).toContainText('You pay $50 more');
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
      await expect(dialog.getByText(messages.chooseSession, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('a dearer week, with the card to pay the difference', async () => {
      await dialog.getByRole('radio', { name: /^Week 2/ }).click();
      await expect(dialog.getByRole('radio', { name: /^Visa ending in 4242/ })).toBeChecked();
      await expect(dialog.getByRole('button', { name: 'Move and pay $50', exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('a cheaper week, refunding the difference', async () => {
      await dialog.getByRole('radio', { name: /^Week 3/ }).click();
      await expect(dialog.getByRole('button', { name: 'Move and get $20 back', exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Keep Week 1', exact: true }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the host’s Move dialog on the roster', async () => {
      await signIn(page, host);
      await page.goto(`/host/camp/${campId}/roster?session=${weeks[0]?.id}`);
      await main(page)
        .getByRole('button', { name: 'Move Leo Fielding to another session', exact: true })
        .click();
      const hostDialog = page.getByRole('dialog', { name: 'Move to another session' });
      await hostDialog.getByRole('radio', { name: /^Week 3/ }).click();
      await expect(
        hostDialog.getByRole('button', { name: 'Move and refund $20', exact: true }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});
