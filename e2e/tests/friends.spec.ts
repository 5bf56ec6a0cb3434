import type { Page } from '@playwright/test';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { childAged, createFamily, createListedCamp, registerThroughApi } from '../registration-support.ts';
import { expect, logInThroughForm, main, signIn, waitForMail } from '../support.ts';

// Inviting one's own address is refused by the server, as the journey expects.
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/],
});

const friendsGoing = (page: Page) => main(page).getByRole('region', { name: 'Friends going', exact: true });

test('a parent invites a friend, who accepts through the link and shares; the parent sees the friend’s child on the camp page', async ({
  page,
  request,
}) => {
  test.slow();
  const { campId, camp } = await createListedCamp(request, 'Otter Pond Days');
  const sams = await createFamily(request, [childAged('Sam', 9)]);
  const mayas = await createFamily(request, [childAged('Maya', 9)]);
  await registerThroughApi(request, mayas, campId);

  await test.step('the first parent invites the friend by e-mail', async () => {
    await signIn(page, sams.parent);
    await page.goto('/camper/friends');
    await expect(main(page).getByRole('heading', { name: 'No friends yet' })).toBeVisible();
    await expectNoAxeViolations(page);
    // Checked in the browser: nothing is sent.
    await main(page).getByRole('textbox', { name: 'Their email' }).fill('not an address');
    await main(page).getByRole('button', { name: 'Send invitation' }).click();
    await expect(main(page).getByText('Please enter a valid email address.')).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page).getByRole('textbox', { name: 'Their email' }).fill(sams.parent.email);
    await main(page).getByRole('button', { name: 'Send invitation' }).click();
    await expect(main(page).getByText('That is your own address. Invite another family.')).toBeVisible();
    await main(page).getByRole('textbox', { name: 'Their email' }).fill(mayas.parent.email);
    await main(page).getByRole('button', { name: 'Send invitation' }).click();
    const waiting = main(page).getByRole('region', { name: 'Invitations waiting' });
    await expect(waiting.getByText(mayas.parent.email)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  const mail = await waitForMail(
    request,
    mayas.parent.email,
    `${sams.parent.firstName} ${sams.parent.lastName} invites you to plan camps together on Campwise`,
  );
  const link = new URL(/(\S+\/camper\/friends\/accept\?token=\S+)/.exec(mail.text)?.[1] ?? '');

  await test.step('the friend opens the link signed out, signs in and accepts', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL(/\/camper\/login\?returnTo=/);
    await logInThroughForm(page, mayas.parent.email, mayas.parent.password);
    await expect(main(page).getByText('would like your families to be friends on Campwise')).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page).getByRole('button', { name: 'Accept invitation' }).click();
    await expect(page).toHaveURL(/\/camper\/friends$/);
    const friend = main(page).getByRole('article', {
      name: `${sams.parent.firstName} ${sams.parent.lastName}`,
    });
    await expect(friend.getByText('They share no sessions with you yet.')).toBeVisible();
    // The switch's label turns it on, as a person would.
    await friend.getByText('Share which sessions Maya is going to', { exact: true }).click();
    await expect(friend.getByRole('switch', { name: 'Share which sessions Maya is going to' })).toBeChecked();
    await expectNoAxeViolations(page);
  });

  await test.step('the first parent sees the friend’s child on the camp page', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, sams.parent);
    await page.goto(`/camps/${campId}`);
    await expect(main(page).getByRole('heading', { level: 1, name: camp.name })).toBeVisible();
    await expect(friendsGoing(page)).toContainText(`Maya (the ${mayas.parent.lastName} family) is going`);
  });

  await test.step('once the parent shares Sam too, the line names him; ending the friendship removes it', async () => {
    await page.goto('/camper/friends');
    const friend = main(page).getByRole('article', {
      name: `${mayas.parent.firstName} ${mayas.parent.lastName}`,
    });
    await expect(friend.getByText('They share which sessions Maya is going to.')).toBeVisible();
    await friend.getByText('Share which sessions Sam is going to', { exact: true }).click();
    await expect(friend.getByRole('switch', { name: 'Share which sessions Sam is going to' })).toBeChecked();
    await page.goto(`/camps/${campId}`);
    await expect(friendsGoing(page)).toContainText('Maya (friend of Sam) is going');

    await page.goto('/camper/friends');
    await friend.getByRole('button', { name: 'Stop being friends' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Stop being friends' }).click();
    await expect(main(page).getByRole('heading', { name: 'No friends yet' })).toBeVisible();
    await page.goto(`/camps/${campId}`);
    await expect(main(page).getByRole('heading', { level: 1, name: camp.name })).toBeVisible();
    await expect(friendsGoing(page)).toHaveCount(0);
  });
});
