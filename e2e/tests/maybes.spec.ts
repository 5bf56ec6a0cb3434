import { formatDateRange } from '@campwise/contract/format';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createApprovedOrg, createCamp, datedCamp, nextSummer } from '../camp-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { childAged, createFamily } from '../registration-support.ts';
import { resultCard } from '../search-support.ts';
import {
  type Account,
  bearer,
  createSubscribedHost,
  expect,
  logInThroughForm,
  main,
  signIn,
} from '../support.ts';

interface WeeklyCamp {
  host: Account;
  campId: number;
  name: string;
  /** Session 1 is the camp's own week; Week 2 the one after. */
  week2: { id: number; startDate: string; endDate: string };
}

/** A listed camp of two weeks next summer: Session 1, then Week 2 added through the API. */
async function createWeeklyCamp(request: APIRequestContext, label: string): Promise<WeeklyCamp> {
  const year = nextSummer().startDate.slice(0, 4);
  const host = await createSubscribedHost(request);
  const { org, orgId } = await createApprovedOrg(request, host, `${label} Club`);
  const camp = { ...datedCamp(label, org), startDate: `${year}-06-14`, endDate: `${year}-06-18` };
  const campId = await createCamp(request, host, orgId, camp);
  const week2 = { startDate: `${year}-06-21`, endDate: `${year}-06-25` };
  const response = await request.post(`/host/camp/${campId}/sessions`, {
    headers: bearer(host.token),
    data: {
      name: 'Week 2',
      ...week2,
      startTime: '09:00',
      endTime: '15:00',
      price: '380',
      capacity: '12',
      allowsWaitlist: false,
      registrationOpensAt: '',
      registrationClosesAt: '',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { id: number } };
  return { host, campId, name: camp.name, week2: { id: data.id, ...week2 } };
}

/** Saves a session as a maybe through the API, as the heart does. */
async function saveMaybe(request: APIRequestContext, parent: Account, childId: number, sessionId: number) {
  const response = await request.post('/camper/maybes', {
    headers: bearer(parent.token),
    data: { childId, sessionId },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A session on the camp page's list, by its name. */
function campSession(page: Page, name: string): Locator {
  return main(page)
    .getByRole('region', { name: 'Sessions', exact: true })
    .getByRole('listitem', { name, exact: true });
}

/** A child's saved session on Saved sessions, by the child's name and the card's title. */
function savedCard(page: Page, childName: string, title: string): Locator {
  return main(page)
    .getByRole('region', { name: childName, exact: true })
    .getByRole('article', { name: title, exact: true });
}

test('a parent of two saves a week for one child, finds it on Saved sessions, follows Register and removes it', async ({
  page,
  request,
}) => {
  test.slow();
  const camp = await createWeeklyCamp(request, 'Heron Lake Days');
  const family = await createFamily(request, [childAged('Maya', 9), childAged('Leo', 7)]);
  const title = `${camp.name} · Week 2`;
  await signIn(page, family.parent);

  await test.step('the heart of Week 2 asks which child, and fills once Maya has it', async () => {
    await page.goto(`/camps/${camp.campId}`);
    const heart = campSession(page, 'Week 2').getByRole('button', { name: 'Save Week 2 as a maybe' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    const menu = page.getByRole('dialog', { name: 'Save Week 2 as a maybe for' });
    await expect(menu.getByRole('checkbox', { name: 'Leo' })).not.toBeChecked();
    await menu.getByRole('checkbox', { name: 'Maya' }).click();
    await expect(menu.getByRole('checkbox', { name: 'Maya' })).toBeChecked();
    await expect(menu.getByRole('checkbox', { name: 'Leo' })).not.toBeChecked();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    const saved = campSession(page, 'Week 2').getByRole('button', { name: 'Saved as a maybe for Maya' });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await expect(saved).toBeFocused();
    // The other week is not saved.
    await expect(
      campSession(page, 'Session 1').getByRole('button', { name: 'Save Session 1 as a maybe' }),
    ).toHaveAttribute('aria-pressed', 'false');
    await expectNoAxeViolations(page);
  });

  await test.step('it is kept: after a reload the heart is still filled', async () => {
    await page.reload();
    await expect(
      campSession(page, 'Week 2').getByRole('button', { name: 'Saved as a maybe for Maya' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('Saved sessions, from the dashboard, lists it under Maya with its dates, price and spots', async () => {
    await page.goto('/camper/dashboard');
    await main(page).getByRole('link', { name: 'Saved sessions', exact: true }).click();
    await expect(page).toHaveURL('/camper/saved');
    const card = savedCard(page, 'Maya Fielding', title);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(camp.name);
    await expect(card).toContainText('Week 2');
    await expect(card).toContainText(formatDateRange(camp.week2.startDate, camp.week2.endDate));
    await expect(card).toContainText('9 AM – 3 PM');
    await expect(card).toContainText('$380');
    await expect(card).toContainText('12 spots left');
    await expect(main(page).getByRole('region', { name: 'Leo Fielding', exact: true })).toHaveCount(0);
  });

  await test.step('Register opens the registration of Week 2', async () => {
    await savedCard(page, 'Maya Fielding', title)
      .getByRole('link', { name: `Register for ${title}`, exact: true })
      .click();
    await expect(page).toHaveURL(`/camps/${camp.campId}/register?session=${camp.week2.id}`);
    await expect(main(page).getByRole('checkbox', { name: /^Week 2/ })).toBeChecked();
  });

  await test.step('back on Saved sessions, Remove lets it go', async () => {
    await page.goBack();
    await expect(page).toHaveURL('/camper/saved');
    await savedCard(page, 'Maya Fielding', title)
      .getByRole('button', { name: `Remove ${title} from Maya’s saved sessions`, exact: true })
      .click();
    await expect(
      page.getByRole('alert').filter({ hasText: `${title} is no longer saved for Maya.` }),
    ).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'No saved sessions yet' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Search camps', exact: true })).toHaveAttribute(
      'href',
      '/search',
    );
  });

  await test.step('and the camp page’s heart is empty again', async () => {
    await page.goto(`/camps/${camp.campId}`);
    await expect(
      campSession(page, 'Week 2').getByRole('button', { name: 'Save Week 2 as a maybe' }),
    ).toHaveAttribute('aria-pressed', 'false');
  });
});

test('a signed-out visitor’s heart leads to log in and back to the camp; a host sees no heart', async ({
  page,
  request,
}) => {
  const camp = await createWeeklyCamp(request, 'Otter Creek Days');
  const family = await createFamily(request, [childAged('Maya', 9)], null);

  await test.step('a visitor taps the heart and logs in', async () => {
    await page.goto(`/camps/${camp.campId}`);
    await campSession(page, 'Week 2').getByRole('link', { name: 'Save Week 2 as a maybe' }).click();
    await expect(page).toHaveURL(`/camper/login?returnTo=${encodeURIComponent(`/camps/${camp.campId}`)}`);
    await logInThroughForm(page, family.parent.email, family.parent.password);
    await expect(page).toHaveURL(`/camps/${camp.campId}`);
  });

  await test.step('back on the camp, one child: the heart saves for her at once', async () => {
    const heart = campSession(page, 'Week 2').getByRole('button', { name: 'Save Week 2 as a maybe' });
    await heart.click();
    await expect(
      campSession(page, 'Week 2').getByRole('button', { name: 'Saved as a maybe for Maya' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Week 2 is saved as a maybe for Maya.' }),
    ).toBeVisible();
  });

  await test.step('the camp’s host sees its sessions without hearts', async () => {
    await signIn(page, camp.host);
    await page.goto(`/camps/${camp.campId}`);
    await expect(campSession(page, 'Week 2')).toBeVisible();
    await expect(main(page).getByRole('button', { name: /as a maybe/ })).toHaveCount(0);
    await expect(main(page).getByRole('link', { name: /as a maybe/ })).toHaveCount(0);
  });
});

test('a parent saves a week straight from the search results, or is led to the sessions when several match', async ({
  page,
  request,
}) => {
  const camp = await createWeeklyCamp(request, 'Sandpiper Bay Days');
  const family = await createFamily(request, [childAged('Maya', 9)], null);
  await signIn(page, family.parent);
  const results = (filters: Record<string, string>) =>
    `/searchresults?${new URLSearchParams({ term: camp.name, ...filters }).toString()}`;

  await test.step('searching the week of Week 2, the card’s heart saves that week for Maya', async () => {
    await page.goto(results({ startsFrom: camp.week2.startDate, endsBy: camp.week2.endDate }));
    const card = resultCard(page, camp.name);
    await card.getByRole('button', { name: `Save ${camp.name} (Week 2) as a maybe` }).click();
    await expect(card.getByRole('button', { name: 'Saved as a maybe for Maya' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(
      page.getByRole('alert').filter({ hasText: `${camp.name} (Week 2) is saved as a maybe for Maya.` }),
    ).toBeVisible();
  });

  await test.step('the camp page shows Week 2 saved, and Session 1 not', async () => {
    await page.goto(`/camps/${camp.campId}`);
    await expect(
      campSession(page, 'Week 2').getByRole('button', { name: 'Saved as a maybe for Maya' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(
      campSession(page, 'Session 1').getByRole('button', { name: 'Save Session 1 as a maybe' }),
    ).toHaveAttribute('aria-pressed', 'false');
  });

  await test.step('without dates both weeks match: the heart leads to the camp’s sessions', async () => {
    await page.goto(results({}));
    await resultCard(page, camp.name)
      .getByRole('link', { name: `Choose a session of ${camp.name} to save as a maybe` })
      .click();
    await expect(page).toHaveURL(`/camps/${camp.campId}#sessions`);
    await expect(main(page).getByRole('heading', { name: 'Sessions', exact: true })).toBeFocused();
  });
});

test('Saved sessions shows a week the host cancelled as no longer available, with Remove only, and has no violations', async ({
  page,
  request,
}) => {
  test.slow();
  const camp = await createWeeklyCamp(request, 'Kestrel Hill Days');
  const family = await createFamily(request, [childAged('Maya', 9), childAged('Leo', 7)], null);
  const [maya, leo] = family.childIds as [number, number];
  await saveMaybe(request, family.parent, maya, camp.week2.id);
  // A week the host cancels after Leo's parent saved it: no longer available.
  const other = await createWeeklyCamp(request, 'Plover Point Days');
  await saveMaybe(request, family.parent, leo, other.week2.id);
  const cancel = await request.post(`/host/sessions/${other.week2.id}/cancel`, {
    headers: bearer(other.host.token),
    data: {},
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  await signIn(page, family.parent);

  await page.goto('/camper/saved');
  const gone = savedCard(page, 'Leo Fielding', `${other.name} · Week 2`);
  await expect(gone).toContainText('No longer available');
  await expect(gone.getByRole('link', { name: /^Register/ })).toHaveCount(0);
  await expect(gone.getByRole('button', { name: /^Remove/ })).toBeVisible();
  await expect(savedCard(page, 'Maya Fielding', `${camp.name} · Week 2`)).toBeVisible();
  await expectNoAxeViolations(page);
});
