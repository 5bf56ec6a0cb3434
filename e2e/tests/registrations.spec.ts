import { ageOn, utcToday } from '@campwise/contract/children';
import { formatDateRange } from '@campwise/contract/format';
import type { Page, Request } from '@playwright/test';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  camperChoice,
  childAged,
  createFamily,
  createListedCamp,
  downloadedText,
  registerThroughApi,
  registrationCard,
  registrationCards,
} from '../registration-support.ts';
import { openRosterEntry } from '../roster-support.ts';
import { createSubscribedHost, expect, main, signIn, waitForMail } from '../support.ts';

const payButton = (page: Page, label: RegExp | string) => main(page).getByRole('button', { name: label });
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** The idempotency keys the page sent with its registration attempts, in order. */
function recordAttemptKeys(page: Page, campId: number): string[] {
  const keys: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/camps/${campId}/registrations`)) {
      keys.push((request.postDataJSON() as { idempotencyKey: string }).idempotencyKey);
    }
  });
  return keys;
}

test.describe('registering for camps', () => {
  test.describe('with a connection lost once', () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_CONNECTION_RESET/] });

    test('a parent finds a camp, registers two children, downloads the calendar file and cancels one; the host sees the roster and exports it', async ({
      page,
      request,
    }) => {
      // A network failure is provoked on purpose once.
      test.setTimeout(120_000);
      const { host, campId, camp } = await createListedCamp(request, 'Maple Grove Art Week');
      const maya = childAged('Maya', 9, {
        medical: 'Peanut allergy; carries an EpiPen.',
        shirtSize: 'youth_s',
      });
      const family = await createFamily(request, [maya, childAged('Leo', 8), childAged('Ava', 14)]);
      const { parent } = family;
      const attemptKeys = recordAttemptKeys(page, campId);

      await test.step('finds the camp through search and opens its registration', async () => {
        await signIn(page, parent);
        await page.goto('/search');
        await main(page).getByRole('textbox', { name: 'Keyword', exact: true }).fill(camp.name);
        await main(page).getByRole('button', { name: 'Search', exact: true }).click();
        await main(page)
          .getByRole('article')
          .filter({ has: page.getByRole('heading', { level: 2, name: camp.name, exact: true }) })
          .getByRole('link', { name: `Learn more about ${camp.name}` })
          .click();
        await expect(page).toHaveURL(`/camps/${campId}`);
        // The first is the camp's own line; the phone's sticky Register bar repeats it.
        await expect(main(page).getByText('24 spots left', { exact: true }).first()).toBeVisible();
        await main(page).getByRole('link', { name: 'Register', exact: true }).click();
        await expect(page).toHaveURL(`/camps/${campId}/register`);
        await expect(
          main(page).getByRole('heading', { level: 1, name: `Register for ${camp.name}` }),
        ).toBeVisible();
        await expect(
          main(page).getByText(`Ages ${camp.minAge} to ${camp.maxAge}`, { exact: true }),
        ).toBeVisible();
      });

      await test.step('sees each child with their age at the start, and who cannot come', async () => {
        await expect(camperChoice(page, 'Maya Fielding')).toContainText('Age 9 at the start');
        await expect(camperChoice(page, 'Ava Fielding')).toBeDisabled();
        await expect(camperChoice(page, 'Ava Fielding')).toContainText('Too old for this camp');
        await expect(main(page).getByRole('radio', { name: /^Visa ending in 4242/ })).toBeChecked();
        await expect(payButton(page, 'Pay $0')).toBeDisabled();
        await expect(
          main(page).getByText('Choose at least one camper to pay.', { exact: true }),
        ).toBeVisible();
      });

      await test.step('chooses two children and pays once, though the first answer is lost', async () => {
        await camperChoice(page, 'Maya Fielding').click();
        await camperChoice(page, 'Leo Fielding').click();
        await expect(camperChoice(page, 'Maya Fielding')).toBeChecked();
        // The server's price, a line per camper, then the total.
        const checkout = main(page).getByRole('list', { name: 'Your checkout' }).getByRole('listitem');
        await expect(checkout).toHaveCount(2);
        await expect(checkout.filter({ hasText: 'Maya Fielding' })).toContainText('$450');
        await expect(checkout.filter({ hasText: 'Leo Fielding' })).toContainText('$450');
        await expect(main(page).getByText('$900', { exact: true })).toBeVisible();
        await expect(payButton(page, 'Pay $900')).toBeEnabled();
        await expectNoAxeViolations(page);

        // The server registers and charges, but the browser never hears back.
        const path = `**/api/camps/${campId}/registrations`;
        await page.route(path, async (route) => {
          await route.fetch();
          await route.abort('connectionreset');
        });
        await payButton(page, 'Pay $900').click();
        await expect(main(page).getByRole('alert')).toContainText('We could not reach Campwise');
        await page.unroute(path);

        await payButton(page, 'Pay $900').click();
        await expect(
          main(page).getByRole('heading', { level: 2, name: 'You are registered!' }),
        ).toBeFocused();
        await expect(
          main(page).getByText(/Leo and Maya are registered for .* We charged \$900/),
        ).toBeVisible();
        await expect(
          main(page).getByText(/^Receipt number CW-\d{6,}\. We e-mailed you a receipt\.$/),
        ).toBeVisible();
        await expect(main(page).getByText(camp.name, { exact: true }).last()).toBeVisible();
        // The page says it is done, each place with its dates and its calendar file.
        await expect(
          main(page).getByRole('heading', { level: 1, name: `Registered for ${camp.name}` }),
        ).toBeVisible();
        const booked = main(page).getByRole('list', { name: 'What you booked' }).getByRole('listitem');
        await expect(booked).toHaveCount(2);
        for (const line of await booked.all()) {
          await expect(line).toContainText(formatDateRange(camp.startDate, camp.endDate));
        }
        const fromConfirmation = page.waitForEvent('download');
        await booked
          .filter({ hasText: 'Maya Fielding' })
          .getByRole('button', { name: /^Add Maya Fielding.* to your calendar$/ })
          .click();
        expect((await downloadedText(await fromConfirmation)).text).toContain(
          `DTSTART;VALUE=DATE:${camp.startDate.replaceAll('-', '')}`,
        );
        expect(attemptKeys, 'the retry is the same attempt').toHaveLength(2);
        expect(attemptKeys[1]).toBe(attemptKeys[0]);
      });

      await test.step('sees both in My Registrations and adds a place to a calendar app', async () => {
        await main(page).getByRole('link', { name: 'My Registrations', exact: true }).click();
        await expect(page).toHaveURL('/camper/registrations');
        for (const child of ['Maya Fielding', 'Leo Fielding']) {
          const card = registrationCard(page, 'Upcoming', child, camp.name);
          await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
          await expect(card.getByText('Paid $450', { exact: true })).toBeVisible();
        }
        await expectNoAxeViolations(page);
        await registrationCard(page, 'Upcoming', 'Maya Fielding', camp.name)
          .getByRole('button', { name: 'Add to calendar', exact: true })
          .click();
        const apps = page.getByRole('menu', { name: 'Add to calendar' });
        // Google's and Outlook's own new-event pages, filled in (the journeys never leave this machine).
        const google = new URL(
          (await apps.getByRole('menuitem', { name: 'Google Calendar' }).getAttribute('href')) ?? '',
        );
        expect(google.hostname).toBe('calendar.google.com');
        expect(google.searchParams.get('text')).toContain(camp.name);
        expect(google.searchParams.get('dates')).toMatch(
          new RegExp(`^${camp.startDate.replaceAll('-', '')}`),
        );
        const outlook = await apps.getByRole('menuitem', { name: 'Outlook.com' }).getAttribute('href');
        expect(new URL(outlook ?? '').hostname).toBe('outlook.live.com');
        await expectNoAxeViolations(page);
        const downloading = page.waitForEvent('download');
        await apps.getByRole('menuitem', { name: /^Apple Calendar or another app/ }).click();
        const { name, text } = await downloadedText(await downloading);
        expect(name).toMatch(/\.ics$/);
        expect(text).toContain('BEGIN:VCALENDAR');
        expect(text).toContain(`SUMMARY:${camp.name}`);
        expect(text).toContain(`DTSTART;VALUE=DATE:${camp.startDate.replaceAll('-', '')}`);
      });

      await test.step('cancels Leo’s registration and is refunded in full', async () => {
        await registrationCard(page, 'Upcoming', 'Leo Fielding', camp.name)
          .getByRole('button', { name: 'Cancel registration', exact: true })
          .click();
        const dialog = page.getByRole('dialog', { name: 'Cancel registration' });
        await expect(dialog.getByText('Are you sure you wish to cancel this registration?')).toBeVisible();
        await expect(dialog.getByText('You will be refunded $450 in full.', { exact: true })).toBeVisible();
        await expectNoAxeViolations(page);
        await dialog.getByRole('button', { name: 'Cancel registration', exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(toast(page, '$450 is on its way back to your card.')).toBeVisible();
        const cancelled = registrationCard(page, 'Past and cancelled', 'Leo Fielding', camp.name);
        await expect(cancelled.getByText('Cancelled', { exact: true })).toBeVisible();
        await expect(cancelled.getByText('Paid $450 · Refunded $450', { exact: true })).toBeVisible();
        await expect(registrationCard(page, 'Upcoming', 'Maya Fielding', camp.name)).toBeVisible();
      });

      await test.step('the host opens the roster from the camp', async () => {
        await signIn(page, host);
        await page.goto(`/host/camp/${campId}`);
        await expect(main(page).getByText('23 spots left', { exact: true }).first()).toBeVisible();
        await main(page).getByRole('link', { name: 'Roster', exact: true }).click();
        await expect(page).toHaveURL(`/host/camp/${campId}/roster`);
        await expect(main(page).getByRole('heading', { level: 1, name: 'Roster' })).toBeVisible();
        await expect(main(page).getByRole('link', { name: camp.name })).toBeVisible();
        const registered = main(page).getByRole('region', { name: 'Registered (1)' });
        const row = registered.getByRole('row', { name: /Maya Fielding/ });
        // The roster gives each child's age today.
        const age = String(ageOn(maya.birthday, utcToday()));
        for (const text of [age, 'Health notes', 'Confirmed', '$450']) {
          await expect(row.getByText(text, { exact: true })).toBeVisible();
        }
        const panel = await openRosterEntry(page, 'Maya Fielding');
        for (const text of ['Youth S', maya.medical, parent.email]) {
          await expect(panel.getByText(text, { exact: true })).toBeVisible();
        }
        await page.keyboard.press('Escape');
        await expect(panel).toBeHidden();
        await expect(registered.getByText('Leo Fielding')).toHaveCount(0);
        await expect(main(page).getByText('Nobody is waiting for a spot.', { exact: true })).toBeVisible();
      });

      await test.step('exports the roster as CSV', async () => {
        const downloading = page.waitForEvent('download');
        await main(page).getByRole('button', { name: 'Export CSV', exact: true }).click();
        const { name, text } = await downloadedText(await downloading);
        expect(name).toMatch(/\.csv$/);
        expect(text).toContain('Maya');
        expect(text).toContain(parent.email);
        expect(text).not.toContain('Leo');
      });
    });
  });

  test('a full camp puts the next family on the waitlist, and a cancellation offers them the spot', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { host, campId, camp } = await createListedCamp(request, 'Birch Hollow Camp', {
      spots: 1,
      waitlist: true,
    });
    const first = await createFamily(request, [childAged('Noah', 10)]);
    await registerThroughApi(request, first, campId);
    const second = await createFamily(request, [childAged('Ivy', 9, { lastName: 'Marsh' })]);

    await test.step('the next family joins the waitlist free of charge', async () => {
      await signIn(page, second.parent);
      await page.goto(`/camps/${campId}/register`);
      await expect(
        main(page).getByText('$450 per camper · Full — waitlist open', { exact: true }),
      ).toBeVisible();
      await camperChoice(page, 'Ivy Marsh').click();
      await expect(main(page).getByRole('alert').filter({ hasText: 'This camp is full' })).toContainText(
        'join the waitlist free of charge',
      );
      await expect(main(page).getByRole('radiogroup', { name: 'Pay with' })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await payButton(page, 'Join the waitlist').click();
      await expect(
        main(page).getByRole('heading', { level: 2, name: 'You are on the waitlist' }),
      ).toBeVisible();
      await expect(main(page).getByText(/Nothing was charged/)).toBeVisible();

      await main(page).getByRole('link', { name: 'My Registrations', exact: true }).click();
      const card = registrationCard(page, 'Upcoming', 'Ivy Marsh', camp.name);
      await expect(card.getByText('On the waitlist', { exact: true })).toBeVisible();
      await expect(card.getByText('No charge · Number 1 on the waitlist', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Leave waitlist', exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('the host sees the waitlist and cancels the registered child', async () => {
      await signIn(page, host);
      await page.goto(`/host/camp/${campId}/roster`);
      const waitlist = main(page).getByRole('region', { name: 'Waitlist (1)' });
      await expect(
        waitlist.getByRole('row', { name: /Ivy Marsh/ }).getByText('On the waitlist'),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      const noah = await openRosterEntry(page, 'Noah Fielding');
      await noah.getByRole('button', { name: 'Cancel registration', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel registration' });
      await expect(
        dialog.getByText(`${first.parent.firstName} ${first.parent.lastName} will be refunded $450 in full`),
      ).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel registration', exact: true }).click();
      await expect(toast(page, "Noah Fielding's registration is cancelled")).toBeVisible();
      // The waitlist job offers the freed spot to Ivy, who then holds it.
      await expect(
        main(page)
          .getByRole('region', { name: 'Registered (1)' })
          .getByRole('row', { name: /Ivy Marsh/ })
          .getByText('Spot offered', { exact: true }),
      ).toBeVisible({ timeout: 20_000 });
    });

    await test.step('the waiting family follows the e-mailed link and takes the held spot', async () => {
      const mail = await waitForMail(request, second.parent.email, `A spot opened up at ${camp.name}`);
      const link = /https?:\/\/\S+\/camps\/\d+\/register/.exec(mail.text)?.[0];
      expect(link, 'the offer links to the registration page').toBeTruthy();
      await signIn(page, second.parent);
      await page.goto(new URL(link ?? '').pathname);
      const ivy = camperChoice(page, 'Ivy Marsh');
      await expect(ivy).toBeChecked();
      await expect(ivy).toContainText('Spot held for you until');
      await payButton(page, 'Pay $450').click();
      await expect(main(page).getByRole('heading', { level: 2, name: 'You are registered!' })).toBeVisible();
      await main(page).getByRole('link', { name: 'My Registrations', exact: true }).click();
      const card = registrationCard(page, 'Upcoming', 'Ivy Marsh', camp.name);
      await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
      await expect(card.getByText('Paid $450', { exact: true })).toBeVisible();
    });
  });

  test.describe('with a card declined', () => {
    test.use({ allowedConsoleErrors: [/the server responded with a status of 402/] });

    test('a declined card is refused with the processor’s message, and a card added on the page pays', async ({
      page,
      request,
    }) => {
      const { campId } = await createListedCamp(request, 'Willow Creek Days');
      const family = await createFamily(request, [childAged('June', 10)], registrationCards.declinesCharges);
      const attemptKeys = recordAttemptKeys(page, campId);

      await signIn(page, family.parent);
      await page.goto(`/camps/${campId}/register`);
      await camperChoice(page, 'June Fielding').click();
      await payButton(page, 'Pay $450').click();
      await expect(main(page).getByRole('alert')).toHaveText(
        'Your card was declined. Please use another card.',
      );

      await main(page).getByRole('button', { name: 'Use a new card', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New Card' });
      await dialog.getByRole('textbox', { name: 'First Name', exact: true }).fill('Casey');
      await dialog.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Fielding');
      await dialog
        .getByRole('textbox', { name: 'Card Number', exact: true })
        .fill(registrationCards.approved);
      await dialog.getByRole('textbox', { name: 'Exp Month', exact: true }).fill('11');
      await dialog
        .getByRole('textbox', { name: 'Exp Year', exact: true })
        .fill(String(new Date().getFullYear() + 3));
      await dialog.getByRole('textbox', { name: 'CVC', exact: true }).fill('321');
      await dialog.getByRole('button', { name: 'Add Card', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(main(page).getByRole('radio', { name: /^Visa ending in 4242/ })).toBeChecked();
      await expect(main(page).getByRole('radio', { name: /^Visa ending in 0341/ })).not.toBeChecked();

      await payButton(page, 'Pay $450').click();
      await expect(main(page).getByRole('heading', { level: 2, name: 'You are registered!' })).toBeVisible();
      expect(attemptKeys, 'a declined attempt is over: the next is a new one').toHaveLength(2);
      expect(attemptKeys[1]).not.toBe(attemptKeys[0]);
    });
  });

  test('a parent without campers is asked to add them first', async ({ page, request }) => {
    const { campId, camp } = await createListedCamp(request, 'Aspen Ridge Camp');
    const family = await createFamily(request, [], null);

    await signIn(page, family.parent);
    await page.goto(`/camps/${campId}/register`);
    await expect(
      main(page).getByRole('heading', { level: 1, name: `Register for ${camp.name}` }),
    ).toBeVisible();
    await expect(
      main(page).getByRole('heading', { name: 'You must add campers before you register for a camp.' }),
    ).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Add campers', exact: true })).toHaveAttribute(
      'href',
      '/camper/campers',
    );
    await expect(main(page).getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  });

  test('a camp that is full without a waitlist says so and takes no payment', async ({ page, request }) => {
    const { campId } = await createListedCamp(request, 'Cedar Point Camp', { spots: 1 });
    await registerThroughApi(request, await createFamily(request, [childAged('Owen', 9)]), campId);
    const family = await createFamily(request, [childAged('Rose', 9)]);

    await signIn(page, family.parent);
    await page.goto(`/camps/${campId}/register`);
    await camperChoice(page, 'Rose Fielding').click();
    await expect(main(page).getByRole('alert')).toHaveText('Sorry, this camp is full and has no waitlist.');
    // Nothing is priced for a place that cannot be had.
    await expect(main(page).getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
  });

  test.describe('who may look', () => {
    test.use({ allowedConsoleErrors: [/the server responded with a status of 404/] });

    test('a guest is sent to log in first, and another host finds no roster', async ({ page, request }) => {
      const { campId } = await createListedCamp(request, 'Poplar Bend Camp');

      await page.goto(`/camps/${campId}/register`);
      await expect(page).toHaveURL(
        `/camper/login?returnTo=${encodeURIComponent(`/camps/${campId}/register`)}`,
      );

      await signIn(page, await createSubscribedHost(request));
      await page.goto(`/host/camp/${campId}/roster`);
      await expect(main(page).getByRole('heading', { level: 1, name: 'Camp not found' })).toBeVisible();
      await expect(main(page).getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    });
  });
});
