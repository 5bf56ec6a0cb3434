import { formatDate, formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { addDays, planSchedule } from '@campwise/contract/payment-plans';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { createCampStartingIn, dayFromToday } from '../refund-policy-support.ts';
import { camperChoice, childAged, createFamily, registrationCard } from '../registration-support.ts';
import { type Account, bearer, expect, main, signIn, waitForMail } from '../support.ts';

// Both journeys set the server's one movable clock (POST /dev/clock), so they run in turn, each
// starting from today's clock so nothing is due before it means it to be.
test.describe.configure({ mode: 'serial' });
// The journeys after these find the clock where it belongs.
test.afterAll(async ({ request }) => setClock(request, 0));
// The deposit refused on purpose is answered with 400 Bad Request.
test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

const PRICE = 45_000;

/** Sets the server's clock `days` ahead of today (0: today again); the instalments job runs at that time. */
async function setClock(request: APIRequestContext, days: number): Promise<void> {
  const moved = await request.post('/dev/clock', { data: { days } });
  expect(moved.status(), await moved.text()).toBe(200);
}

async function setPlan(request: APIRequestContext, host: Account, campId: number, maxInstalments: number) {
  const response = await request.put(`/host/camp/${campId}/payment-plan`, {
    headers: bearer(host.token),
    data: { plan: { depositCents: 10_000, balanceDueDays: 14, maxInstalments, onFinalFailure: 'keep' } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const instalmentRows = (card: Locator) => card.getByRole('table', { name: 'Instalments' }).getByRole('row');

/** The New Card dialog, filled with a card that pays, and saved. */
async function addCard(page: Page): Promise<void> {
  await main(page).getByRole('button', { name: 'Use a new card', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Card' });
  const field = (name: string) => dialog.getByRole('textbox', { name, exact: true });
  await field('First Name').fill('Casey');
  await field('Last Name').fill('Fielding');
  await field('Card Number').fill('5555555555554444');
  await field('Exp Month').fill('11');
  await field('Exp Year').fill(String(new Date().getFullYear() + 3));
  await field('CVC').fill('321');
  await dialog.getByRole('button', { name: 'Add Card', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a failed instalment e-mails the parent and a new card pays it', async ({ page, request }) => {
  // A booking, a clock move, an e-mail, a new card and a payment on a busy machine.
  test.slow();
  const { host, campId, sessionId, camp } = await createCampStartingIn(request, 'Otter Creek Camp', 60);
  await setPlan(request, host, campId, 2);
  const family = await createFamily(request, [childAged('Maya', 9)]);
  const schedule = planSchedule(
    { depositPerPlaceCents: 10_000, balanceDueDate: dayFromToday(46), today: dayFromToday(0) },
    [PRICE],
    2,
  );
  const [first] = schedule.instalments;
  if (!first) throw new Error('no instalment');

  await setClock(request, 0);
  await test.step('the parent books on a plan, then the card on file goes away', async () => {
    const booked = await request.post(`/api/camps/${campId}/registrations`, {
      headers: bearer(family.parent.token),
      data: {
        lines: [{ childId: family.childIds[0], sessionId }],
        paymentMethodId: family.cardId,
        plan: { instalments: 2 },
        idempotencyKey: `e2e-plan-${campId}`,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const removed = await request.delete(`/camper/cards/${family.cardId}`, {
      headers: bearer(family.parent.token),
    });
    expect(removed.status(), await removed.text()).toBe(200);
  });

  const mail =
    await test.step('on the due date the charge is declined and the parent is e-mailed', async () => {
      await setClock(request, 23);
      return waitForMail(request, family.parent.email, `Your instalment could not be charged: ${camp.name}`);
    });
  expect(mail.text).toContain(`We could not charge ${formatMoney(first.amountCents)}`);
  expect(mail.text).toContain(`We will try the card again on ${formatDate(addDays(first.dueDate, 1))}`);
  const link = /https?:\/\/\S+\/camper\/instalments\/\d+\/pay/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no payment link in the e-mail:\n${mail.text}`);

  await test.step('My Registrations shows the failed instalment with Pay now', async () => {
    await signIn(page, family.parent);
    await page.goto('/camper/registrations');
    const card = registrationCard(page, 'Upcoming', 'Maya Fielding', camp.name);
    await expect(card.getByText('A payment did not go through', { exact: true })).toBeVisible();
    await expect(instalmentRows(card).nth(1)).toContainText(
      `Failed once · next try ${formatDate(addDays(first.dueDate, 1))}`,
    );
    await expect(card.getByRole('link', { name: 'Pay now', exact: true })).toHaveAttribute(
      'href',
      new URL(link).pathname,
    );
    await expectNoAxeViolations(page);
  });

  await test.step('the link opens the payment page, and a new card pays it', async () => {
    await page.goto(new URL(link).pathname);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Pay an instalment' })).toBeVisible();
    await expect(main(page).getByText(/^You have no saved cards yet/)).toBeVisible();
    await expectNoAxeViolations(page);
    await addCard(page);
    await expect(main(page).getByRole('radio', { name: /^Mastercard ending in 4444/ })).toBeChecked();
    await main(page)
      .getByRole('button', { name: `Pay ${formatMoney(first.amountCents)}`, exact: true })
      .click();
    await expect(
      main(page).getByRole('heading', { level: 2, name: 'Payment received. Thank you!' }),
    ).toBeVisible();
  });

  await test.step('the place shows it paid, and the receipts list the instalment', async () => {
    await main(page).getByRole('link', { name: 'Back to My Registrations', exact: true }).click();
    const card = registrationCard(page, 'Upcoming', 'Maya Fielding', camp.name);
    await expect(
      card.getByText(`Paid so far ${formatMoney(10_000 + first.amountCents)}`, { exact: true }),
    ).toBeVisible();
    await expect(instalmentRows(card).nth(1)).toContainText('Paid');
    await expect(card.getByText('A payment did not go through', { exact: true })).toHaveCount(0);
    await page.goto('/camper/receipts');
    await expect(main(page).getByText(/· Instalment$/)).toHaveCount(1);
  });
});

test('a parent pays a deposit and the first instalment is charged when the clock is moved', async ({
  page,
  request,
}) => {
  test.slow();
  const { host, campId, camp } = await createCampStartingIn(request, 'Kestrel Ridge Camp', 200);
  const family = await createFamily(request, [childAged('Leo', 10)]);
  const schedule = planSchedule(
    { depositPerPlaceCents: 10_000, balanceDueDate: dayFromToday(186), today: dayFromToday(0) },
    [PRICE],
    3,
  );
  const [first, second] = schedule.instalments;
  if (!first || !second) throw new Error('no instalments');
  const section = main(page).getByRole('region', { name: 'Deposits and instalments', exact: true });
  await setClock(request, 0);

  await test.step('the host lets families pay a $100 deposit and the rest in up to 3 instalments', async () => {
    await signIn(page, host);
    await page.goto(`/host/editcamp/${campId}/payments`);
    await expect(section.getByText('Families pay in full when they book.', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await section.getByRole('button', { name: 'Edit deposits and instalments', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit deposits and instalments' });
    await dialog.getByText('Let families pay a deposit now and the rest later', { exact: true }).click();
    // A deposit of the whole price is refused beside its field.
    await dialog.getByRole('textbox', { name: 'Deposit per place', exact: true }).fill('450');
    await dialog.getByRole('button', { name: 'Save deposit settings', exact: true }).click();
    await expect(
      dialog.getByText(messages.planDepositNotBelowPrice.replace('{price}', '$450'), { exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: 'Deposit per place', exact: true }).fill('100');
    await dialog.getByRole('textbox', { name: 'Balance due', exact: true }).fill('14');
    await dialog.getByRole('textbox', { name: 'Instalments, at most', exact: true }).fill('3');
    await dialog.getByRole('button', { name: 'Save deposit settings', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(section).toContainText(
      'Families may pay a $100 deposit per place and the balance in up to 3 instalments',
    );
  });

  await test.step('the parent chooses a deposit at checkout and sees the schedule', async () => {
    await signIn(page, family.parent);
    await page.goto(`/camps/${campId}/register`);
    await camperChoice(page, 'Leo Fielding').click();
    await main(page)
      .getByRole('radio', { name: /^Pay a deposit now: \$100/ })
      .check();
    await main(page).getByRole('combobox', { name: 'Pay the balance in' }).selectOption('3');
    const table = main(page).getByRole('table', { name: 'Payment schedule' });
    for (const row of schedule.instalments) {
      await expect(
        table.getByRole('row', { name: `${formatDate(row.dueDate)} ${formatMoney(row.amountCents)}` }),
      ).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await main(page).getByRole('button', { name: 'Pay $100 deposit', exact: true }).click();
    await expect(main(page).getByRole('heading', { level: 2, name: 'You are registered!' })).toBeVisible();
  });

  await test.step('My Registrations shows what is paid, what is due and when', async () => {
    await page.goto('/camper/registrations');
    const card = registrationCard(page, 'Upcoming', 'Leo Fielding', camp.name);
    await expect(card.getByText('Paid so far $100', { exact: true })).toBeVisible();
    await expect(card).toContainText(
      `Still to pay ${formatMoney(PRICE - 10_000)}, next ${formatMoney(first.amountCents)} on ${formatDate(first.dueDate)}`,
    );
    await expect(instalmentRows(card)).toHaveCount(4);
    await expectNoAxeViolations(page);
  });

  await test.step('when the clock reaches the first due date, the card on file is charged', async () => {
    await setClock(request, 62);
    const mail = await waitForMail(request, family.parent.email, `Payment received: ${camp.name}`);
    expect(mail.text).toContain(`We charged ${formatMoney(first.amountCents)}`);
    await page.reload();
    const card = registrationCard(page, 'Upcoming', 'Leo Fielding', camp.name);
    await expect(
      card.getByText(`Paid so far ${formatMoney(10_000 + first.amountCents)}`, { exact: true }),
    ).toBeVisible();
    await expect(instalmentRows(card).nth(1)).toContainText('Paid');
    await expect(card).toContainText(
      `next ${formatMoney(second.amountCents)} on ${formatDate(second.dueDate)}`,
    );
  });
});
