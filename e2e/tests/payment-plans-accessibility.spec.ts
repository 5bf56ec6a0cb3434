import { messages } from '@campwise/contract/messages';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { createCampStartingIn } from '../refund-policy-support.ts';
import { camperChoice, childAged, createFamily, registrationCard } from '../registration-support.ts';
import { bearer, expect, main, signIn } from '../support.ts';

test.describe('accessibility of deposits and instalments', () => {
  // The refused deposit is answered with 400 Bad Request.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

  test('the host’s section and its dialog, the checkout with a deposit and a place on a plan have no violations', async ({
    page,
    request,
  }) => {
    test.slow();
    const { host, campId, sessionId, camp } = await createCampStartingIn(request, 'Plover Point Camp', 120);
    const family = await createFamily(request, [childAged('Maya', 9), childAged('Leo', 8)]);
    const section = main(page).getByRole('region', { name: 'Deposits and instalments', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Edit deposits and instalments' });

    await test.step('the host’s section and its dialog, with a refused field', async () => {
      await signIn(page, host);
      await page.goto(`/host/camp/${campId}`);
      await expect(section.getByText('Families pay in full when they book.', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await section.getByRole('button', { name: 'Edit deposits and instalments', exact: true }).click();
      await dialog.getByText('Let families pay a deposit now and the rest later', { exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Deposit per place', exact: true }).fill('450');
      await dialog.getByRole('button', { name: 'Save deposit settings', exact: true }).click();
      await expect(
        dialog.getByText(messages.planDepositNotBelowPrice.replace('{price}', '$450'), { exact: true }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('textbox', { name: 'Deposit per place', exact: true }).fill('50');
      await dialog.getByRole('button', { name: 'Save deposit settings', exact: true }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the checkout with a deposit chosen and its schedule', async () => {
      await signIn(page, family.parent);
      await page.goto(`/camps/${campId}/register`);
      await camperChoice(page, 'Leo Fielding').click();
      await main(page)
        .getByRole('radio', { name: /^Pay a deposit now/ })
        .check();
      await expect(main(page).getByRole('table', { name: 'Payment schedule' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('a place on a plan on My Registrations', async () => {
      const booked = await request.post(`/api/camps/${campId}/registrations`, {
        headers: bearer(family.parent.token),
        data: {
          lines: [{ childId: family.childIds[0], sessionId }],
          paymentMethodId: family.cardId,
          plan: { instalments: 3 },
          idempotencyKey: `e2e-plan-a11y-${campId}`,
        },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      await page.goto('/camper/registrations');
      const card = registrationCard(page, 'Upcoming', 'Maya Fielding', camp.name);
      // Another journey may have set the clock past the first instalment: what is paid varies.
      await expect(card.getByText(/^Paid so far \$/)).toBeVisible();
      await expect(card.getByRole('table', { name: 'Instalments' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});
