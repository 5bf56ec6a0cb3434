import { messages } from '@campwise/contract/messages';
import type { Locator, Page } from '@playwright/test';
import { createApprovedOrg, createCamp, datedCamp, nextSummer } from '../camp-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  camperChoice,
  childAged,
  createFamily,
  downloadedText,
  registrationCard,
} from '../registration-support.ts';
import { closeNotices, createSubscribedHost, expect, main, signIn } from '../support.ts';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** A session on the host's list, by its name. */
function hostSession(page: Page, name: string): Locator {
  return main(page)
    .getByRole('list', { name: 'Sessions', exact: true })
    .getByRole('listitem', { name, exact: true });
}

/** Chooses an entry of a session's "More" menu. */
async function sessionMenu(page: Page, name: string, item: string): Promise<void> {
  await hostSession(page, name)
    .getByRole('button', { name: `More for ${name}`, exact: true })
    .click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** Shows one session's roster (or all of them) with the switch above it. */
async function showRosterOf(page: Page, session: string): Promise<void> {
  await main(page).getByRole('textbox', { name: 'Session', exact: true }).click();
  await page.getByRole('option', { name: session, exact: true }).click();
}

// The overlap refused on purpose is a 409 the browser reports.
test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\)/] });

test('a host runs a camp in weekly sessions; a family books the second week and the host cancels the third', async ({
  page,
  request,
}) => {
  // Two people, four screens and a payment on a busy machine.
  test.slow();
  const year = nextSummer().startDate.slice(0, 4);
  const host = await createSubscribedHost(request);
  const { org, orgId } = await createApprovedOrg(request, host, 'Willow Bend Club');
  const camp = {
    ...datedCamp('Willow Bend Day Camp', org),
    startDate: `${year}-06-14`,
    endDate: `${year}-06-18`,
  };
  const campId = await createCamp(request, host, orgId, camp);
  const family = await createFamily(request, [childAged('Maya', 9)]);

  await test.step('the host adds a second week, with each problem shown beside its field', async () => {
    await signIn(page, host);
    await page.goto(`/host/camp/${campId}`);
    await expect(hostSession(page, 'Session 1')).toContainText('June 14 – June 18');
    await main(page).getByRole('button', { name: 'Add session', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add session' });
    const field = (name: string) => dialog.getByRole('textbox', { name, exact: true });
    // A new session starts from the last one's price and places.
    await expect(field('Price')).toHaveValue('450');
    await expect(field('Places')).toHaveValue('24');

    await dialog.getByRole('button', { name: 'Add session', exact: true }).click();
    await expect(dialog.getByText('Session name is required', { exact: true })).toBeVisible();
    await expect(field('Session name')).toBeFocused();

    await field('Session name').fill('Week 2');
    await field('Start date').fill(`${year}-06-16`);
    await field('End date').fill(`${year}-06-20`);
    await dialog.getByRole('button', { name: 'Add session', exact: true }).click();
    await expect(
      dialog.getByText(messages.sessionOverlaps.replace('{name}', 'Session 1'), { exact: true }),
    ).toBeVisible();
    await expect(field('Start date')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await field('Start date').fill(`${year}-06-21`);
    await field('End date').fill(`${year}-06-25`);
    await field('Starts at').fill('09:00');
    await field('Ends at').fill('15:00');
    await field('Price').fill('249.50');
    await field('Places').fill('12');
    await dialog.getByRole('button', { name: 'Add session', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Week 2 (June 21 – June 25')).toBeVisible();
    const week2 = hostSession(page, 'Week 2');
    await expect(week2).toContainText('June 21 – June 25');
    await expect(week2).toContainText('9 AM – 3 PM');
    await expect(week2).toContainText('$249.50');
    await expect(week2).toContainText('0 of 12 taken');
  });

  await test.step('copies the second week to a third', async () => {
    await sessionMenu(page, 'Week 2', 'Copy to next week');
    await expect(toast(page, 'Week 3 (June 28 – July 2')).toBeVisible();
    const week3 = hostSession(page, 'Week 3');
    await expect(week3).toContainText('June 28 – July 2');
    await expect(week3).toContainText('Scheduled');
  });

  await test.step('a parent sees the sessions on the camp page and picks the second week', async () => {
    await signIn(page, family.parent);
    await page.goto(`/camps/${campId}`);
    const sessions = main(page).getByRole('region', { name: 'Sessions', exact: true });
    for (const name of ['Session 1', 'Week 2', 'Week 3']) {
      await expect(sessions.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
    }
    await main(page).getByRole('button', { name: 'Choose a session', exact: true }).click();
    await expect(sessions.getByRole('heading', { level: 2, name: 'Sessions' })).toBeFocused();
    await sessions.getByRole('link', { name: 'Register for Week 2', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/camps/${campId}/register\\?session=\\d+$`));
    await expect(main(page).getByRole('checkbox', { name: /^Week 2/ })).toBeChecked();
    await expect(main(page).getByRole('checkbox', { name: /^Session 1/ })).not.toBeChecked();
    await expect(main(page).getByRole('checkbox', { name: /^Week 2/ })).toContainText('12 spots left');
    await expect(
      main(page).getByText('3 sessions · $249.50 – $450 per camper', { exact: true }),
    ).toBeVisible();
  });

  await test.step('ticking another session prices both, then the parent pays for the second week', async () => {
    const pay = (label: string) => main(page).getByRole('button', { name: label, exact: true });
    await camperChoice(page, 'Maya Fielding').click();
    await expect(pay('Pay $249.50')).toBeEnabled();
    await expectNoAxeViolations(page);
    await main(page)
      .getByRole('checkbox', { name: /^Session 1/ })
      .click();
    await expect(pay('Pay $699.50')).toBeEnabled();
    await expect(main(page).getByRole('list', { name: 'Your checkout' }).getByRole('listitem')).toHaveCount(
      2,
    );
    await main(page)
      .getByRole('checkbox', { name: /^Session 1/ })
      .click();
    await pay('Pay $249.50').click();
    await expect(main(page).getByRole('heading', { level: 2, name: 'You are registered!' })).toBeFocused();
    await expect(
      main(page).getByText(`Maya is registered for ${camp.name}, Week 2.`, { exact: false }),
    ).toBeVisible();

    await page.goto('/camper/registrations');
    const card = registrationCard(page, 'Upcoming', 'Maya Fielding', camp.name);
    await expect(card.getByText('Week 2', { exact: true })).toBeVisible();
    await expect(card).toContainText('9 AM – 3 PM');
    await expect(card.getByText('Paid $249.50', { exact: true })).toBeVisible();
  });

  await test.step('the host finds the child on the second week’s roster and not on the first’s', async () => {
    await signIn(page, host);
    await page.goto(`/host/camp/${campId}/roster`);
    const registered = (count: number) => main(page).getByRole('region', { name: `Registered (${count})` });
    await expect(registered(1).getByRole('row', { name: /Maya Fielding/ })).toContainText('Week 2');
    await expectNoAxeViolations(page);

    await showRosterOf(page, 'Week 2');
    await expect(page).toHaveURL(new RegExp(`/host/camp/${campId}/roster\\?session=\\d+$`));
    await expect(registered(1).getByRole('row', { name: /Maya Fielding/ })).toContainText('$249.50');
    const downloading = page.waitForEvent('download');
    await main(page).getByRole('button', { name: 'Export CSV', exact: true }).click();
    const csv = await downloadedText(await downloading);
    expect(csv.name).toMatch(/-session-\d+\.csv$/);
    expect(csv.text).toContain('Maya');

    await showRosterOf(page, 'Session 1');
    await expect(registered(0)).toBeVisible();
    await expect(main(page).getByText('Maya Fielding')).toHaveCount(0);
  });

  await test.step('the host cancels the third week', async () => {
    await page.goto(`/host/camp/${campId}`);
    await sessionMenu(page, 'Week 3', 'Cancel session');
    const dialog = page.getByRole('dialog', { name: 'Cancel session' });
    await expect(
      dialog.getByText('Every paid place is refunded in full and each family is e-mailed.', { exact: true }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel session', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Week 3 is cancelled.')).toBeVisible();
    await expect(hostSession(page, 'Week 3')).toContainText('Cancelled');
    await expect(hostSession(page, 'Week 3').getByRole('button', { name: 'Edit Week 3' })).toHaveCount(0);
    await expect(hostSession(page, 'Week 2')).toContainText('1 of 12 taken');
    await closeNotices(page);
    await expectNoAxeViolations(page);
  });
});
