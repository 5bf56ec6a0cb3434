import { messages } from '@campwise/contract/messages';
import type { Page } from '@playwright/test';
import { bookThroughApi } from '../basket-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { createCampStartingIn } from '../refund-policy-support.ts';
import { childAged, createFamily } from '../registration-support.ts';
import { expect, main, signIn, waitForMail } from '../support.ts';

const reminders = (page: Page) => main(page).getByRole('region', { name: 'Reminders', exact: true });
const toggle = (page: Page) =>
  reminders(page).getByRole('switch', { name: /^Send reminders before each session/ });

test('a host turns a camp’s reminders off and on again with what to bring, and a family gets that text a week before', async ({
  page,
  request,
}) => {
  test.slow();
  const { host, campId, sessionId, camp } = await createCampStartingIn(request, 'Plover Point Camp', 6);
  const whatToBring = 'A packed lunch, sunscreen and a water bottle with your name on it.';

  await test.step('the edit page shows reminders on, with nothing to bring yet', async () => {
    await signIn(page, host);
    await page.goto(`/host/editcamp/${campId}/reminders`);
    // The edit page is the app's largest; a busy machine takes a while the first time.
    await expect(toggle(page)).toBeChecked({ timeout: 60_000 });
    await expect(reminders(page).getByRole('textbox', { name: 'What to bring' })).toHaveValue('');
    await expectNoAxeViolations(page);
  });

  await test.step('the host turns them off, and they stay off', async () => {
    await reminders(page).getByText('Send reminders before each session', { exact: true }).click();
    await expect(toggle(page)).not.toBeChecked();
    await reminders(page).getByRole('button', { name: 'Save reminders', exact: true }).click();
    await expect(reminders(page).getByText(messages.remindersSaved)).toBeVisible();
    await page.reload();
    await expect(toggle(page)).not.toBeChecked();
    await expect(reminders(page).getByRole('textbox', { name: 'What to bring' })).toBeDisabled();
  });

  await test.step('and on again, with what to bring', async () => {
    await reminders(page).getByText('Send reminders before each session', { exact: true }).click();
    await reminders(page).getByRole('textbox', { name: 'What to bring' }).fill(whatToBring);
    await reminders(page).getByRole('button', { name: 'Save reminders', exact: true }).click();
    await expect(reminders(page).getByText(messages.remindersSaved)).toBeVisible();
    await page.reload();
    await expect(toggle(page)).toBeChecked();
    await expect(reminders(page).getByRole('textbox', { name: 'What to bring' })).toHaveValue(whatToBring);
  });

  await test.step('a family booking now hears from the camp within the week, with the host’s words', async () => {
    const family = await createFamily(request, [childAged('Maya', 9)]);
    await bookThroughApi(request, family, campId, sessionId);
    const mail = await waitForMail(request, family.parent.email, `Coming up: ${camp.name}`);
    expect(mail.text).toContain(`What to bring: ${whatToBring}`);
    expect(mail.text).toContain('Maya starts');
    expect(mail.text).toContain('in 6 days');
  });
});
