import { messages } from '@campwise/contract/messages';
import type { Locator, Page } from '@playwright/test';
import { bookThroughApi, createWeeklyCamp, setWeekPrice } from '../basket-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  childAged,
  createFamily,
  registrationCard,
  registrationCards,
  saveCard,
} from '../registration-support.ts';
import { openRosterEntry } from '../roster-support.ts';
import { closeNotices, expect, main, signIn, waitForMail } from '../support.ts';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
/** A session to move to, by its name, in the open dialog. */
const sessionOption = (dialog: Locator, name: string) =>
  dialog.getByRole('radio', { name: new RegExp(`^${name}`) });

/** Shows one session's roster with the switch above it. */
async function showRosterOf(page: Page, session: string): Promise<void> {
  await main(page).getByRole('textbox', { name: 'Session', exact: true }).click();
  await page.getByRole('option', { name: session, exact: true }).click();
}

// A card declined and a price changed between looking and moving, on purpose: a 402 and a 409
// the browser reports.
test.use({ allowedConsoleErrors: [/status of (402 \(Payment Required\)|409 \(Conflict\))/] });

test('a parent moves a place to a dearer week paying the difference, then to a cheaper one and is refunded', async ({
  page,
  request,
}) => {
  // One family, four moves of the dialog and three payments on a busy machine.
  test.slow();
  const weekly = await createWeeklyCamp(request, 'Bluegill Lake Camp', ['430', '480', '500']);
  const { campId, camp, weeks } = weekly;
  const family = await createFamily(request, [childAged('Maya', 9)]);
  await bookThroughApi(request, family, campId, weeks[0]?.id ?? 0);
  // A second card, saved after the place was paid, that the bank declines.
  await saveCard(request, family.parent, registrationCards.declinesCharges);
  const card = () => registrationCard(page, 'Upcoming', 'Maya Fielding', camp.name);

  await test.step('My Registrations offers to change the session of the place in Week 1', async () => {
    await signIn(page, family.parent);
    await page.goto('/camper/registrations');
    await expect(card()).toContainText('Week 1');
    await expect(card().getByText('Paid $430', { exact: true })).toBeVisible();
    await card().getByRole('button', { name: 'Change session', exact: true }).click();
  });

  const dialog = page.getByRole('dialog', { name: 'Change session' });
  await test.step('the dialog says what each other week costs; moving without a choice is refused', async () => {
    await expect(dialog.getByText('Week 1', { exact: true })).toBeVisible();
    await expect(sessionOption(dialog, 'Week 2')).toContainText('You pay $50 more');
    await expect(sessionOption(dialog, 'Week 3')).toContainText('You pay $70 more');
    await expect(sessionOption(dialog, 'Week 2')).toContainText('24 spots left');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(dialog.getByText(messages.chooseSession, { exact: true })).toBeVisible();
    await expect(sessionOption(dialog, 'Week 2')).toBeFocused();
    await expectNoAxeViolations(page);
  });

  await test.step('moves to Week 2 and pays $50 with the saved card', async () => {
    await sessionOption(dialog, 'Week 2').click();
    await expect(dialog.getByRole('radio', { name: /^Visa ending in 4242/ })).toBeChecked();
    await expect(
      dialog.getByText('Maya Fielding moves to Week 2. We charge $50 to the card you choose.', {
        exact: true,
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Move and pay $50', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Maya Fielding moved to Week 2. We charged $50 to your card.')).toBeVisible();
    await expect(toast(page, 'Receipt number CW-')).toBeVisible();
    await expect(card()).toContainText('Week 2');
    await expect(card().getByText('Paid $480', { exact: true })).toBeVisible();
  });

  await test.step('the family is told by e-mail, with the charge', async () => {
    const mail = await waitForMail(request, family.parent.email, `Place moved: ${camp.name} (Week 2)`);
    expect(mail.text).toContain(`from ${camp.name} (Week 1) to ${camp.name} (Week 2)`);
    expect(mail.text).toContain('We charged $50 to your card');
  });

  await test.step('a declined card is said beside the cards, and nothing moves', async () => {
    await card().getByRole('button', { name: 'Change session', exact: true }).click();
    await expect(sessionOption(dialog, 'Week 3')).toContainText('You pay $20 more');
    await sessionOption(dialog, 'Week 3').click();
    await dialog.getByRole('radio', { name: /^Visa ending in 0341/ }).click();
    await dialog.getByRole('button', { name: 'Move and pay $20', exact: true }).click();
    await expect(
      dialog.getByText(messages.transferDeclined.replace('{reason}', messages.cardDeclined), {
        exact: true,
      }),
    ).toBeVisible();
    await expect(card()).toContainText('Week 2');
  });

  await test.step('a price changed while looking is said, and the options are read again', async () => {
    await expect(sessionOption(dialog, 'Week 1')).toContainText('You get $50 back');
    await sessionOption(dialog, 'Week 1').click();
    await expect(dialog.getByRole('radio', { name: /^Visa ending/ })).toHaveCount(0);
    // The host lowers Week 1's price while the family looks at the old one.
    await setWeekPrice(request, weekly, 1, '420');
    await dialog.getByRole('button', { name: 'Move and get $50 back', exact: true }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: messages.transferPriceChanged })).toBeVisible();
    await expect(sessionOption(dialog, 'Week 1')).toContainText('You get $60 back');
    await expect(sessionOption(dialog, 'Week 1')).toBeChecked();
  });

  await test.step('moves to the cheaper Week 1 and sees the refund', async () => {
    await closeNotices(page);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Move and get $60 back', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(
      toast(page, 'Maya Fielding moved to Week 1. $60 is on its way back to your card.'),
    ).toBeVisible();
    await expect(card()).toContainText('Week 1');
    await expect(card().getByText('Paid $480 · Refunded $60', { exact: true })).toBeVisible();
    const mail = await waitForMail(request, family.parent.email, `Place moved: ${camp.name} (Week 1)`);
    expect(mail.text).toContain('We refunded $60 to your card');
  });
});

test('a host moves a child on the roster to another week and finds them in its roster', async ({
  page,
  request,
}) => {
  test.slow();
  const { host, campId, camp, weeks } = await createWeeklyCamp(request, 'Cattail Marsh Camp', [
    '450',
    '500',
    '430',
  ]);
  const family = await createFamily(request, [childAged('Maya', 9)]);
  await bookThroughApi(request, family, campId, weeks[0]?.id ?? 0);
  const dialog = page.getByRole('dialog', { name: 'Move to another session' });

  await test.step('Week 1’s roster offers to move Maya', async () => {
    await signIn(page, host);
    await page.goto(`/host/camp/${campId}/roster?session=${weeks[0]?.id}`);
    await expect(main(page).getByRole('heading', { level: 2, name: 'Registered (1)' })).toBeVisible();
    const panel = await openRosterEntry(page, 'Maya Fielding');
    await panel.getByRole('button', { name: 'Move to another session', exact: true }).click();
  });

  await test.step('a dearer week costs the family nothing; a cheaper one refunds the difference', async () => {
    await expect(sessionOption(dialog, 'Week 2')).toContainText('No charge to the family');
    await expect(sessionOption(dialog, 'Week 3')).toContainText('Family gets $20 back');
    await sessionOption(dialog, 'Week 3').click();
    await expect(
      dialog.getByText(
        `Maya Fielding moves to Week 3. ${family.parent.firstName} ${family.parent.lastName} is refunded $20 and told by e-mail.`,
        { exact: true },
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Move and refund $20', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Maya Fielding moved to Week 3.')).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 2, name: 'Registered (0)' })).toBeVisible();
  });

  await test.step('Maya is on Week 3’s roster, and her parent is told', async () => {
    await showRosterOf(page, 'Week 3');
    await expect(main(page).getByRole('heading', { level: 2, name: 'Registered (1)' })).toBeVisible();
    await expect(
      main(page).getByText('Maya Fielding', { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    const mail = await waitForMail(request, family.parent.email, `Place moved: ${camp.name} (Week 3)`);
    expect(mail.text).toContain(
      `The host has moved Maya Fielding's place from ${camp.name} (Week 1) to ${camp.name} (Week 3).`,
    );
    expect(mail.text).toContain('We refunded $20 to your card');
  });
});
