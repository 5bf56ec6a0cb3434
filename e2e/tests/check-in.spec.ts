import { imageFile, jpegImage } from '../camp-support.ts';
import { runningCampWithFamily } from '../check-in-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { openRosterEntry } from '../roster-support.ts';
import { chooseImage, closeNotices, expect, main, signIn } from '../support.ts';

test.describe('the day of camp', () => {
  // Taps made while the connection is cut are failed loads on purpose.
  test.use({ allowedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

  test('a host checks children in and out on a phone, handing Maya to her grandmother', {
    tag: '@phone',
  }, async ({ page, request }) => {
    test.slow();
    const camp = await runningCampWithFamily(request, 'Gate Day');
    await signIn(page, camp.host);
    await page.goto(`/host/camp/${camp.campId}/roster`);
    await main(page).getByRole('link', { name: 'Check-in' }).click();
    await expect(page).toHaveURL(new RegExp(`/host/sessions/${camp.sessionId}/check-in`));

    const maya = main(page).getByRole('listitem', { name: 'Maya Fielding' });
    await expect(maya).toBeVisible();
    await expectNoAxeViolations(page);
    await maya.getByRole('button', { name: 'Check in Maya Fielding' }).click();
    await expect(maya.getByText('Checked in', { exact: true })).toBeVisible();

    await maya.getByRole('button', { name: 'Check out Maya Fielding' }).click();
    const dialog = page.getByRole('dialog', { name: 'Who is collecting Maya?' });
    const rose = dialog.getByRole('radio', { name: 'Rose Fielding, Grandmother' });
    // Her photo is there to compare with the person at the gate.
    await expect(dialog.locator('img')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await rose.check();
    await dialog.getByRole('button', { name: 'Check out to Rose Fielding' }).click();
    await expect(maya.getByText('Gone home', { exact: true })).toBeVisible();
    await expect(maya.getByText(/collected at .* by Rose Fielding \(Grandmother\)/)).toBeVisible();

    // The roster has the day.
    await page.goto(`/host/camp/${camp.campId}/roster`);
    const panel = await openRosterEntry(page, 'Maya Fielding');
    await expect(panel.getByText(/collected by Rose Fielding/)).toBeVisible();

    // The family was told both times.
    const mailbox = await request.get('/dev/mailbox');
    const mail = await mailbox.text();
    expect(mail).toContain('Maya is checked in at');
    expect(mail).toContain('Maya was collected from');
  });

  test('a pickup by someone not on the list is refused and recorded; the child stays until a parent collects', {
    tag: '@phone',
  }, async ({ page, request }) => {
    const camp = await runningCampWithFamily(request, 'Gate Refusal');
    await signIn(page, camp.host);
    await page.goto(`/host/sessions/${camp.sessionId}/check-in`);
    const leo = main(page).getByRole('listitem', { name: 'Leo Fielding' });
    await leo.getByRole('button', { name: 'Check in Leo Fielding' }).click();
    await leo.getByRole('button', { name: 'Check out Leo Fielding' }).click();
    const dialog = page.getByRole('dialog', { name: 'Who is collecting Leo?' });
    // Nobody else is on Leo's list: only the parent on the account may collect him.
    await expect(dialog.getByText(/named no other pickup adults/)).toBeVisible();
    await expect(dialog.getByRole('radio')).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: 'Choose an adult to check out' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Record refused pickup' }).click();
    await expect(dialog.getByText('Please write the name the person gave.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name they gave' }).fill('Mr Nobody');
    await dialog.getByRole('button', { name: 'Record refused pickup' }).click();
    await expect(leo.getByText(/Refused pickup at .*: Mr Nobody/)).toBeVisible();
    await expect(leo.getByText('Checked in', { exact: true })).toBeVisible();

    // The parent arrives: shown first, always allowed.
    const { firstName, lastName } = camp.family.parent;
    const parentName = `${firstName} ${lastName}`;
    await leo.getByRole('button', { name: 'Check out Leo Fielding' }).click();
    await dialog.getByRole('radio', { name: `${parentName}, parent on the account` }).check();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: `Check out to ${parentName}` }).click();
    await expect(leo.getByText('Gone home', { exact: true })).toBeVisible();
    await expect(leo.getByText(new RegExp(`collected at .* by ${parentName} \\(Parent\\)`))).toBeVisible();
  });

  test('from the phone menu a host reaches the day’s check-in in two taps and hands a child to the parent', {
    tag: '@phone-only',
  }, async ({ page, request }) => {
    const camp = await runningCampWithFamily(request, 'Gate Two Taps');
    await signIn(page, camp.host);
    await page.goto('/host/account');
    await page.getByRole('button', { name: 'Open menu' }).click();
    // Tap one: home, where today's sessions come first, each with its check-in.
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My Dashboard' }).click();
    const today = main(page).getByRole('region', { name: 'Today and this week' });
    const session = today
      .getByRole('list', { name: 'Sessions today and this week' })
      .getByRole('listitem')
      .filter({ hasText: camp.campName });
    // The places booked lately are listed too.
    await expect(
      today
        .getByRole('list', { name: 'Latest places booked' })
        .getByRole('listitem')
        .filter({ hasText: camp.campName }),
    ).toHaveCount(2);
    await expect(session.getByText('Today', { exact: true })).toBeVisible();
    await expect(session).toContainText('2 campers · 0 checked in');
    await expectNoAxeViolations(page);
    // Tap two: the check-in sheet.
    await session.getByRole('link', { name: new RegExp(`^Check-in of ${camp.campName}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/host/sessions/${camp.sessionId}/check-in`));

    const leo = main(page).getByRole('listitem', { name: 'Leo Fielding' });
    await leo.getByRole('button', { name: 'Check in Leo Fielding' }).click();
    await expect(leo.getByText('Checked in', { exact: true })).toBeVisible();
    const parentName = `${camp.family.parent.firstName} ${camp.family.parent.lastName}`;
    await leo.getByRole('button', { name: 'Check out Leo Fielding' }).click();
    const dialog = page.getByRole('dialog', { name: 'Who is collecting Leo?' });
    await dialog.getByRole('radio', { name: `${parentName}, parent on the account` }).check();
    await dialog.getByRole('button', { name: `Check out to ${parentName}` }).click();
    await expect(leo.getByText('Gone home', { exact: true })).toBeVisible();

    // Back home, the day's count has moved.
    await page.goBack();
    await expect(session).toContainText('2 campers · 1 checked in');
  });

  test('a tap made without a connection waits, is shown, and is sent once the connection is back', {
    tag: '@phone',
  }, async ({ page, request }) => {
    const camp = await runningCampWithFamily(request, 'Gate Offline');
    await signIn(page, camp.host);
    await page.goto(`/host/sessions/${camp.sessionId}/check-in`);
    const maya = main(page).getByRole('listitem', { name: 'Maya Fielding' });
    await expect(maya).toBeVisible();
    await page.context().setOffline(true);
    await maya.getByRole('button', { name: 'Check in Maya Fielding' }).click();
    await expect(main(page).getByText('1 tap is waiting to be sent.', { exact: false })).toBeVisible();
    await expect(maya.getByText('Check-in: waiting for the connection')).toBeVisible();
    await expect(maya.getByRole('button', { name: 'Check in Maya Fielding' })).toBeDisabled();
    await expect(main(page).getByText('No connection')).toBeVisible();
    await expectNoAxeViolations(page);

    // Send now tries again at once; still offline, the tap keeps waiting.
    const sendNow = main(page).getByRole('button', { name: 'Send now' });
    await sendNow.click();
    await expect(main(page).getByText('1 tap is waiting to be sent.', { exact: false })).toBeVisible();
    await expect(sendNow).toBeVisible();

    // Back online, the browser says so and the waiting tap goes by itself (no timer to race).
    await page.context().setOffline(false);
    await expect(maya.getByText('Checked in', { exact: true })).toBeVisible();
    await expect(main(page).getByText('No connection')).toHaveCount(0);
    // Sent once, whatever the retries: one check-in e-mail.
    const mailbox = await request.get('/dev/mailbox', { headers: { accept: 'application/json' } });
    const { data } = (await mailbox.json()) as { data: { to: string; subject: string }[] };
    const checkIns = data.filter(
      (mail) => mail.to === camp.family.parent.email && mail.subject.startsWith('Maya is checked in at'),
    );
    expect(checkIns).toHaveLength(1);
  });

  test('a parent adds a pickup adult with a photo on the child page', async ({ page, request }, testInfo) => {
    const camp = await runningCampWithFamily(request, 'Gate Parent');
    await signIn(page, camp.family.parent);
    const [, leoId] = camp.family.childIds;
    await page.goto(`/camper/child/${leoId}`);
    const section = main(page).getByRole('region', { name: 'Pickup adults' });
    await expect(section.getByText(/Nobody yet/)).toBeVisible();
    await section.getByRole('button', { name: 'Add pickup adult' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add pickup adult' });
    await dialog.getByRole('button', { name: 'Add Adult' }).click();
    await expect(dialog.getByText('Please give the name of the adult.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Full name' }).fill('Danny Fielding');
    await dialog.getByRole('textbox', { name: 'Relationship to the child' }).fill('Uncle');
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('5125550188');
    const photo = await imageFile(testInfo.outputPath('danny.jpg'), jpegImage('#7a4a2f', 300, 300));
    await chooseImage(dialog, 'Photo (optional)', photo);
    await dialog.getByRole('button', { name: 'Add Adult' }).click();
    await expect(page.getByText('Danny Fielding can now collect Leo.')).toBeVisible();
    await expect(section.getByText('Uncle · 512-555-0188')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Edit Danny Fielding' })).toBeVisible();
    await closeNotices(page);
    await expectNoAxeViolations(page);

    await section.getByRole('button', { name: 'Edit Danny Fielding' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit pickup adult' });
    await expect(edit.getByRole('textbox', { name: 'Full name' })).toHaveValue('Danny Fielding');
    await expectNoAxeViolations(page);
  });
});
