import { ROLE_DESCRIPTIONS } from '@campwise/contract/team-roles';
import { createCamp, datedCamp } from '../camp-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  bearer,
  closeNotices,
  createOrg,
  createSubscribedHost,
  decideOrg,
  expect,
  fillRegisterForm,
  header,
  main,
  newPassword,
  orgCard,
  signIn,
  storedSession,
  uniqueEmail,
  uniqueOrg,
  waitForMail,
} from '../support.ts';

test('an owner invites a staff member, who signs up from the e-mail and joins; the owner makes them a manager, then removes them', async ({
  page,
  request,
}) => {
  // Two people, an e-mail and a dozen screens, four of them checked by axe.
  test.setTimeout(150_000);
  const owner = await createSubscribedHost(request);
  const org = uniqueOrg('Heron Lake Camp');
  const orgId = await createOrg(request, owner, org);
  await decideOrg(request, orgId, { approved: true });
  const camp = datedCamp('Heron Lake Swim Week', org);
  const campId = await createCamp(request, owner, orgId, camp);
  const sessions = await request.get(`/host/camp/${campId}/sessions`, { headers: bearer(owner.token) });
  expect(sessions.status(), await sessions.text()).toBe(200);
  const [session] = ((await sessions.json()) as { data: { id: number; name: string }[] }).data;
  if (!session) throw new Error('the camp has no session');
  const invitee = {
    firstName: 'Sasha',
    lastName: 'Reyes',
    email: uniqueEmail('staff'),
    password: newPassword(),
  };
  const inviteeName = `${invitee.firstName} ${invitee.lastName}`;
  const members = main(page).getByRole('region', { name: 'Members' });
  // The invitee's session, kept once they have signed up in the browser.
  let inviteeToken = '';

  await test.step('the owner opens the team from the dashboard and invites a new address as staff', async () => {
    await signIn(page, owner);
    await page.goto('/host/dashboard');
    await orgCard(page, org.name)
      .getByRole('link', { name: `Team of ${org.name}` })
      .click();
    await expect(page).toHaveURL(`/host/team/${orgId}`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect(members.getByText(`${owner.firstName} ${owner.lastName} (you)`)).toBeVisible();
    await expect(main(page).getByText('Run your camps together')).toBeVisible();

    const invite = main(page).getByRole('region', { name: 'Invite someone' });
    await invite.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Staff', exact: true }).click();
    await expect(invite.getByText(ROLE_DESCRIPTIONS.staff)).toBeVisible();
    await invite.getByRole('textbox', { name: 'E-mail' }).fill(invitee.email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${invitee.email}.`)).toBeVisible();
    const waiting = main(page).getByRole('region', { name: 'Invitations waiting' });
    await expect(waiting.getByText(invitee.email)).toBeVisible();
    await expect(waiting.getByText('Staff', { exact: true })).toBeVisible();
    await closeNotices(page);
    await expectNoAxeViolations(page);
  });

  const mail = await waitForMail(request, invitee.email, `${org.name} invites you to its team on Campwise`);
  const link = new URL(/(\S+\/host\/team\/accept\?token=\S+)/.exec(mail.text)?.[1] ?? '');

  await test.step('the invitee opens the link signed out, is asked for a host account, and signs up', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${link.pathname}${link.search}`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Team invitation' })).toBeVisible();
    await expect(
      main(page).getByText('Team invitations are for host accounts. Sign in or sign up as a host to accept.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page).getByRole('link', { name: 'Sign up as a host' }).click();
    await expect(page).toHaveURL(/\/host\/register\?returnTo=%2Fhost%2Fteam%2Faccept%3Ftoken%3D/);
    await fillRegisterForm(page, invitee);
    await main(page).getByRole('button', { name: 'Create Account' }).click();
  });

  await test.step('back on the invitation, the new host reads it and accepts', async () => {
    await expect(page).toHaveURL(`${link.pathname}${link.search}`);
    await expect(main(page).getByText(`invites you to join ${org.name} as staff.`)).toBeVisible();
    await expect(main(page).getByText(`Sent to ${invitee.email}.`, { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page).getByRole('button', { name: 'Accept invitation' }).click();
    await expect(page).toHaveURL('/host/dashboard');
    await expect(page.getByText(`You have joined ${org.name} as Staff.`)).toBeVisible();
    inviteeToken = (await storedSession(page)).token ?? '';
  });

  await test.step('the staff member’s home shows the organization, without editing, earnings or a plan', async () => {
    const card = orgCard(page, org.name);
    await expect(card).toBeVisible();
    await expect(card.getByText('Staff', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('button', { name: '+ New Organization' })).toHaveCount(0);
    await expect(main(page).getByRole('link', { name: 'Earnings' })).toHaveCount(0);
    await expect(main(page).getByRole('link', { name: 'Season insights' })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Earnings' })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Messages' })).toHaveCount(0);

    await card.getByRole('link', { name: org.name, exact: true }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: org.name })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'View Camps' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);

    await page.goto(`/host/editorg/${orgId}`);
    await expect(main(page).getByText('As staff on the team of', { exact: false })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Delete Organization' })).toHaveCount(0);

    await page.goto(`/host/team/${orgId}`);
    await expect(members.getByText(`${inviteeName} (you)`)).toBeVisible();
    await expect(main(page).getByRole('region', { name: 'Invite someone' })).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Leave the team' })).toBeVisible();
    await closeNotices(page);
    await expectNoAxeViolations(page);
  });

  await test.step('the owner puts the staff member on the camp’s session', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, owner);
    await page.goto(`/host/camp/${campId}`);
    const item = main(page)
      .getByRole('list', { name: 'Sessions', exact: true })
      .getByRole('listitem', { name: session.name, exact: true });
    await item.getByRole('button', { name: `More for ${session.name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Staff', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Staff of ${session.name}` });
    await dialog.getByRole('button', { name: `Assign ${inviteeName} to ${session.name}` }).click();
    await expect(page.getByText(`${inviteeName} works ${session.name} now.`)).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: `Take ${inviteeName} off ${session.name}` }),
    ).toBeVisible();
    await closeNotices(page);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
  });

  await test.step('the staff member finds the session on their home and opens its check-in', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, { token: inviteeToken, userType: 'host' });
    await page.goto('/host/dashboard');
    const worked = main(page).getByRole('region', { name: 'Your sessions' });
    await worked.getByRole('link', { name: `Check-in of ${session.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/host/sessions/${session.id}/check-in(\\?|$)`));
    await expect(main(page).getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
    // Staff have no roster: the way back is the camp, which offers them nothing to change.
    await main(page).getByRole('link', { name: camp.name, exact: true }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: camp.name })).toBeVisible();
    await expect(main(page).getByRole('link', { name: `Check-in of ${session.name}` })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(main(page).getByRole('link', { name: 'Roster', exact: true })).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Add session' })).toHaveCount(0);
  });

  await test.step('the owner sees the new member, makes them a manager, then removes them', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, owner);
    await page.goto(`/host/team/${orgId}`);
    await expect(main(page).getByRole('region', { name: 'Invitations waiting' })).toHaveCount(0);
    const row = members.getByRole('listitem', { name: inviteeName });
    await expect(row.getByText(invitee.email)).toBeVisible();

    await row.getByRole('textbox', { name: `Role of ${inviteeName}` }).click();
    await page.getByRole('option', { name: 'Manager', exact: true }).click();
    await expect(page.getByText(`${inviteeName} is now Manager.`)).toBeVisible();
    await expect(row.getByRole('textbox', { name: `Role of ${inviteeName}` })).toHaveValue('Manager');

    await row.getByRole('button', { name: `Remove ${inviteeName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove from the team' });
    await expect(
      dialog.getByText(`Remove ${inviteeName} from the team? They lose access at once.`),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByText(`${inviteeName} is no longer on the team.`)).toBeVisible();
    await expect(members.getByRole('listitem', { name: inviteeName })).toHaveCount(0);
  });
});
