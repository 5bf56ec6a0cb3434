import { formatDate } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { shiftDate } from '@campwise/contract/sessions';
import type { APIRequestContext } from '@playwright/test';
import { runningCampWithFamily, today } from '../check-in-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  type Account,
  bearer,
  closeNotices,
  expect,
  main,
  newPassword,
  signIn,
  uniqueEmail,
  waitForMail,
} from '../support.ts';

// The refused assignment is a 409 the browser logs.
test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\)/] });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A host who signs up and joins the organization as staff from the invitation e-mail, through the API. */
async function joinAsStaff(
  request: APIRequestContext,
  owner: Account,
  orgId: number,
  orgName: string,
  person: { firstName: string; lastName: string },
): Promise<string> {
  const email = uniqueEmail('checked-staff');
  const registered = await request.post('/auth/register', {
    data: { ...person, email, phone: null, password: newPassword(), userType: 'host' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = ((await registered.json()) as { data: { token: string } }).data;
  const invited = await request.post(`/host/orgs/${orgId}/team/invitations`, {
    headers: bearer(owner.token),
    data: { email, role: 'staff' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = await waitForMail(request, email, `${orgName} invites you to its team on Campwise`);
  const link = new URL(/(\S+\/host\/team\/accept\?token=\S+)/.exec(mail.text)?.[1] ?? '');
  const accepted = await request.post('/host/team/invitation/accept', {
    headers: bearer(token),
    data: { token: link.searchParams.get('token') },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return token;
}

test('the owner records a clear check with its document and an expired one, and an expired member cannot work a session with children', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const running = await runningCampWithFamily(request, 'Birch Hollow Day Camp');
  const { host: owner, campId, sessionId } = running;
  const camp = await request.get(`/host/camp/${campId}`, { headers: bearer(owner.token) });
  expect(camp.status(), await camp.text()).toBe(200);
  const { orgId } = ((await camp.json()) as { data: { orgId: number } }).data;
  const team = await request.get(`/host/orgs/${orgId}/team`, { headers: bearer(owner.token) });
  const { orgName } = ((await team.json()) as { data: { orgName: string } }).data;
  const sessions = await request.get(`/host/camp/${campId}/sessions`, { headers: bearer(owner.token) });
  const session = ((await sessions.json()) as { data: { id: number; name: string }[] }).data.find(
    (each) => each.id === sessionId,
  );
  if (!session) throw new Error('the camp has no session');

  const clear = { firstName: 'Imani', lastName: 'Okafor' };
  const lapsed = { firstName: 'Tobias', lastName: 'Lindqvist' };
  await joinAsStaff(request, owner, orgId, orgName, clear);
  const lapsedToken = await joinAsStaff(request, owner, orgId, orgName, lapsed);
  const clearName = `${clear.firstName} ${clear.lastName}`;
  const lapsedName = `${lapsed.firstName} ${lapsed.lastName}`;
  const lapsedOn = shiftDate(today(), -20);

  const checks = main(page).getByRole('region', { name: 'Background checks' });
  const row = (name: string) => checks.getByRole('listitem', { name });

  await test.step('the owner sees every member without a check', async () => {
    await signIn(page, owner);
    await page.goto(`/host/team/${orgId}`);
    await expect(checks.getByText('3 without a check')).toBeVisible();
    await expect(row(clearName).getByText('No check on file')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('a clear check with a PDF', async () => {
    await row(clearName)
      .getByRole('button', { name: `Record a check for ${clearName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Record a background check' });
    await expect(dialog.getByText(clearName)).toBeVisible();

    // Sent empty, each required field says so; an expiry before the check is refused beside it.
    await dialog.getByRole('button', { name: 'Save check' }).click();
    await expect(dialog.getByText('Checked by is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Checked by' }).fill('Lakeshore Screening Services');
    await dialog.getByLabel('Checked on').fill(shiftDate(today(), -10));
    await dialog.getByLabel('Expires on').fill(shiftDate(today(), -11));
    await dialog.getByRole('button', { name: 'Save check' }).click();
    await expect(dialog.getByText(messages.checkExpiresBeforeChecked)).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByLabel('Expires on').fill(shiftDate(today(), 365));
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'imani-check.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await dialog.getByRole('button', { name: 'Save check' }).click();
    await expect(page.getByText(`Background check saved for ${clearName}.`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row(clearName).getByText('Clear', { exact: true })).toBeVisible();
    await expect(
      row(clearName).getByText('Checked by Lakeshore Screening Services', { exact: false }),
    ).toBeVisible();

    const downloading = page.waitForEvent('download');
    await row(clearName)
      .getByRole('button', { name: `Download the background check document of ${clearName}` })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  });

  await test.step('an expired check for another member', async () => {
    await row(lapsedName)
      .getByRole('button', { name: `Record a check for ${lapsedName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Record a background check' });
    await dialog.getByRole('textbox', { name: 'Checked by' }).fill('County Records Office');
    await dialog.getByLabel('Checked on').fill(shiftDate(today(), -750));
    await dialog.getByRole('textbox', { name: 'Result' }).click();
    await page.getByRole('option', { name: 'Expired', exact: true }).click();
    await dialog.getByLabel('Expires on').fill(lapsedOn);
    await dialog.getByRole('button', { name: 'Save check' }).click();
    await expect(page.getByText(`Background check saved for ${lapsedName}.`)).toBeVisible();
    await expect(row(lapsedName).getByText('Expired', { exact: true })).toBeVisible();
    await expect(checks.getByText('1 clear · 1 expired · 1 without a check')).toBeVisible();
    await closeNotices(page);
    await expectNoAxeViolations(page);
  });

  await test.step('assigning the expired member to the session with children is refused by name', async () => {
    await page.goto(`/host/camp/${campId}`);
    const item = main(page)
      .getByRole('list', { name: 'Sessions', exact: true })
      .getByRole('listitem', { name: session.name, exact: true });
    await item.getByRole('button', { name: `More for ${session.name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Staff', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Staff of ${session.name}` });
    await dialog.getByRole('button', { name: `Assign ${lapsedName} to ${session.name}` }).click();
    const refusal = dialog.getByRole('alert');
    await expect(refusal).toContainText(
      messages.staffCheckExpired.replace('{name}', lapsedName).replace('{date}', formatDate(lapsedOn)),
    );
    await expect(
      dialog.getByRole('button', { name: `Assign ${lapsedName} to ${session.name}` }),
    ).toBeVisible();

    await dialog.getByRole('button', { name: `Assign ${clearName} to ${session.name}` }).click();
    await expect(page.getByText(`${clearName} works ${session.name} now.`)).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await closeNotices(page);
    await expectNoAxeViolations(page);
  });

  await test.step('staff see the team without anyone’s background checks', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, { token: lapsedToken, userType: 'host' });
    await page.goto(`/host/team/${orgId}`);
    await expect(main(page).getByRole('region', { name: 'Members' })).toBeVisible();
    await expect(checks).toHaveCount(0);
  });
});
