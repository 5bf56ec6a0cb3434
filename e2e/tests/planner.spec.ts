import { formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { defaultSummer, weeksSpanned } from '@campwise/contract/planner';
import { shiftDate } from '@campwise/contract/sessions';
import type { Locator, Page } from '@playwright/test';
import { addSession } from '../basket-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  addWaitlistAndOffer,
  createPlannerFamily,
  julyWeeks,
  saveMaybeThroughApi,
  weekCell,
  weekName,
  weeksTable,
} from '../planner-support.ts';
import { downloadedText } from '../registration-support.ts';
import { bearer, expect, header, main, signIn } from '../support.ts';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const field = (page: Page, name: string) => main(page).getByRole('textbox', { name, exact: true });
const findCamps = /^Find camps for this week/;
const totals = (page: Page) => main(page).getByRole('region', { name: 'Totals', exact: true });
/** A maybe card's label, which no place, waitlist place or offer carries. */
const maybeLabel = (scope: Locator) => scope.getByText('Maybe', { exact: true });

/** Columns of the table after the week: the children by first name. */
const LEO = 0;
const MAYA = 1;

test.describe('the family summer planner', () => {
  // The journey types a ZIP the server refuses, on purpose.
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test('a parent of two plans July: the booked week, the open ones, a home ZIP, camps for an open week and the calendar file', async ({
    page,
    request,
  }) => {
    // A camp, a family, a booking and five screens on a busy machine.
    test.slow();
    const { family, weekly } = await createPlannerFamily(request, 'Heron Lake Camp');
    const { before, booked, after } = julyWeeks();
    const week = (w: typeof booked) => weekName(w, before.start);

    await test.step('the parent opens the planner from the top bar', async () => {
      await signIn(page, family.parent);
      await page.goto('/camper/dashboard');
      await header(page).getByRole('link', { name: 'Summer Planner', exact: true }).click();
      await expect(page).toHaveURL('/camper/planner');
      await expect(main(page).getByRole('heading', { level: 1, name: 'Summer planner' })).toBeVisible();
      await expect(weeksTable(page)).toBeVisible();
    });

    await test.step('chooses three weeks of July and sees them, one column a child', async () => {
      await field(page, 'First week').fill(before.start);
      await field(page, 'Last week').fill(after.start);
      await main(page).getByRole('button', { name: 'Show these weeks', exact: true }).click();
      await expect(page).toHaveURL(`/camper/planner?from=${before.start}&to=${after.start}`);
      await expect(weeksTable(page).getByRole('rowheader')).toHaveText([
        week(before),
        week(booked),
        week(after),
      ]);
      await expect(weeksTable(page).getByRole('columnheader')).toHaveText([
        'Week',
        'Leo · age 7',
        'Maya · age 9',
      ]);
    });

    await test.step('Maya’s booked week shows her camp; her other weeks and Leo’s are gaps', async () => {
      const place = weekCell(page, week(booked), MAYA);
      await expect(place.getByRole('link', { name: weekly.camp.name, exact: true })).toBeVisible();
      await expect(place.getByText('July Week', { exact: true })).toBeVisible();
      await expect(place.getByText('Confirmed', { exact: true })).toBeVisible();
      await expect(place).toContainText('9 AM – 3 PM');
      for (const [w, column] of [
        [before, MAYA],
        [after, MAYA],
        [before, LEO],
        [booked, LEO],
        [after, LEO],
      ] as const) {
        const cell = weekCell(page, week(w), column);
        await expect(cell.getByText('Nothing booked', { exact: true })).toBeVisible();
        await expect(cell.getByRole('link', { name: findCamps })).toBeVisible();
      }
      await expect(totals(page).getByRole('definition')).toHaveText([
        formatMoney(45_000),
        '1',
        '0',
        '0',
        `${formatMoney(0)} None saved`,
      ]);
    });

    await test.step('a home ZIP the search does not know is refused beside its field, then one is saved', async () => {
      await field(page, 'Home ZIP code').fill('00000');
      await main(page).getByRole('button', { name: 'Save', exact: true }).click();
      await expect(main(page).getByText(messages.unknownZip, { exact: true })).toBeVisible();
      await expect(field(page, 'Home ZIP code')).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, 'Home ZIP code')).toBeFocused();

      await field(page, 'Home ZIP code').fill('60614');
      await field(page, 'Distance (miles)').fill('10');
      await main(page).getByRole('button', { name: 'Save', exact: true }).click();
      await expect(
        toast(page, 'Saved. Camps for an open week are searched within 10 miles of 60614.'),
      ).toBeVisible();
      await expect(field(page, 'Home ZIP code')).not.toHaveAttribute('aria-invalid', 'true');
    });

    await test.step('Leo’s open July week leads to search results for his age, that week and the home ZIP', async () => {
      await weekCell(page, week(booked), LEO).getByRole('link', { name: findCamps }).click();
      await expect(page).toHaveURL(/\/searchresults\?/);
      const address = new URL(page.url()).searchParams;
      expect(Object.fromEntries(address)).toEqual({
        age: '7',
        startsFrom: booked.start,
        endsBy: shiftDate(booked.start, 4),
        zip: '60614',
        radius: '10',
      });
      const filters = main(page).getByRole('form', { name: 'Search filters' });
      await expect(filters.getByRole('textbox', { name: 'Age', exact: true })).toHaveValue('7');
      await expect(filters.getByRole('textbox', { name: 'ZIP code', exact: true })).toHaveValue('60614');
      await expect(filters.getByRole('textbox', { name: 'Starting on or after', exact: true })).toHaveValue(
        booked.start,
      );
      await expect(filters.getByRole('textbox', { name: 'Ending on or before', exact: true })).toHaveValue(
        shiftDate(booked.start, 4),
      );
    });

    await test.step('back on the planner, the calendar file of the three weeks downloads', async () => {
      await page.goBack();
      await expect(weekCell(page, week(booked), MAYA)).toContainText(weekly.camp.name);
      const answered = page.waitForResponse((response) => response.url().includes('/camper/planner.ics'));
      const downloading = page.waitForEvent('download');
      await main(page).getByRole('button', { name: 'Download calendar (.ics)', exact: true }).click();
      const response = await answered;
      expect(response.status()).toBe(200);
      expect(new URL(response.url()).searchParams.get('from')).toBe(before.start);
      expect(response.headers()['content-type']).toContain('text/calendar');
      const { name, text } = await downloadedText(await downloading);
      expect(name).toBe(`summer-${before.start.slice(0, 4)}.ics`);
      expect(text).toContain('BEGIN:VCALENDAR');
      expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
      expect(text).toContain(weekly.camp.name);
    });

    await test.step('“This summer” goes back to the school summer the server picks', async () => {
      await main(page).getByRole('button', { name: 'This summer', exact: true }).click();
      await expect(page).toHaveURL('/camper/planner');
      const summer = defaultSummer(new Date().toISOString().slice(0, 10));
      await expect(field(page, 'First week')).toHaveValue(summer.from);
      await expect(field(page, 'Last week')).toHaveValue(summer.to);
      await expect(weeksTable(page).getByRole('rowheader')).toHaveCount(weeksSpanned(summer.from, summer.to));
    });
  });

  test('a range the server refuses is said beside Last week, and another range can be chosen', async ({
    page,
    request,
  }) => {
    const { family } = await createPlannerFamily(request, 'Aspen Hollow Camp');
    const { before, booked } = julyWeeks();
    const year = Number(booked.start.slice(0, 4));
    await signIn(page, family.parent);
    // A link from elsewhere can ask for any range; the form itself checks before asking.
    await page.goto(`/camper/planner?from=${year}-01-04&to=${year}-12-27`);
    await expect(main(page).getByText(messages.plannerRangeTooLong, { exact: true })).toBeVisible();
    await expect(field(page, 'Last week')).toHaveAttribute('aria-invalid', 'true');

    await field(page, 'First week').fill(before.start);
    await field(page, 'Last week').fill(before.start);
    await main(page).getByRole('button', { name: 'Show these weeks', exact: true }).click();
    await expect(page).toHaveURL(`/camper/planner?from=${before.start}&to=${before.start}`);
    await expect(main(page).getByText(/ · 1 week$/)).toBeVisible();
    await expect(field(page, 'Last week')).not.toHaveAttribute('aria-invalid', 'true');

    await field(page, 'Last week').fill(shiftDate(before.start, -7));
    await main(page).getByRole('button', { name: 'Show these weeks', exact: true }).click();
    await expect(main(page).getByText(messages.searchDatesInverted, { exact: true })).toBeVisible();
    await expect(field(page, 'Last week')).toBeFocused();
  });

  test('a parent saves a July week as a maybe for Leo from the camp page, finds it in his week and the totals, and removes it there', async ({
    page,
    request,
  }) => {
    test.slow();
    const { family, weekly } = await createPlannerFamily(request, 'Osprey Point Camp');
    const { before, booked, after } = julyWeeks();
    const title = `${weekly.camp.name} · July Week`;
    await signIn(page, family.parent);

    await test.step('the July Week’s heart on the camp page saves it for Leo', async () => {
      await page.goto(`/camps/${weekly.campId}`);
      const session = main(page)
        .getByRole('region', { name: 'Sessions', exact: true })
        .getByRole('listitem', { name: 'July Week', exact: true });
      await session.getByRole('button', { name: 'Save July Week as a maybe' }).click();
      const menu = page.getByRole('dialog', { name: 'Save July Week as a maybe for' });
      await menu.getByRole('checkbox', { name: 'Leo' }).click();
      await expect(menu.getByRole('checkbox', { name: 'Leo' })).toBeChecked();
      await page.keyboard.press('Escape');
      await expect(session.getByRole('button', { name: 'Saved as a maybe for Leo' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    });

    const leosJuly = weekCell(page, weekName(booked, before.start), LEO);
    await test.step('the planner shows it in Leo’s July week, which is still open, and in the Maybes total', async () => {
      await page.goto(`/camper/planner?from=${before.start}&to=${after.start}`);
      await expect(maybeLabel(leosJuly)).toBeVisible();
      await expect(leosJuly.getByRole('link', { name: weekly.camp.name, exact: true })).toBeVisible();
      await expect(leosJuly.getByText('July Week', { exact: true })).toBeVisible();
      await expect(leosJuly).toContainText('9 AM – 3 PM');
      // Maya took one of the 24 places.
      await expect(leosJuly).toContainText(`${formatMoney(45_000)} · 23 spots left`);
      await expect(
        leosJuly.getByRole('link', { name: `Register for ${title}`, exact: true }),
      ).toHaveAttribute('href', `/camps/${weekly.campId}/register?session=${weekly.julySessionId}`);
      // Saved is not booked: the week is still a gap with the way to fill it.
      await expect(leosJuly.getByText('Nothing booked', { exact: true })).toBeVisible();
      await expect(leosJuly.getByRole('link', { name: findCamps })).toBeVisible();
      // Maya's place that week is no maybe, and Leo's other weeks have none.
      await expect(maybeLabel(weekCell(page, weekName(booked, before.start), MAYA))).toHaveCount(0);
      await expect(maybeLabel(weekCell(page, weekName(after, before.start), LEO))).toHaveCount(0);
      await expect(totals(page).getByRole('definition')).toHaveText([
        formatMoney(45_000),
        '1',
        '0',
        '0',
        `${formatMoney(45_000)} 1 saved session`,
      ]);
    });

    await test.step('Remove takes it off the planner and the total, and the focus goes to its week', async () => {
      await leosJuly.getByRole('button', { name: `Remove ${title} from Leo’s saved sessions` }).click();
      await expect(toast(page, `${title} is no longer saved for Leo.`)).toBeVisible();
      await expect(maybeLabel(leosJuly)).toHaveCount(0);
      await expect(
        weeksTable(page).getByRole('rowheader', { name: weekName(booked, before.start), exact: true }),
      ).toBeFocused();
      await expect(leosJuly.getByRole('link', { name: findCamps })).toBeVisible();
      await expect(totals(page).getByRole('definition').last()).toHaveText(`${formatMoney(0)} None saved`);
      await page.reload();
      await expect(leosJuly.getByText('Nothing booked', { exact: true })).toBeVisible();
      await expect(maybeLabel(leosJuly)).toHaveCount(0);
    });
  });
});

test.describe('accessibility of the summer planner', () => {
  test('the planner with a place, a waitlist place, an offer, maybes and a warning has no accessibility violations', {
    tag: '@phone',
  }, async ({ page, request }) => {
    // Two camps, three families and a spot offered by the background work.
    test.slow();
    const world = await createPlannerFamily(request, 'Willow Creek Camp');
    const full = await addWaitlistAndOffer(request, world);
    const { before, booked, after } = julyWeeks();
    const { family, weekly } = world;
    // Leo's July week as a maybe beside his offer; a late July week for Maya, which the host then cancels.
    await saveMaybeThroughApi(request, family.parent, world.leo, weekly.julySessionId);
    const lateJuly = await addSession(request, weekly.host, weekly.campId, {
      name: 'Late July',
      startDate: after.start,
      endDate: shiftDate(after.start, 4),
      startTime: '09:00',
      endTime: '15:00',
      price: '400',
      capacity: '12',
    });
    await saveMaybeThroughApi(request, family.parent, world.maya, lateJuly);
    const cancelled = await request.post(`/host/sessions/${lateJuly}/cancel`, {
      headers: bearer(weekly.host.token),
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await signIn(page, world.family.parent);
    await page.goto(`/camper/planner?from=${before.start}&to=${after.start}`);
    await expect(main(page).getByRole('alert').filter({ hasText: 'Worth a second look' })).toContainText(
      'Maya has',
    );

    if (test.info().project.name === 'phone') {
      // One child at a time: Leo first, with the offer to pay for; then Maya's July.
      const weeks = (name: string) => main(page).getByRole('list', { name: `${name}’s weeks` });
      await expect(weeks('Leo')).toContainText(full.camp.name);
      await expect(weeks('Leo').getByText('Spot offered', { exact: true }).first()).toBeVisible();
      await expect(weeks('Leo').getByRole('link', { name: 'Pay on My Registrations' }).first()).toBeVisible();
      await expect(maybeLabel(weeks('Leo').getByRole('listitem').nth(1))).toBeVisible();
      await expectNoAxeViolations(page);
      await main(page).getByRole('radiogroup', { name: 'Child' }).getByText('Maya', { exact: true }).click();
      await expect(main(page).getByRole('radio', { name: 'Maya' })).toBeChecked();
      await expect(weeks('Maya').getByRole('listitem').nth(1)).toContainText(world.weekly.camp.name);
      await expect(weeks('Maya').getByRole('listitem').nth(2)).toContainText('No longer available');
    } else {
      const leosJuly = weekCell(page, weekName(booked, before.start), LEO);
      await expect(leosJuly.getByText(/^Held until /)).toBeVisible();
      await expect(leosJuly.getByRole('link', { name: 'Pay on My Registrations' })).toHaveAttribute(
        'href',
        '/camper/registrations',
      );
      await expect(maybeLabel(leosJuly)).toBeVisible();
      const mayasLate = weekCell(page, weekName(after, before.start), MAYA);
      await expect(mayasLate.getByText('No longer available', { exact: true })).toBeVisible();
      await expect(mayasLate.getByRole('link', { name: /^Register for / })).toHaveCount(0);
      await expect(mayasLate.getByRole('button', { name: /^Remove / })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });
});
