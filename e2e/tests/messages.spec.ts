import { messages } from '@campwise/contract/messages';
import type { Page } from '@playwright/test';
import { jpegImage } from '../camp-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { childAged, createFamily, createListedCamp, registerThroughApi } from '../registration-support.ts';
import { openRosterEntry } from '../roster-support.ts';
import { createAccount, expect, header, main, signIn, waitForMail } from '../support.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The Messages link of the navigation, in the top bar or, on a phone, in the menu. */
async function messagesLink(page: Page) {
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  if (test.info().project.name === 'phone') {
    // The app's menu button takes the place of the server's menu once the page is the app's.
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: /^Messages/ });
  }
  return header(page).getByRole('link', { name: /^Messages/ });
}

test('a parent asks the host a question, the host replies, and the parent sees the unread badge and reads it', async ({
  page,
  request,
}) => {
  test.slow();
  const { host, campId, camp } = await createListedCamp(request, 'Heron Cove');
  const parent = await createAccount(request, 'camper');

  await test.step('the parent, with no conversations yet, asks from the camp page', async () => {
    await signIn(page, parent);
    await page.goto('/camper/messages');
    await expect(main(page).getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/camps/${campId}`);
    await main(page).getByRole('link', { name: 'Ask the host a question' }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Ask the host' })).toBeVisible();
    await main(page).getByRole('button', { name: 'Send question' }).click();
    await expect(main(page).getByText('Write a message.')).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page).getByRole('textbox', { name: 'Your question' }).fill('Is lunch included? <b>Thanks</b>');
    await main(page).getByRole('button', { name: 'Send question' }).click();
    await expect(page).toHaveURL(/\/camper\/messages\/\d+$/);
    // Markup is shown as the characters typed.
    await expect(main(page).getByText('Is lunch included? <b>Thanks</b>')).toBeVisible();
    await expect(main(page).getByRole('textbox', { name: 'Your reply' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  const notice = await waitForMail(request, host.email, `New message from the ${parent.lastName} family`);
  expect(notice.text).not.toContain('lunch');

  await test.step('the host replies with a PDF and marks the conversation done', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, host);
    await page.goto('/host/messages');
    await expect(
      main(page).getByRole('link', { name: new RegExp(`The ${parent.lastName} family`) }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page)
      .getByRole('link', { name: new RegExp(`The ${parent.lastName} family`) })
      .click();
    await expect(main(page).getByText('Is lunch included? <b>Thanks</b>')).toBeVisible();
    await main(page)
      .getByRole('textbox', { name: 'Your reply' })
      .fill('Yes! The menu: https://heron.example/menu');
    await main(page)
      .locator('input[type="file"]')
      .setInputFiles({ name: 'menu.pdf', mimeType: 'application/pdf', buffer: PDF });
    await main(page).getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Message sent.')).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'menu.pdf' })).toBeVisible();
    await main(page).getByRole('button', { name: 'Mark as done' }).click();
    await expect(main(page).getByRole('button', { name: 'Open again' })).toBeVisible();
  });

  await test.step('the parent sees the unread badge and reads the answer', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, parent);
    await page.goto('/camper/dashboard');
    const link = await messagesLink(page);
    await expect(link.getByTestId('unread-badge')).toHaveText('1 unread');
    await link.click();
    await expect(page).toHaveURL(/\/camper\/messages$/);
    await main(page)
      .getByRole('link', { name: new RegExp(camp.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .click();
    await expect(main(page).getByText('Yes! The menu:')).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'https://heron.example/menu' })).toHaveAttribute(
      'href',
      'https://heron.example/menu',
    );
    // The attachment is private: the page fetches it with the session and saves it.
    const saved = page.waitForEvent('download');
    await main(page).getByRole('link', { name: 'menu.pdf' }).click();
    expect((await saved).suggestedFilename()).toBe('menu.pdf');
    await page.goto('/camper/dashboard');
    await expect((await messagesLink(page)).getByTestId('unread-badge')).toHaveCount(0);
  });

  await test.step('the parent sends a photo, which the host sees in the thread', async () => {
    await page.goto('/camper/messages');
    await main(page)
      .getByRole('link', { name: new RegExp(camp.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .click();
    await main(page).getByRole('textbox', { name: 'Your reply' }).fill('Our tent, for the packing list');
    await main(page)
      .locator('input[type="file"]')
      .setInputFiles({ name: 'tent.jpg', mimeType: 'image/jpeg', buffer: await jpegImage('#3a86b4') });
    await main(page).getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Message sent.')).toBeVisible();
    await expectPhotoShown(page, 'tent.jpg');

    await page.evaluate(() => localStorage.clear());
    await signIn(page, host);
    await page.goto('/host/messages');
    await main(page)
      .getByRole('link', { name: new RegExp(`The ${parent.lastName} family`) })
      .click();
    // Private: the page reads it with the host's session, not from a public address.
    await expectPhotoShown(page, 'tent.jpg');
  });
});

/** A photo attached to a message, loaded from the conversation's private address. */
async function expectPhotoShown(page: Page, name: string) {
  const photo = main(page).getByRole('img', { name: `Attached photo: ${name}` });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

test('a host sends an announcement to a session and sees who read it', async ({ page, request }) => {
  test.slow();
  const { host, campId, camp } = await createListedCamp(request, 'Kestrel Ridge');
  const reader = await createFamily(request, [childAged('Nia', 9)]);
  const other = await createFamily(request, [childAged('Omar', 9)]);
  await registerThroughApi(request, reader, campId);
  await registerThroughApi(request, other, campId);

  await test.step('the host writes to the session', async () => {
    await signIn(page, host);
    await page.goto(`/host/camp/${campId}`);
    const section = main(page).getByRole('region', { name: 'Announcements' });
    await section.getByRole('textbox', { name: 'Session' }).click();
    await page.getByRole('option').first().click();
    await section.getByRole('textbox', { name: 'Subject' }).fill('Bring a hat');
    await section.getByRole('textbox', { name: 'Message' }).fill('A sunny week ahead. See you Monday!');
    await section.getByRole('button', { name: 'Send announcement' }).click();
    await expect(page.getByText('Announcement on its way to 2 families.')).toBeVisible();
    await expect(section.getByText(/read by 0 of 2/)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await waitForMail(request, reader.parent.email, `${camp.name}: Bring a hat`);

  await test.step('one family reads it', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, reader.parent);
    await page.goto('/camper/messages');
    await main(page)
      .getByRole('link', { name: /Bring a hat/ })
      .click();
    await expect(main(page).getByText('A sunny week ahead. See you Monday!')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('the host sees who has read it', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, host);
    await page.goto(`/host/camp/${campId}`);
    await main(page).getByRole('link', { name: 'Bring a hat' }).click();
    await expect(main(page).getByText('1 of 2 read')).toBeVisible();
    const rows = main(page).getByRole('row');
    await expect(rows.filter({ hasText: 'Not yet' })).toHaveCount(1);
    await expect(rows).toHaveCount(3);
    await expect(main(page).getByRole('heading', { name: 'Who has read it' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('a host writes to a family from the roster and the parent reads it', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  test.slow();
  const { host, campId, camp } = await createListedCamp(request, 'Osprey Point');
  const booked = await createFamily(request, [childAged('Iris', 9)]);
  await registerThroughApi(request, booked, campId);
  const family = `${booked.parent.firstName} ${booked.parent.lastName}`;

  await test.step('the host writes from the roster and lands in the conversation', async () => {
    await signIn(page, host);
    await page.goto(`/host/camp/${campId}/roster`);
    const panel = await openRosterEntry(page, 'Iris Fielding');
    await panel.getByRole('button', { name: new RegExp(`^Message ${family} about Iris`) }).click();
    const dialog = page.getByRole('dialog', { name: `Message ${family}` });
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(dialog.getByText(messages.messageBodyRequired)).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: 'Your message' }).fill('Please bring a swimsuit on Monday.');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/host\/messages\/\d+$/);
    await expect(main(page).getByText('Please bring a swimsuit on Monday.')).toBeVisible();
  });

  const listed = await request.get(`/api/camps/${campId}`);
  const { orgName } = ((await listed.json()) as { data: { orgName: string } }).data;
  await waitForMail(request, booked.parent.email, `New message from ${orgName}`);

  await test.step('the parent sees the unread badge and reads it', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, booked.parent);
    await page.goto('/camper/dashboard');
    const link = await messagesLink(page);
    await expect(link.getByTestId('unread-badge')).toHaveText('1 unread');
    await link.click();
    // The dashboard links the booked camp too: the inbox must have opened first.
    await expect(page).toHaveURL(/\/camper\/messages$/);
    await main(page)
      .getByRole('link', { name: new RegExp(camp.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .click();
    await expect(main(page).getByText('Please bring a swimsuit on Monday.')).toBeVisible();
  });
});
