import type { APIRequestContext, Page } from '@playwright/test';
import { createApprovedOrg, createCamp, datedCamp } from '../camp-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { camperChoice, childAged, createFamily, downloadedText } from '../registration-support.ts';
import {
  type Account,
  createAccount,
  expect,
  main,
  onboardingUrl,
  signIn,
  subscribe,
  testBank,
} from '../support.ts';

// A used onboarding link answers 404, which the browser logs.
test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

/** A subscribed host with an approved organization and a camp next summer, payouts not connected. */
async function hostWithCamp(request: APIRequestContext, label: string) {
  const host = await createAccount(request, 'host');
  await subscribe(request, host);
  const { org, orgId } = await createApprovedOrg(request, host, `${label} Club`);
  const camp = datedCamp(label, org);
  const campId = await createCamp(request, host, orgId, camp);
  return { host, org, camp, campId };
}

/** The fields of one CSV line whose fields are all quoted. */
function csvFields(line: string): string[] {
  return [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? '').replaceAll('""', '"'));
}

/** The Payouts card of account settings. */
const payoutsSection = (page: Page) =>
  main(page)
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Payouts', exact: true }) });

/** From account settings through the test processor's onboarding page and back. */
async function connectThroughOnboarding(page: Page, host: Account, businessName: string): Promise<void> {
  await page.goto('/host/account');
  const section = payoutsSection(page);
  await expect(section.getByText('Not connected', { exact: true })).toBeVisible();
  await expect(section.getByText('Families cannot register yet', { exact: true })).toBeVisible();
  await expect(section.getByText('Campwise keeps 5% of each payment', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await section.getByRole('button', { name: 'Connect payout account' }).click();

  await expect(page).toHaveURL(onboardingUrl);
  const form = main(page);
  await expect(form.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await expect(form.getByText(`Signed up as ${host.email}.`, { exact: true })).toBeVisible();
  const save = form.getByRole('button', { name: 'Save bank account' });
  await save.click();
  await expect(form.getByText('Account holder is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Routing number is required', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByRole('textbox', { name: 'Account holder' }).fill(`${host.firstName} ${host.lastName}`);
  await form.getByRole('textbox', { name: 'Routing number' }).fill('11000');
  await form.getByRole('textbox', { name: 'Account number' }).fill(testBank.accountNumber);
  await save.click();
  await expect(form.getByText('A routing number has 9 digits.', { exact: true })).toBeVisible();
  await form.getByRole('textbox', { name: 'Routing number' }).fill(testBank.routingNumber);
  await save.click();

  await expect(page).toHaveURL('/host/account?payouts=done');
  await expect(
    section.getByText('Your payout account is connected. Families can now register and pay for your camps.'),
  ).toBeVisible();
  await expect(section.getByText('Active', { exact: true })).toBeVisible();
  await expect(section.getByText(`•••• ${testBank.accountNumber.slice(-4)}`, { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Update payout details' })).toBeVisible();
}

test.describe('payouts to hosts', () => {
  test('a host connects payouts, a parent pays, and the host sees the earnings and downloads them', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { host, org, camp, campId } = await hostWithCamp(request, 'Willow Bend Paddling Week');
    let onboarding = '';

    await test.step('the host connects a payout account through the onboarding page', async () => {
      await signIn(page, host);
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && onboardingUrl.test(frame.url())) onboarding = frame.url();
      });
      await connectThroughOnboarding(page, host, org.name);
    });

    await test.step('the used onboarding link says so and leads back to account settings', async () => {
      await page.goto(onboarding);
      await expect(main(page).getByRole('alert')).toContainText('link');
      await main(page).getByRole('link', { name: 'Back to account settings' }).click();
      await expect(page).toHaveURL('/host/account');
    });

    await test.step('a parent registers a child and pays', async () => {
      const { parent } = await createFamily(request, [childAged('Maya', 9)]);
      await signIn(page, parent);
      await page.goto(`/camps/${campId}/register`);
      await camperChoice(page, 'Maya Fielding').click();
      await main(page).getByRole('button', { name: 'Pay $450' }).click();
      await expect(main(page).getByRole('heading', { level: 2, name: 'You are registered!' })).toBeVisible();
    });

    await test.step('the host opens Earnings and sees the gross, the 5 % fee and the net', async () => {
      await signIn(page, host);
      await page.goto('/host/dashboard');
      await main(page).getByRole('link', { name: 'Earnings', exact: true }).click();
      await expect(page).toHaveURL('/host/earnings');
      const totals = main(page).getByRole('region', { name: 'Totals' });
      await expect(totals.getByRole('group', { name: 'Gross' })).toContainText('$450');
      await expect(totals.getByRole('group', { name: 'Platform fees' })).toContainText('$22.50');
      await expect(totals.getByRole('group', { name: 'Refunds' })).toContainText('$0');
      await expect(totals.getByRole('group', { name: 'Net' })).toContainText('$427.50');
      await expect(totals.getByRole('group', { name: 'Not yet paid out' })).toContainText('$427.50');
      const table = main(page).getByRole('table', { name: camp.name });
      const sessions = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
      await expect(sessions).toHaveCount(1);
      await expect(sessions.getByRole('cell')).toHaveText(['$450', '$22.50', '$0', '$427.50']);
      await expect(main(page).getByText('No payouts yet', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('the CSV has the payment with its fee and net', async () => {
      const downloading = page.waitForEvent('download');
      await main(page).getByRole('button', { name: 'Download CSV' }).click();
      const { name, text } = await downloadedText(await downloading);
      expect(name).toBe('campwise-earnings.csv');
      // Marked as UTF-8, so a spreadsheet shows accented names as they were written.
      expect(text.startsWith('\uFEFF')).toBe(true);
      const [header, ...rows] = text.trim().split(/\r?\n/).map(csvFields);
      expect(header).toEqual([
        'Date',
        'Type',
        'Reference',
        'Camp',
        'Session',
        'Gross',
        'Refund',
        'Platform fee',
        'Net to you',
      ]);
      expect(rows).toHaveLength(1);
      const [date, type, reference, campName, , ...amounts] = rows[0] ?? [];
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect([type, campName]).toEqual(['Payment', camp.name]);
      expect(reference).toBeTruthy();
      expect(amounts).toEqual(['450.00', '0.00', '22.50', '427.50']);
    });
  });

  test('until the host connects, families see "Registration opens soon." and the host sees why, with no payments yet', async ({
    page,
    request,
  }) => {
    const { host, camp, campId } = await hostWithCamp(request, 'Foxglove Meadow Week');

    await test.step('a parent sees that registration opens soon', async () => {
      const parent = await createAccount(request, 'camper');
      await signIn(page, parent);
      await page.goto(`/camps/${campId}`);
      await expect(main(page).getByRole('heading', { level: 1, name: camp.name })).toBeVisible();
      await expect(main(page).getByText('Registration opens soon.').first()).toBeVisible();
    });

    await test.step('the host sees the alert on the dashboard and goes to connect', async () => {
      await signIn(page, host);
      await page.goto('/host/dashboard');
      const alert = main(page).getByRole('region', { name: 'Payout account needed' });
      await expect(alert).toContainText('Families cannot register yet');
      await expect(alert).toContainText(
        'Connect a payout account in your account settings so families can register and pay.',
      );
      await alert.getByRole('link', { name: 'Connect payout account' }).click();
      await expect(page).toHaveURL('/host/account');
      await expect(payoutsSection(page).getByText('Not connected', { exact: true })).toBeVisible();
    });

    await test.step('the host’s earnings have no payments yet', async () => {
      await page.goto('/host/earnings');
      await expect(main(page).getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
      await expect(main(page).getByText('No payments yet', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});
