import { readFile } from 'node:fs/promises';
import { messages } from '@campwise/contract/messages';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { childAged, createFamily, createListedCamp, registerThroughApi } from '../registration-support.ts';
import { bearer, expect, header, main, signIn } from '../support.ts';

test('a parent finds a payment’s receipt from My Registrations, sees a refund on it and downloads it as a PDF', async ({
  page,
  request,
}) => {
  test.slow();
  const { campId, camp } = await createListedCamp(request, 'Larkspur Meadow Camp');
  const family = await createFamily(request, [childAged('Maya', 9), childAged('Leo', 8)]);
  await signIn(page, family.parent);

  await test.step('before anything is paid there are no receipts', async () => {
    await page.goto('/camper/receipts');
    await expect(main(page).getByRole('heading', { name: 'No receipts yet' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  const { registrationIds } = await registerThroughApi(request, family, campId);

  await test.step('Receipts, from My Registrations, lists the payment', async () => {
    await page.goto('/camper/registrations');
    await main(page).getByRole('link', { name: 'Receipts', exact: true }).click();
    await expect(page).toHaveURL('/camper/receipts');
    const row = main(page).getByRole('article', { name: camp.name });
    await expect(row).toContainText(/Receipt CW-\d{6,}/);
    await expect(row).toContainText('$900');
    await row.getByRole('link', { name: camp.name }).click();
  });

  await test.step('the receipt lists each child’s place with its price', async () => {
    await expect(main(page).getByRole('heading', { level: 1, name: /^Receipt CW-\d{6,}$/ })).toBeVisible();
    for (const child of ['Maya Fielding', 'Leo Fielding']) {
      const place = main(page).getByRole('region', { name: `${child}, ${camp.name}` });
      await expect(place).toContainText('Price');
      await expect(place).toContainText('$450');
    }
    await expect(main(page).getByText('Paid', { exact: true })).toBeVisible();
    await expect(main(page).getByText('Visa ending in 4242')).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Download PDF' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('after the parent renames themself, the receipt still shows the name it was issued to', async () => {
    const receiptUrl = page.url();
    const paidBy = `${family.parent.firstName} ${family.parent.lastName} (${family.parent.email})`;
    await expect(main(page).getByText(paidBy)).toBeVisible();
    await header(page).getByRole('link', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL('/camper/account');
    await main(page).getByRole('textbox', { name: 'First Name', exact: true }).fill('Łucja');
    await main(page).getByRole('textbox', { name: 'Last Name', exact: true }).fill('Nguyễn');
    await main(page).getByRole('button', { name: 'Update Account' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.accountUpdated })).toBeVisible();

    await page.goto(receiptUrl);
    await expect(main(page).getByText(paidBy)).toBeVisible();
    await expect(main(page).getByText(/Łucja Nguyễn/)).toHaveCount(0);
  });

  await test.step('a cancelled place shows as a refund on the same receipt', async () => {
    const cancel = await request.post(`/camper/registrations/${registrationIds[0]}/cancel`, {
      headers: bearer(family.parent.token),
      data: {},
    });
    expect(cancel.status(), await cancel.text()).toBe(200);
    await page.reload();
    await expect(
      main(page).getByText(new RegExp(`^Refunded .+: (Maya|Leo)’s place at ${camp.name} cancelled$`)),
    ).toBeVisible();
    await expect(main(page).getByText('Kept of $900')).toBeVisible();
  });

  await test.step('Download PDF saves the receipt', async () => {
    const downloading = page.waitForEvent('download');
    await main(page).getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^campwise-receipt-CW-\d{6,}\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
