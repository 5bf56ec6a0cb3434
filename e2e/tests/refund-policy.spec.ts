import { formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { FULL_REFUND_UNTIL_START, refundPolicyText } from '@campwise/contract/refund-policy';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { createCampStartingIn, setRefundPolicy, tieredPolicy } from '../refund-policy-support.ts';
import { camperChoice, childAged, createFamily, registrationCard } from '../registration-support.ts';
import { closeNotices, expect, main, signIn, waitForMail } from '../support.ts';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const policySection = (page: Page) => main(page).getByRole('region', { name: 'Refund policy', exact: true });

test('a host sets a tiered refund policy; a parent reads it before paying and, cancelling ten days before the start, gets back half less the fee', async ({
  page,
  request,
}) => {
  // A host's dialog, a checkout, a cancellation and two e-mails on a busy machine.
  test.slow();
  const { host, campId, camp } = await createCampStartingIn(request, 'Heron Bay Camp', 10);
  const family = await createFamily(request, [childAged('Maya', 9)]);
  const policyText = refundPolicyText(tieredPolicy);
  const paidCents = 45_000;
  // 10 days before the start falls in the partial tier: 50% of what was paid, less the $25 fee.
  const refundCents = paidCents / 2 - 2500;
  const dialog = page.getByRole('dialog', { name: 'Edit refund policy' });
  const field = (name: string) => dialog.getByRole('textbox', { name, exact: true });

  await test.step('the host’s camp page sums up the policy every camp starts with and leads to Edit camp', async () => {
    await signIn(page, host);
    await page.goto(`/host/camp/${campId}`);
    const summary = main(page).getByRole('region', { name: 'Prices and policies', exact: true });
    await expect(summary).toContainText(refundPolicyText(FULL_REFUND_UNTIL_START));
    await summary.getByRole('link', { name: 'Change refund policy', exact: true }).click();
    await expect(page).toHaveURL(`/host/editcamp/${campId}/refunds`);
    await expect(
      main(page)
        .getByRole('navigation', { name: 'Camp settings' })
        .getByRole('link', { name: /^Refund policy/ }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(policySection(page)).toContainText(refundPolicyText(FULL_REFUND_UNTIL_START));
    await policySection(page).getByRole('button', { name: 'Edit refund policy', exact: true }).click();
    await expect(dialog.getByText(/applies to places booked from now on/)).toBeVisible();
    await expect(field('Full refund until')).toHaveValue('0');
  });

  await test.step('a partial tier that does not end closer to the start than the full one is refused beside its field', async () => {
    await field('Full refund until').fill('14');
    // The switch's label turns it on, as a person would.
    await dialog.getByText('Give a partial refund for a while longer', { exact: true }).click();
    await expect(
      dialog.getByRole('switch', { name: 'Give a partial refund for a while longer', exact: true }),
    ).toBeChecked();
    await field('Partial refund').fill('50');
    await field('Partial refund until').fill('20');
    await dialog.getByRole('button', { name: 'Save policy', exact: true }).click();
    await expect(dialog.getByText(messages.refundPolicyPartialAfterFull, { exact: true })).toBeVisible();
    await expect(field('Partial refund until')).toBeFocused();
    await expect(field('Partial refund until')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
  });

  await test.step('with the tiers and a $25 fee, the preview reads as families will, and it saves', async () => {
    await field('Partial refund until').fill('3');
    await field('Cancellation fee').fill('25');
    await expect(dialog.getByText(policyText, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save policy', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Refund policy saved.')).toBeVisible();
    await expect(policySection(page).getByText(policyText, { exact: true })).toBeVisible();
    await closeNotices(page);
    await expectNoAxeViolations(page);
  });

  await test.step('the parent reads the policy on the camp page', async () => {
    await signIn(page, family.parent);
    await page.goto(`/camps/${campId}`);
    await expect(policySection(page).getByText(policyText, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('and again right above Pay, then pays', async () => {
    await main(page).getByRole('link', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(`/camps/${campId}/register`);
    await camperChoice(page, 'Maya Fielding').click();
    const pay = main(page).getByRole('button', { name: `Pay ${formatMoney(paidCents)}`, exact: true });
    await expect(pay).toBeEnabled();
    await expect(main(page).getByText(`Refund policy: ${policyText}`, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await pay.click();
    await expect(main(page).getByRole('heading', { level: 2, name: 'You are registered!' })).toBeVisible();
  });

  await test.step('the receipt prints the policy the place was bought under', async () => {
    const receipt = await waitForMail(request, family.parent.email, `You're registered for ${camp.name}`);
    expect(receipt.text).toContain(`Refund policy: ${policyText}`);
  });

  // Changed after paying: the place keeps the policy it was bought under.
  await setRefundPolicy(request, host, campId, FULL_REFUND_UNTIL_START);

  await test.step('Cancel on My Registrations says exactly what the policy gives back', async () => {
    await page.goto('/camper/registrations');
    const card = registrationCard(page, 'Upcoming', 'Maya Fielding', camp.name);
    await expect(card.getByText(`Paid ${formatMoney(paidCents)}`, { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Cancel registration', exact: true }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel registration' });
    await expect(
      cancel.getByText(messages.refundUnderPolicy.replace('{amount}', formatMoney(refundCents)), {
        exact: true,
      }),
    ).toBeVisible();
    await expect(cancel.getByText(`Refund policy: ${policyText}`, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await cancel.getByRole('button', { name: 'Cancel registration', exact: true }).click();
    await expect(cancel).toBeHidden();
    await expect(toast(page, `${formatMoney(refundCents)} is on its way back to your card.`)).toBeVisible();
  });

  await test.step('My Registrations and the e-mail show that refund', async () => {
    const cancelled = registrationCard(page, 'Past and cancelled', 'Maya Fielding', camp.name);
    await expect(cancelled.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(
      cancelled.getByText(`Paid ${formatMoney(paidCents)} · Refunded ${formatMoney(refundCents)}`, {
        exact: true,
      }),
    ).toBeVisible();
    const mail = await waitForMail(request, family.parent.email, `Registration cancelled: ${camp.name}`);
    expect(mail.text).toContain(`refunded ${formatMoney(refundCents)} to your card`);
    expect(mail.text).not.toContain('in full');
  });
});
