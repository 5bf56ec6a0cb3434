import { shiftDate } from '@campwise/contract/sessions';
import type { APIRequestContext } from '@playwright/test';
import { runningCampWithFamily, today } from '../check-in-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  type Account,
  bearer,
  closeNotices,
  expect,
  fillRegisterForm,
  header,
  logIn,
  main,
  newPassword,
  signIn,
  uniqueEmail,
  waitForMail,
} from '../support.ts';

/** The owner records a clear background check of the member and puts them on the session. */
async function checkAndAssign(
  request: APIRequestContext,
  owner: Account,
  at: { orgId: number; sessionId: number; memberId: number },
): Promise<void> {
  const check = await request.post(`/host/orgs/${at.orgId}/team/members/${at.memberId}/background-checks`, {
    headers: bearer(owner.token),
    multipart: {
      checkedBy: 'Sterling Volunteers',
      checkedOn: shiftDate(today(), -20),
      result: 'clear',
      expiresOn: shiftDate(today(), 345),
    },
  });
  expect(check.status(), await check.text()).toBe(201);
  const assigned = await request.put(`/host/sessions/${at.sessionId}/staff/${at.memberId}`, {
    headers: bearer(owner.token),
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
}

// The roster a staff member may not open is a 403 the browser logs.
test.use({ allowedConsoleErrors: [/status of 403 \(Forbidden\)/] });

test('a counsellor invited on the owner’s phone signs in on their own, lands on the day’s check-in, checks Maya in, and finds no money, prices or health profiles', {
  tag: '@phone-only',
}, async ({ page, request }) => {
  test.slow();
  const camp = await runningCampWithFamily(request, 'Counsellor Gate');
  const counsellor = {
    firstName: 'Riley',
    lastName: 'Okafor',
    email: uniqueEmail('counsellor'),
    password: newPassword(),
  };

  await test.step('the owner invites the counsellor as staff from the Team page', async () => {
    await signIn(page, camp.host);
    await page.goto(`/host/team/${camp.orgId}`);
    const invite = main(page).getByRole('region', { name: 'Invite someone' });
    await invite.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Staff', exact: true }).click();
    await invite.getByRole('textbox', { name: 'E-mail' }).fill(counsellor.email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${counsellor.email}.`)).toBeVisible();
    await closeNotices(page);
    await expectNoAxeViolations(page);
  });

  await test.step('the counsellor signs up from the e-mail and accepts', async () => {
    const mail = await waitForMail(
      request,
      counsellor.email,
      `${camp.orgName} invites you to its team on Campwise`,
    );
    const link = new URL(/(\S+\/host\/team\/accept\?token=\S+)/.exec(mail.text)?.[1] ?? '');
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${link.pathname}${link.search}`);
    await main(page).getByRole('link', { name: 'Sign up as a host' }).click();
    await fillRegisterForm(page, counsellor);
    await main(page).getByRole('button', { name: 'Create Account' }).click();
    await main(page).getByRole('button', { name: 'Accept invitation' }).click();
    await expect(page).toHaveURL('/host/dashboard');
    await expect(page.getByText(`You have joined ${camp.orgName} as Staff.`)).toBeVisible();
  });

  const team = await request.get(`/host/orgs/${camp.orgId}/team`, { headers: bearer(camp.host.token) });
  const { members } = ((await team.json()) as { data: { members: { userId: number; email: string }[] } })
    .data;
  const memberId = members.find((member) => member.email === counsellor.email)?.userId;
  if (memberId === undefined) throw new Error('the counsellor is not on the team');
  await checkAndAssign(request, camp.host, { orgId: camp.orgId, sessionId: camp.sessionId, memberId });
  const announced = await request.post(`/host/camp/${camp.campId}/announcements`, {
    headers: bearer(camp.host.token),
    data: {
      audience: 'session',
      sessionId: camp.sessionId,
      subject: 'Parking',
      body: 'Park behind the lodge.',
    },
  });
  expect(announced.status(), await announced.text()).toBe(201);

  await test.step('on their own phone the counsellor signs in and lands on today’s check-in', async () => {
    await page.evaluate(() => localStorage.clear());
    await logIn(page, 'host', counsellor.email, counsellor.password);
    await expect(page).toHaveURL(new RegExp(`/host/sessions/${camp.sessionId}/check-in`));
    const maya = main(page).getByRole('listitem', { name: 'Maya Fielding' });
    await expect(maya).toBeVisible();
    await expectNoAxeViolations(page);
    await maya.getByRole('button', { name: 'Check in Maya Fielding' }).click();
    await expect(maya.getByText('Checked in', { exact: true })).toBeVisible();
    // What the families were told is on the sheet too, to read.
    const told = main(page).getByRole('region', { name: 'Told to families' });
    await expect(told.getByText('Parking', { exact: true })).toBeVisible();
    await expect(told.getByText('Park behind the lodge.')).toBeVisible();
  });

  await test.step('the counsellor subscribes to the session’s calendar from their sessions', async () => {
    await page.goto('/host/dashboard');
    await main(page)
      .getByRole('button', { name: new RegExp(`^Calendar of ${camp.campName}`) })
      .click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Calendar of ${camp.campName}`) });
    const address = await dialog.getByRole('textbox', { name: 'Calendar address' }).inputValue();
    expect(new URL(address).pathname).toBe(`/calendar/sessions/${camp.sessionId}/session.ics`);
    await expect(dialog.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute(
      'href',
      /^https:\/\/calendar\.google\.com\//,
    );
    await expectNoAxeViolations(page);
    // What a calendar app reads there: the session's event, leading back to its check-in.
    const feed = await request.get(new URL(address).pathname);
    expect(feed.status()).toBe(200);
    const ics = (await feed.text()).replaceAll('\r\n ', '');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`/host/sessions/${camp.sessionId}/check-in`);
    await page.keyboard.press('Escape');
  });

  await test.step('the family’s e-mail names the counsellor, not only the organization', async () => {
    const mail = await waitForMail(
      request,
      camp.family.parent.email,
      `Maya is checked in at ${camp.campName}`,
    );
    expect(mail.text).toContain(`by ${counsellor.firstName} ${counsellor.lastName}.`);
  });

  await test.step('there is no way to earnings, prices, the roster or health profiles', async () => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Earnings' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(header(page).getByRole('link', { name: 'Earnings' })).toHaveCount(0);

    await page.goto(`/host/camp/${camp.campId}`);
    await expect(main(page).getByRole('heading', { level: 1, name: camp.campName })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(main(page).getByRole('link', { name: 'Roster', exact: true })).toHaveCount(0);

    const notForStaff = main(page).getByText('As staff on the team of', { exact: false });
    await page.goto(`/host/editcamp/${camp.campId}`);
    await expect(notForStaff).toBeVisible();
    await expect(main(page).getByRole('textbox', { name: /price/i })).toHaveCount(0);

    await page.goto(`/host/camp/${camp.campId}/roster`);
    await expect(notForStaff).toBeVisible();
    await expect(main(page).getByText('Maya Fielding')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
