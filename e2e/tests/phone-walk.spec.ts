import { messages } from '@campwise/contract/messages';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addPromoCode, addSession, bookThroughApi, setDiscounts } from '../basket-support.ts';
import { createEndedPlace, reviewBy, reviewsSection, reviewThroughApi } from '../camp-review-support.ts';
import { nextSummer } from '../camp-support.ts';
import { runningCampWithFamily } from '../check-in-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { sitePages } from '../public-pages.ts';
import { camperChoice, registrationCard } from '../registration-support.ts';
import { openRosterEntry } from '../roster-support.ts';
import { saveSearchThroughApi, unsubscribePathFromOpeningMail } from '../saved-search-support.ts';
import { createSearchWorld, resultCard, resultCount, showFilters, uniqueWord } from '../search-support.ts';
import {
  adminToken,
  bearer,
  createAccount,
  createOrg,
  createSubscribedHost,
  decideOrg,
  expect,
  imageLoaded,
  main,
  onboardingUrl,
  pngImage,
  signIn,
  subscribe,
  uniqueOrg,
  updateOrg,
} from '../support.ts';

/**
 * The phone's accessibility walk: every main screen opened at 390 px, as the phone project
 * shows it, and checked by axe. The journeys check the same screens on a wide screen; the
 * layouts that change on a phone (dialogs filling the screen, the roster's and earnings' cards,
 * the folded search filters and categories, the charts' lists) are checked here with content.
 */

/** Waits for what shows the screen is ready, then runs axe on it. */
async function checkScreen(page: Page, ready: Locator): Promise<void> {
  await expect(ready).toBeVisible();
  await expectNoAxeViolations(page);
}

const heading = (page: Page, name: string) =>
  main(page).getByRole('heading', { level: 1, name, exact: true });

/** The camp's name and organization, as the public call answers them. */
async function campDetails(request: APIRequestContext, campId: number) {
  const response = await request.get(`/api/camps/${campId}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { name: string; orgId: number } }).data;
}

/** A health profile with an allergy, a medication and an emergency contact. */
const PROFILE = {
  allergies: [{ name: 'Peanuts', severity: 'life_threatening', reaction: 'EpiPen in her backpack' }],
  medications: [{ name: 'Inhaler', dose: '2 puffs', schedule: 'Before sports', givenBy: 'camper' }],
  conditions: ['Mild asthma'],
  dietaryNeeds: ['Nut-free'],
  doctor: null,
  insurance: null,
  emergencyContacts: [{ name: 'Grace Whitfield', relationship: 'Grandmother', phone: '312-555-0177' }],
  mediaConsent: true,
};

/**
 * A running camp with Maya and Leo booked (see runningCampWithFamily), where the parent has
 * asked the host a question and the host has sent the session an announcement.
 */
async function campWithMessages(request: APIRequestContext, label: string) {
  const camp = await runningCampWithFamily(request, label);
  const asked = await request.post(`/camper/camps/${camp.campId}/conversations`, {
    headers: bearer(camp.family.parent.token),
    data: { body: 'Is lunch included?' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const sent = await request.post(`/host/camp/${camp.campId}/announcements`, {
    headers: bearer(camp.host.token),
    data: {
      audience: 'session',
      sessionId: camp.sessionId,
      subject: 'Parking',
      body: 'Park behind the lodge.',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const announcementId = ((await sent.json()) as { data: { id: number } }).data.id;
  return { ...camp, ...(await campDetails(request, camp.campId)), announcementId };
}

test.describe('the phone walk', { tag: '@phone-only' }, () => {
  // Each walk opens a dozen or more screens and checks each with axe on a busy machine.
  test.beforeEach(() => test.setTimeout(300_000));
  // A camp and an unsubscribe link that are not there answer 404, as the pages expect.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

  test('the site’s own pages and the sign-in screens have no violations on a phone', async ({ page }) => {
    for (const { path, heading: name } of sitePages) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(heading(page, name)).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);
      });
    }

    await test.step('the explainers of How it Works', async () => {
      await page.goto('/how-it-works');
      for (const [button, title] of [
        ['Camp', 'How Campwise works for camps'],
        ['Camper', 'How Campwise works for campers'],
      ] as const) {
        await page.getByRole('button', { name: button, exact: true }).click();
        await checkScreen(page, page.getByRole('dialog', { name: title }));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: title })).toBeHidden();
      }
    });

    await test.step('the login screens', async () => {
      for (const [path, name] of [
        ['/host/login', 'Host sign in'],
        ['/camper/login', 'Parent sign in'],
        ['/admin/login', 'Administrator sign in'],
      ] as const) {
        await page.goto(path);
        await expect(heading(page, name)).toBeVisible();
        await checkScreen(page, main(page).getByRole('textbox', { name: 'Password', exact: true }));
      }
    });

    await test.step('the register screens, a parent’s with its errors shown', async () => {
      await page.goto('/host/register');
      await checkScreen(page, main(page).getByText('Optional', { exact: true }));
      await page.goto('/camper/register');
      await main(page).getByRole('button', { name: 'Create Account', exact: true }).click();
      await checkScreen(page, main(page).getByText('Confirm Password is required', { exact: true }));
    });

    await test.step('an unsubscribe link that is not ours', async () => {
      await page.goto('/unsubscribe/digest-1-abc-not-a-signature');
      await checkScreen(page, main(page).getByRole('alert'));
    });
  });

  test('search, its results, a camp and its organization have no violations on a phone', async ({
    page,
    request,
  }) => {
    const world = await createSearchWorld(request);

    await test.step('search shows the first categories and a button for the rest', async () => {
      await page.goto('/search');
      const showAll = main(page).getByRole('button', { name: /^Show all \d+ categories$/ });
      await expect(showAll).toBeVisible();
      await showAll.click();
      await checkScreen(page, main(page).getByRole('link', { name: 'Film & Photography', exact: true }));
    });

    await test.step('results with their photos, then the filters unfolded', async () => {
      await page.goto(`/searchresults?term=${world.word}`);
      await expect(resultCount(page)).toHaveText('4 camps found');
      const photo = resultCard(page, world.sailing.name).locator('img');
      await expect.poll(() => imageLoaded(photo)).toBe(true);
      // The filters are folded behind a button on a phone.
      await expect(main(page).getByRole('form', { name: 'Search filters' })).toBeHidden();
      await expectNoAxeViolations(page);
      await showFilters(page);
      await checkScreen(page, main(page).getByRole('textbox', { name: 'Keyword', exact: true }));
    });

    await test.step('no results', async () => {
      await page.goto(`/searchresults?term=${uniqueWord()}`);
      await checkScreen(page, main(page).getByRole('heading', { level: 2, name: 'No Results Found' }));
    });

    await test.step('a camp, its photo in its 4:3 frame and Register kept at hand', async () => {
      await page.goto(`/camps/${world.sailing.id}`);
      const photo = main(page).getByRole('img', { name: `${world.sailing.name}, photo 1` });
      await expect.poll(() => imageLoaded(photo)).toBe(true);
      const box = await photo.boundingBox();
      expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(4 / 3, 1);
      await expect(
        main(page)
          .getByRole('region', { name: 'Other camps offered by this organization' })
          .getByRole('article'),
      ).toHaveCount(3);
      await checkScreen(page, main(page).getByRole('link', { name: `Register for ${world.sailing.name}` }));
    });

    await test.step('its organization', async () => {
      await page.goto(`/orgs/${world.orgId}`);
      await expect(
        main(page).getByRole('region', { name: 'Camps offered by this organization' }).getByRole('article'),
      ).toHaveCount(4);
      await checkScreen(page, heading(page, world.org.name));
    });

    await test.step('a camp that does not exist', async () => {
      await page.goto('/camps/999999999');
      await checkScreen(page, heading(page, 'Camp not found'));
    });
  });

  test('a parent’s screens have no violations on a phone', async ({ page, request }) => {
    const camp = await campWithMessages(request, 'Phone Walk Family Days');
    const { family, host, campId } = camp;
    const [mayaId = 0, leoId = 0] = family.childIds;
    for (const childId of [mayaId, leoId]) {
      const profile = await request.put(`/camper/campers/${childId}/health-profile`, {
        headers: bearer(family.parent.token),
        data: PROFILE,
      });
      expect(profile.status(), await profile.text()).toBe(200);
    }
    // A week next summer, saved as a maybe for Leo.
    const year = nextSummer().startDate.slice(0, 4);
    const summerWeek = await addSession(request, host, campId, {
      name: 'Summer Week',
      startDate: `${year}-06-15`,
      endDate: `${year}-06-19`,
      price: '450',
      capacity: '24',
    });
    // Maya has a place in it too, which she could still cancel or move to an August week.
    await bookThroughApi(request, { ...family, childIds: [mayaId] }, campId, summerWeek);
    await addSession(request, host, campId, {
      name: 'August Week',
      startDate: `${year}-08-10`,
      endDate: `${year}-08-14`,
      price: '450',
      capacity: '24',
    });
    const maybe = await request.post('/camper/maybes', {
      headers: bearer(family.parent.token),
      data: { childId: leoId, sessionId: summerWeek },
    });
    expect(maybe.status(), await maybe.text()).toBe(201);
    // And a later week, saved for Leo, that the host then cancels: no longer available.
    const lateWeek = await addSession(request, host, campId, {
      name: 'Late Week',
      startDate: `${year}-07-06`,
      endDate: `${year}-07-10`,
      price: '450',
      capacity: '24',
    });
    const saved = await request.post('/camper/maybes', {
      headers: bearer(family.parent.token),
      data: { childId: leoId, sessionId: lateWeek },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    const cancelled = await request.post(`/host/sessions/${lateWeek}/cancel`, {
      headers: bearer(host.token),
      data: {},
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await saveSearchThroughApi(request, family.parent, 'Phone walk weeks', 'Phone Walk');
    await signIn(page, family.parent);

    await test.step('the dashboard', async () => {
      await page.goto('/camper/dashboard');
      await checkScreen(page, main(page).getByRole('region', { name: 'Coming up' }));
    });

    await test.step('the campers, and Maya with her health profile and pickup adult', async () => {
      await page.goto('/camper/campers');
      await checkScreen(page, main(page).getByRole('link', { name: 'Maya Fielding', exact: true }));
      await main(page).getByRole('button', { name: '+ New Camper', exact: true }).click();
      const newCamper = page.getByRole('dialog', { name: 'New Camper' });
      await newCamper.getByRole('button', { name: 'Add Camper', exact: true }).click();
      await checkScreen(page, newCamper.getByRole('alert'));
      await page.keyboard.press('Escape');
      await expect(newCamper).toBeHidden();
      await page.goto(`/camper/child/${mayaId}`);
      await expect(main(page).getByText('Peanuts · Life-threatening', { exact: true })).toBeVisible();
      await checkScreen(page, main(page).getByText('Rose Fielding'));
    });

    await test.step('the health profile and pickup adult dialogs', async () => {
      await main(page).getByRole('button', { name: 'Edit health profile' }).click();
      await checkScreen(page, page.getByRole('dialog', { name: "Maya's health profile" }));
      await page.keyboard.press('Escape');
      await main(page).getByRole('button', { name: 'Edit Rose Fielding' }).click();
      await checkScreen(page, page.getByRole('dialog', { name: 'Edit pickup adult' }));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    });

    await test.step('the cards and a card', async () => {
      await page.goto('/camper/cards');
      await checkScreen(page, main(page).getByRole('link', { name: 'Visa ending in 4242', exact: true }));
      await main(page).getByRole('button', { name: '+ New Card', exact: true }).click();
      const newCard = page.getByRole('dialog', { name: 'New Card' });
      await newCard.getByRole('button', { name: 'Add Card', exact: true }).click();
      await checkScreen(page, newCard.getByRole('alert'));
      await page.keyboard.press('Escape');
      await expect(newCard).toBeHidden();
      await page.goto(`/camper/cards/${family.cardId}`);
      await checkScreen(page, main(page).getByRole('button', { name: 'Remove Card', exact: true }));
    });

    await test.step('My Registrations, its cancel dialog and its Change session dialog', async () => {
      await page.goto('/camper/registrations');
      const card = registrationCard(page, 'Upcoming', 'Maya Fielding', camp.name).filter({
        hasText: 'Summer Week',
      });
      await checkScreen(page, card.getByText('Confirmed', { exact: true }));
      await card.getByRole('button', { name: 'Cancel registration', exact: true }).click();
      await checkScreen(page, page.getByRole('dialog', { name: 'Cancel registration' }));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await card.getByRole('button', { name: 'Change session', exact: true }).click();
      const move = page.getByRole('dialog', { name: 'Change session' });
      await move.getByRole('button', { name: 'Move', exact: true }).click();
      await checkScreen(page, move.getByText(messages.chooseSession, { exact: true }));
      await page.keyboard.press('Escape');
      await expect(move).toBeHidden();
    });

    await test.step('the receipts and a receipt', async () => {
      await page.goto('/camper/receipts');
      const receipt = main(page).getByRole('article', { name: camp.name }).first();
      await checkScreen(page, receipt);
      await receipt.getByRole('link').click();
      await checkScreen(page, main(page).getByRole('button', { name: 'Download PDF' }));
    });

    await test.step('the messages, a conversation and an announcement', async () => {
      await page.goto('/camper/messages');
      await checkScreen(page, main(page).getByRole('link', { name: /Parking/ }));
      await main(page)
        .getByRole('link', { name: /Parking/ })
        .click();
      await checkScreen(page, main(page).getByText('Park behind the lodge.'));
      await page.goto('/camper/messages');
      await main(page)
        .getByRole('link', { name: new RegExp(camp.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
        .first()
        .click();
      await checkScreen(page, main(page).getByText('Is lunch included?'));
    });

    await test.step('the summer planner', async () => {
      await page.goto('/camper/planner');
      await checkScreen(page, heading(page, 'Summer planner'));
    });

    await test.step('friends, saved searches and sessions, and account settings', async () => {
      await page.goto('/camper/friends');
      await expect(main(page).getByRole('heading', { name: 'No friends yet' })).toBeVisible();
      await main(page).getByRole('textbox', { name: 'Their email' }).fill('not an address');
      await main(page).getByRole('button', { name: 'Send invitation' }).click();
      await checkScreen(page, main(page).getByText('Please enter a valid email address.'));
      await page.goto('/camper/saved');
      await expect(main(page).getByRole('article', { name: 'Phone walk weeks', exact: true })).toBeVisible();
      await checkScreen(
        page,
        main(page)
          .getByRole('region', { name: 'Leo Fielding', exact: true })
          .getByText('No longer available', { exact: true }),
      );
      await page.goto('/camper/account');
      await checkScreen(page, main(page).getByRole('button', { name: 'Delete my account', exact: true }));
    });

    await test.step('the camp page with its hearts and a heart’s children, and the checkout of the summer week', async () => {
      await page.goto(`/camps/${campId}`);
      const heart = main(page)
        .getByRole('region', { name: 'Sessions', exact: true })
        .getByRole('button', { name: 'Saved as a maybe for Leo' });
      await checkScreen(page, heart);
      await heart.click();
      await checkScreen(page, page.getByRole('dialog', { name: 'Save Summer Week as a maybe for' }));
      await page.keyboard.press('Escape');
      await page.goto(`/camps/${campId}/register?session=${summerWeek}`);
      await camperChoice(page, 'Leo Fielding').click();
      await expect(main(page).getByRole('button', { name: 'Pay $450', exact: true })).toBeVisible();
      // Leo's health profile, to confirm before paying, shown whole.
      await expect(
        main(page).getByRole('checkbox', { name: "Leo's health profile is still correct" }),
      ).toBeVisible();
      await main(page).getByRole('button', { name: 'Show the whole profile' }).click();
      await checkScreen(page, main(page).getByText('Grace Whitfield', { exact: true }));
    });

    await test.step('the unsubscribe page of an alert e-mail, before and after', async () => {
      const path = await unsubscribePathFromOpeningMail(request, {
        parent: family.parent,
        host,
        word: '',
        camp: { id: campId, name: camp.name },
      });
      await page.goto(path);
      await checkScreen(page, main(page).getByRole('button', { name: 'Unsubscribe' }));
      await main(page).getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(main(page).getByRole('status')).toContainText('You’re unsubscribed');
      await expectNoAxeViolations(page);
    });
  });

  test('a host’s screens have no violations on a phone', async ({ page, request }) => {
    const camp = await campWithMessages(request, 'Phone Walk Host Days');
    const { host, campId, sessionId, orgId, family } = camp;
    await setDiscounts(request, host, campId, { sibling: { kind: 'percent', value: 10 } });
    // Maya's health profile for the roster, and a week next summer to move a child to.
    const profile = await request.put(`/camper/campers/${family.childIds[0]}/health-profile`, {
      headers: bearer(family.parent.token),
      data: PROFILE,
    });
    expect(profile.status(), await profile.text()).toBe(200);
    const year = nextSummer().startDate.slice(0, 4);
    await addSession(request, host, campId, {
      name: 'Summer Week',
      startDate: `${year}-06-15`,
      endDate: `${year}-06-19`,
      price: '450',
      capacity: '24',
    });
    await addPromoCode(request, host, campId, { code: 'SUMMER10', kind: 'amount', value: 1000, maxUses: 50 });
    await signIn(page, host);

    await test.step('the dashboard, the organization and its camps', async () => {
      await page.goto('/host/dashboard');
      await checkScreen(page, main(page).getByRole('link', { name: 'Season insights', exact: true }));
      await page.goto(`/host/org/${orgId}`);
      await checkScreen(page, main(page).getByRole('link', { name: 'View Camps', exact: true }));
      await page.goto(`/host/org/${orgId}/camps`);
      await checkScreen(page, main(page).getByText(/^2 of \d+ taken/));
    });

    await test.step('the camp, with its sessions, and Edit camp’s sections and their dialogs', async () => {
      await page.goto(`/host/camp/${campId}`);
      await expect(
        main(page)
          .getByRole('region', { name: 'Prices and policies', exact: true })
          .getByText(/1 promo code/),
      ).toBeVisible();
      await expect(main(page).getByRole('region', { name: 'Announcements' })).toBeVisible({
        timeout: 30_000,
      });
      await expectNoAxeViolations(page);
      await main(page)
        .getByRole('list', { name: 'Sessions', exact: true })
        .getByRole('button', { name: 'Edit Summer Week', exact: true })
        .click();
      await checkScreen(page, page.getByRole('dialog', { name: 'Edit Summer Week' }));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      // On a phone Edit camp's sections are a choice above the one shown.
      await page.goto(`/host/editcamp/${campId}`);
      await main(page)
        .getByRole('combobox', { name: 'Section', exact: true })
        .selectOption('Discounts and promo codes');
      await expect(page).toHaveURL(`/host/editcamp/${campId}/discounts`);
      const discounts = main(page).getByRole('region', { name: 'Discounts and promo codes', exact: true });
      await expect(discounts.getByText('SUMMER10', { exact: true }).filter({ visible: true })).toBeVisible();
      await discounts.getByRole('button', { name: 'Add promo code', exact: true }).click();
      const promo = page.getByRole('dialog', { name: 'Add promo code' });
      await promo.getByRole('button', { name: 'Add promo code', exact: true }).click();
      await checkScreen(page, promo.getByText('Code is required', { exact: true }));
      await page.keyboard.press('Escape');
      await expect(promo).toBeHidden();
      for (const [section, name] of [
        ['refunds', 'Edit refund policy'],
        ['payments', 'Edit deposits and instalments'],
      ] as const) {
        await page.goto(`/host/editcamp/${campId}/${section}`);
        await main(page).getByRole('button', { name, exact: true }).click();
        await checkScreen(page, page.getByRole('dialog', { name }));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name })).toBeHidden();
      }
    });

    await test.step('editing the camp and the organization', async () => {
      await page.goto(`/host/editcamp/${campId}/reminders`);
      // The edit page is the app's largest; a busy machine takes a while the first time.
      await expect(
        main(page).getByRole('switch', { name: /^Send reminders before each session/ }),
      ).toBeChecked({ timeout: 60_000 });
      await expectNoAxeViolations(page);
      await page.goto(`/host/editorg/${orgId}`);
      await checkScreen(page, main(page).getByRole('textbox', { name: 'Name', exact: true }));
    });

    await test.step('the roster, a card per child, its dialogs, and the check-in', async () => {
      await page.goto(`/host/camp/${campId}/roster`);
      await checkScreen(
        page,
        main(page).getByText('Maya Fielding', { exact: true }).filter({ visible: true }).first(),
      );
      const panel = await openRosterEntry(page, 'Maya Fielding');
      await checkScreen(page, panel.getByRole('heading', { name: 'Health' }));
      await panel.getByRole('button', { name: 'Move to another session', exact: true }).click();
      await checkScreen(page, page.getByRole('dialog', { name: 'Move to another session' }));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.goto(`/host/sessions/${sessionId}/check-in`);
      await checkScreen(page, main(page).getByRole('listitem', { name: 'Maya Fielding' }));
    });

    await test.step('the messages, a conversation and an announcement', async () => {
      await page.goto('/host/messages');
      await checkScreen(page, main(page).getByRole('link', { name: /Fielding family/ }));
      await main(page)
        .getByRole('link', { name: /Fielding family/ })
        .click();
      await checkScreen(page, main(page).getByText('Is lunch included?'));
      await page.goto(`/host/announcements/${camp.announcementId}`);
      await checkScreen(page, main(page).getByRole('heading', { name: 'Who has read it' }));
    });

    await test.step('earnings and season insights', async () => {
      await page.goto('/host/earnings');
      await expect(
        main(page).getByRole('region', { name: 'Totals' }).getByRole('group', { name: 'Gross' }),
      ).toContainText('$900');
      await expectNoAxeViolations(page);
      await page.goto('/host/insights');
      // The charts' code loads with this page alone; a busy machine takes a while the first time.
      await expect(main(page).getByRole('group', { name: 'Places sold', exact: true })).toContainText('2', {
        timeout: 60_000,
      });
      await expectNoAxeViolations(page);
      await main(page).getByRole('button', { name: 'Show as a table', exact: true }).click();
      await checkScreen(page, main(page).getByRole('table', { name: 'Figures per week', exact: true }));
    });

    await test.step('account settings and the payout onboarding with a problem shown', async () => {
      await page.goto('/host/account');
      await checkScreen(page, main(page).getByRole('button', { name: 'Update payout details' }));
      // A host who has not connected payouts yet gets the onboarding form.
      const newcomer = await createAccount(request, 'host');
      await subscribe(request, newcomer);
      const started = await request.post('/host/payout-account/onboarding', {
        headers: bearer(newcomer.token),
      });
      expect(started.status(), await started.text()).toBe(200);
      const { data } = (await started.json()) as { data: { url: string } };
      expect(data.url).toMatch(onboardingUrl);
      await page.goto(new URL(data.url).pathname);
      await main(page).getByRole('button', { name: 'Save bank account' }).click();
      await checkScreen(page, main(page).getByText('Routing number is required', { exact: true }));
    });
  });

  test('reviews and the administrator’s screens have no violations on a phone', async ({ page, request }) => {
    const ended = await createEndedPlace(request, 'Phone Walk Meadow');
    // An approved organization whose host has sent a new name for review.
    const host = await createSubscribedHost(request);
    const org = uniqueOrg('Phone Walk Music Camp');
    const orgId = await createOrg(request, host, org, await pngImage('#a0324f'));
    await decideOrg(request, orgId, { approved: true });
    await updateOrg(request, host, orgId, { ...org, name: `${org.name} for Young Musicians` });

    await test.step('the Write a review dialog, with its problems shown', async () => {
      await signIn(page, ended.family.parent);
      await page.goto('/camper/registrations');
      await main(page).getByRole('button', { name: 'Write a review' }).click();
      const dialog = page.getByRole('dialog', { name: 'Write a review' });
      await dialog.getByRole('button', { name: 'Post review' }).click();
      await checkScreen(page, dialog.getByText('Please choose a rating from 1 to 5 stars.'));
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await reviewThroughApi(request, ended, {
      rating: 5,
      text: 'Wonderful week.\nThe counsellors knew every child.',
    });

    await test.step('the camp page with its review', async () => {
      await page.goto(`/camps/${ended.campId}`);
      await checkScreen(page, reviewsSection(page).getByText('5.0 out of 5 · 1 review'));
    });

    await test.step('the host’s camp page with the review, and the report dialog', async () => {
      await signIn(page, ended.host);
      await page.goto(`/host/camp/${ended.campId}`);
      const review = reviewBy(reviewsSection(page), 'Casey F.');
      await checkScreen(page, review);
      await review.getByRole('button', { name: 'Report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report a review' });
      await dialog
        .getByRole('textbox', { name: 'Why should our team look at it?' })
        .fill('It is about another camp.');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Report review' }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the review queue and the review of revised details', async () => {
      await signIn(page, { token: await adminToken(request), userType: 'admin' });
      await page.goto('/admin');
      const item = main(page).getByRole('listitem').filter({ hasText: org.name });
      await checkScreen(page, item.getByText('Revised details', { exact: true }));
      await item.getByRole('link', { name: org.name, exact: true }).click();
      await expect
        .poll(() =>
          imageLoaded(main(page).getByRole('img', { name: `${org.name} for Young Musicians thumbnail` })),
        )
        .toBe(true);
      await checkScreen(page, main(page).getByRole('heading', { level: 2, name: 'What changed' }));
    });

    await test.step('the reported reviews and the administrator’s settings', async () => {
      await page.goto('/admin/camp-reviews');
      await checkScreen(page, main(page).getByRole('listitem').filter({ hasText: ended.camp.name }));
      await page.goto('/admin/account');
      await checkScreen(page, main(page).getByRole('heading', { level: 2, name: 'Two-factor sign-in' }));
    });
  });
});
