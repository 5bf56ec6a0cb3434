import { readFile } from 'node:fs/promises';
import { messages } from '@campwise/contract/messages';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { childAged, createFamily, createListedCamp, registerThroughApi } from '../registration-support.ts';
import { closeNotices, expect, main, signIn } from '../support.ts';

// The EIN typed wrong on purpose is refused with 400, which the browser logs.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400 \(Bad Request\)/] });

test('a host records the EIN, and a parent downloads a year-end statement carrying it', async ({
  page,
  request,
}) => {
  test.slow();
  const listed = await createListedCamp(request, 'Otter Bay Day Camp');
  const family = await createFamily(request, [childAged('Iris', 8)]);
  await registerThroughApi(request, family, listed.campId);
  const year = String(new Date().getFullYear());

  await test.step('the host is reminded, and records the legal name and EIN on the organization page', async () => {
    await signIn(page, listed.host);
    await page.goto(`/host/org/${listed.orgId}`);
    const card = main(page).getByRole('region', { name: 'Tax details for families’ statements' });
    await expect(card.getByText('Add your EIN before the season')).toBeVisible();
    await card.getByRole('button', { name: 'Add tax details', exact: true }).click();
    await card.getByRole('textbox', { name: 'Legal name' }).fill('Otter Bay Camps LLC');
    await card.getByRole('textbox', { name: 'EIN' }).fill('12-345');
    await card.getByRole('button', { name: 'Save tax details', exact: true }).click();
    await expect(card.getByText(messages.einInvalid)).toBeVisible();
    await card.getByRole('textbox', { name: 'EIN' }).fill('74-1234567');
    await card.getByRole('button', { name: 'Save tax details', exact: true }).click();
    // Shown masked from now on: only families' statements carry it in full.
    await expect(card.getByText('EIN ••-•••4567', { exact: true })).toBeVisible();
    await expect(card.getByText('Otter Bay Camps LLC', { exact: true })).toBeVisible();
    await closeNotices(page);
    await expectNoAxeViolations(page);
  });

  await test.step("the parent downloads the child's statement for the year from Receipts", async () => {
    await signIn(page, family.parent);
    await page.goto('/camper/receipts');
    const statements = main(page).getByRole('region', { name: 'Year-end statements for taxes and FSA' });
    await expect(statements).toBeVisible();
    await statements.getByRole('textbox', { name: 'Year' }).click();
    await page.getByRole('option', { name: year, exact: true }).click();
    await expectNoAxeViolations(page);

    const csvDownload = page.waitForEvent('download');
    await statements.getByRole('button', { name: 'Download CSV', exact: true }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe(`campwise-${year}-care-statement-Iris-Fielding.csv`);
    const text = await readFile(await csv.path(), 'utf8');
    expect(text).toContain('"Otter Bay Camps LLC","74-1234567"');
    expect(text).toContain(listed.camp.name);

    const pdfDownload = page.waitForEvent('download');
    await statements.getByRole('button', { name: 'Download PDF', exact: true }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe(`campwise-${year}-care-statement-Iris-Fielding.pdf`);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
