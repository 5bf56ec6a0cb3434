import { formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { refundPolicyText } from '@campwise/contract/refund-policy';
import { bookThroughApi } from '../basket-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { createCampStartingIn, setRefundPolicy, tieredPolicy } from '../refund-policy-support.ts';
import { childAged, createFamily, registrationCard } from '../registration-support.ts';
import { expect, main, signIn } from '../support.ts';

test.describe('accessibility of refund policies', () => {
  test('the host’s Refund policy section and its dialog, the camp page and checkout, and the parent’s cancel dialog under a partial refund have no violations', async ({
    page,
    request,
  }) => {
    test.slow();
    const { host, campId, sessionId, camp } = await createCampStartingIn(request, 'Osprey Cove Camp', 10);
    await setRefundPolicy(request, host, campId, tieredPolicy);
    const policyText = refundPolicyText(tieredPolicy);
    const family = await createFamily(request, [childAged('Maya', 9), childAged('Leo', 8)]);
    await bookThroughApi(request, { ...family, childIds: [family.childIds[0] ?? 0] }, campId, sessionId);
    const section = main(page).getByRole('region', { name: 'Refund policy', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Edit refund policy' });

    await test.step('the host’s section', async () => {
      await signIn(page, host);
      await page.goto(`/host/camp/${campId}`);
      await expect(section.getByText(policyText, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('its dialog, with the preview and a refused field', async () => {
      await section.getByRole('button', { name: 'Edit refund policy', exact: true }).click();
      await expect(dialog.getByText(policyText, { exact: true })).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Partial refund until', exact: true }).fill('20');
      await dialog.getByRole('button', { name: 'Save policy', exact: true }).click();
      await expect(dialog.getByText(messages.refundPolicyPartialAfterFull, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the camp page and the checkout', async () => {
      await signIn(page, family.parent);
      await page.goto(`/camps/${campId}`);
      await expect(section.getByText(policyText, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto(`/camps/${campId}/register`);
      await main(page)
        .getByRole('checkbox', { name: /^Leo Fielding/ })
        .click();
      await expect(main(page).getByText(`Refund policy: ${policyText}`, { exact: true })).toBeVisible();
      await expect(main(page).getByRole('button', { name: 'Pay $450', exact: true })).toBeEnabled();
      await expectNoAxeViolations(page);
    });

    await test.step('the parent’s cancel dialog under the partial tier', async () => {
      await page.goto('/camper/registrations');
      await registrationCard(page, 'Upcoming', 'Maya Fielding', camp.name)
        .getByRole('button', { name: 'Cancel registration', exact: true })
        .click();
      const cancel = page.getByRole('dialog', { name: 'Cancel registration' });
      await expect(
        cancel.getByText(messages.refundUnderPolicy.replace('{amount}', formatMoney(20_000)), {
          exact: true,
        }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});
