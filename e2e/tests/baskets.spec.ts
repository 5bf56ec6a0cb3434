import { messages } from '@campwise/contract/messages';
import type { Locator, Page } from '@playwright/test';
import { createWeeklyCamp, setDiscounts } from '../basket-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { camperChoice, childAged, createFamily, registrationCard } from '../registration-support.ts';
import { expect, main, signIn } from '../support.ts';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const discountsSection = (page: Page) =>
  main(page).getByRole('region', { name: 'Discounts and promo codes', exact: true });
const checkoutLines = (page: Page) =>
  main(page).getByRole('list', { name: 'Your checkout', exact: true }).getByRole('listitem');

/** A line's own amount: the first dollar figure in it, before its list price and discounts. */
async function amountOf(line: Locator): Promise<string> {
  return (
    (await line
      .getByText(/^\$[\d,]+(\.\d\d)?$/)
      .first()
      .textContent()) ?? ''
  );
}

// A refused promo code and a code the camp already has are 409s the browser reports.
test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\)/] });

test('a host sets a sibling discount and a promo code; a family books two children into two weeks, pays once and cancels one line', async ({
  page,
  request,
}) => {
  // Two people, five screens, seven of their states checked by axe, and a payment on a busy machine.
  test.setTimeout(240_000);
  const { host, campId, camp, weeks } = await createWeeklyCamp(request, 'Otter Creek Day Camp');
  const family = await createFamily(request, [childAged('Maya', 9), childAged('Leo', 8)]);

  await test.step('the host sets a 10% sibling discount, each problem beside its field', async () => {
    await signIn(page, host);
    await page.goto(`/host/editcamp/${campId}/discounts`);
    const sibling = discountsSection(page).getByRole('group', { name: 'Sibling discount', exact: true });
    // The switch's label turns it on, as a person would.
    await sibling.getByText('Offer a sibling discount', { exact: true }).click();
    await expect(
      sibling.getByRole('switch', { name: 'Offer a sibling discount', exact: true }),
    ).toBeChecked();
    await expect(sibling.getByRole('radio', { name: 'Percent', exact: true })).toBeChecked();
    const value = sibling.getByRole('textbox', { name: 'Discount', exact: true });
    await value.fill('150');
    await discountsSection(page).getByRole('button', { name: 'Save discounts', exact: true }).click();
    await expect(sibling.getByText(messages.discountPercentTooHigh, { exact: true })).toBeVisible();
    await expect(value).toBeFocused();

    await value.fill('10');
    await discountsSection(page).getByRole('button', { name: 'Save discounts', exact: true }).click();
    await expect(toast(page, 'Discounts saved.')).toBeVisible();
    await page.reload();
    await expect(
      discountsSection(page)
        .getByRole('group', { name: 'Sibling discount', exact: true })
        .getByRole('textbox', { name: 'Discount', exact: true }),
    ).toHaveValue('10');
  });

  await test.step('adds the promo code SUMMER10, $10 off, for 50 checkouts', async () => {
    await discountsSection(page).getByRole('button', { name: 'Add promo code', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add promo code' });
    const field = (name: string) => dialog.getByRole('textbox', { name, exact: true });
    await dialog.getByRole('button', { name: 'Add promo code', exact: true }).click();
    await expect(dialog.getByText('Code is required', { exact: true })).toBeVisible();
    await expect(field('Code')).toBeFocused();
    await expectNoAxeViolations(page);

    await field('Code').fill('summer10');
    await expect(dialog.getByRole('radio', { name: 'Dollar amount', exact: true })).toBeChecked();
    await field('Discount').fill('10');
    await field('Total uses').fill('50');
    await dialog.getByRole('button', { name: 'Add promo code', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'SUMMER10 ($10 off) is added.')).toBeVisible();
    const row = discountsSection(page)
      .getByRole('table', { name: 'Promo codes' })
      .getByRole('row', { name: /SUMMER10/ });
    for (const text of ['$10 off', 'Any time', '0 of 50']) {
      await expect(row.getByText(text, { exact: true })).toBeVisible();
    }

    // The same code twice is refused beside the code.
    await discountsSection(page).getByRole('button', { name: 'Add promo code', exact: true }).click();
    await field('Code').fill('Summer10');
    await field('Discount').fill('5');
    await dialog.getByRole('button', { name: 'Add promo code', exact: true }).click();
    await expect(dialog.getByText(messages.promoCodeTaken, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  let leoWeek2 = '';
  let payButton: Locator = main(page).getByRole('button', { name: /^Pay / });
  await test.step('the parent books both children into Week 1 and Week 2 and sees every discount', async () => {
    await signIn(page, family.parent);
    await page.goto(`/camps/${campId}/register?session=${weeks[0]?.id}`);
    await expect(main(page).getByRole('checkbox', { name: /^Week 1/ })).toBeChecked();
    await main(page)
      .getByRole('checkbox', { name: /^Week 2/ })
      .click();
    await camperChoice(page, 'Maya Fielding').click();
    await camperChoice(page, 'Leo Fielding').click();

    await expect(checkoutLines(page)).toHaveCount(4);
    const leo = checkoutLines(page).filter({ hasText: 'Leo Fielding' });
    await expect(leo).toHaveCount(2);
    for (const line of await leo.all()) {
      await expect(line).toContainText('Sibling discount');
      await expect(line.getByText('-$45', { exact: true })).toBeVisible();
    }
    await expect(main(page).getByText('$1,710', { exact: true })).toBeVisible();

    const code = main(page).getByRole('textbox', { name: 'Promo code', exact: true });
    await code.fill('NOPE10');
    await main(page).getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(main(page).getByText(messages.promoCodeUnknown, { exact: true })).toBeVisible();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(main(page).getByRole('button', { name: 'Pay $1,710', exact: true })).toBeEnabled();
    await expectNoAxeViolations(page);

    await code.fill('summer10');
    await main(page).getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(
      main(page).getByRole('status').filter({ hasText: 'Promo code SUMMER10 applied' }),
    ).toBeVisible();
    for (const line of await checkoutLines(page).all()) {
      await expect(line).toContainText('Promo code SUMMER10');
    }
    leoWeek2 = await amountOf(leo.filter({ hasText: 'Week 2' }));
    expect(leoWeek2).toMatch(/^\$40\d(\.\d\d)?$/);
    // The code's $100 is shared across the lines; when a line comes to cents, every amount of
    // the checkout shows its cents.
    const cents = leoWeek2.includes('.') ? '.00' : '';
    await expect(main(page).getByText(`$1,800${cents}`, { exact: true })).toBeVisible();
    await expect(main(page).getByText(`-$100${cents}`, { exact: true })).toBeVisible();
    await expect(main(page).getByText(`$1,700${cents}`, { exact: true })).toBeVisible();
    payButton = main(page).getByRole('button', { name: `Pay $1,700${cents}`, exact: true });
    await expect(payButton).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  await test.step('pays once for everything and gets one receipt', async () => {
    await payButton.click();
    await expect(main(page).getByRole('heading', { level: 2, name: 'You are registered!' })).toBeFocused();
    await expect(
      main(page).getByText(
        `Leo and Maya are registered for ${camp.name}, Week 1 and Week 2. We charged $1,700 to your card.`,
        { exact: true },
      ),
    ).toBeVisible();
    await expect(main(page).getByText(/^Receipt number CW-\d{6,}\./)).toHaveCount(1);
    const booked = main(page)
      .getByRole('list', { name: 'What you booked', exact: true })
      .getByRole('listitem');
    await expect(booked).toHaveCount(4);
    await expect(booked.filter({ hasText: 'Leo Fielding' }).filter({ hasText: 'Week 2' })).toContainText(
      `Confirmed · ${leoWeek2}`,
    );
    await expectNoAxeViolations(page);
  });

  await test.step('cancels Leo’s second week and is refunded exactly what it cost', async () => {
    await main(page).getByRole('link', { name: 'My Registrations', exact: true }).click();
    const card = registrationCard(page, 'Upcoming', 'Leo Fielding', camp.name).filter({ hasText: 'Week 2' });
    await expect(card.getByText(`Paid ${leoWeek2}`, { exact: true })).toBeVisible();
    // Each place lists the discounts it was bought with.
    await expect(
      card.getByText(/^List price \$450 · Discounts applied: Sibling discount -\$45/),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await card.getByRole('button', { name: 'Cancel registration', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel registration' });
    await expect(
      dialog.getByText(`You will be refunded ${leoWeek2} in full.`, { exact: true }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel registration', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, `${leoWeek2} is on its way back to your card.`)).toBeVisible();
    const cancelled = registrationCard(page, 'Past and cancelled', 'Leo Fielding', camp.name);
    await expect(
      cancelled.getByText(`Paid ${leoWeek2} · Refunded ${leoWeek2}`, { exact: true }),
    ).toBeVisible();
    await expect(
      registrationCard(page, 'Upcoming', 'Leo Fielding', camp.name).filter({ hasText: 'Week 1' }),
    ).toContainText('Confirmed');
    await expect(registrationCard(page, 'Upcoming', 'Maya Fielding', camp.name)).toHaveCount(2);
  });

  await test.step('the host sees the code used once', async () => {
    await signIn(page, host);
    await page.goto(`/host/editcamp/${campId}/discounts`);
    await expect(
      discountsSection(page)
        .getByRole('table', { name: 'Promo codes' })
        .getByRole('row', { name: /SUMMER10/ })
        .getByText('1 of 50', { exact: true }),
    ).toBeVisible();
    // The sibling discount and the code, as the host set them.
    await expect(
      discountsSection(page)
        .getByRole('group', { name: 'Sibling discount', exact: true })
        .getByRole('textbox', { name: 'Discount', exact: true }),
    ).toHaveValue('10');
    await expectNoAxeViolations(page);
  });

  await test.step('the host opens the delete confirmation of the code and keeps it', async () => {
    await discountsSection(page)
      .getByRole('button', { name: 'Delete promo code SUMMER10', exact: true })
      .filter({ visible: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete promo code' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(
      discountsSection(page)
        .getByRole('table', { name: 'Promo codes' })
        .getByRole('row', { name: /SUMMER10/ }),
    ).toBeVisible();
  });
});

test('a price that changed before paying is said, priced again and paid at the new total', async ({
  page,
  request,
}) => {
  const { host, campId, weeks } = await createWeeklyCamp(request, 'Kingfisher Pond Camp');
  const family = await createFamily(request, [childAged('Maya', 9), childAged('Leo', 8)]);
  const payments: number[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith(`/api/camps/${campId}/registrations`)) {
      payments.push((sent.postDataJSON() as { expectedTotalCents: number }).expectedTotalCents);
    }
  });

  await signIn(page, family.parent);
  await page.goto(`/camps/${campId}/register?session=${weeks[0]?.id}`);
  await camperChoice(page, 'Maya Fielding').click();
  await camperChoice(page, 'Leo Fielding').click();
  const pay = (label: string) => main(page).getByRole('button', { name: label, exact: true });
  await expect(pay('Pay $900')).toBeEnabled();

  // The host starts a sibling discount while the family looks at the old price.
  await setDiscounts(request, host, campId, { sibling: { kind: 'amount', value: 5000 } });
  await pay('Pay $900').click();
  await expect(main(page).getByRole('alert').filter({ hasText: messages.priceChanged })).toBeVisible();
  await expect(pay('Pay $850')).toBeEnabled();
  await expect(checkoutLines(page).filter({ hasText: 'Leo Fielding' })).toContainText('Sibling discount');

  await pay('Pay $850').click();
  await expect(main(page).getByRole('heading', { level: 2, name: 'You are registered!' })).toBeVisible();
  await expect(main(page).getByText(/We charged \$850 to your card\./)).toBeVisible();
  expect(payments, 'each attempt sent the total the page showed').toEqual([90_000, 85_000]);
});
