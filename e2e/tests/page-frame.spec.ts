import type { Page } from '@playwright/test';
import { createApprovedOrg, createCamp, datedCamp } from '../camp-support.ts';
import { test } from '../fixtures.ts';
import { childAged, createChild, createListedCamp, saveCard } from '../registration-support.ts';
import {
  adminToken,
  createAccount,
  createOrg,
  createSubscribedHost,
  expect,
  main,
  type SessionType,
  signIn,
  uniqueOrg,
} from '../support.ts';

/** What a screen's frame measures: where its content starts and how its h1 looks. */
interface FrameLook {
  headingLeft: number;
  bodyLeft: number | null;
  textTransform: string;
  letterSpacing: string;
  fontFamily: string;
  fontSize: string;
  fontWeight: string;
  lines: number;
  truncated: boolean;
  title: string | null;
  text: string;
}

async function frameLook(page: Page): Promise<FrameLook> {
  const heading = main(page).getByRole('heading', { level: 1 });
  await expect(heading).toHaveCount(1);
  await expect(heading).toBeVisible();
  return heading.evaluate((h1) => {
    const style = getComputedStyle(h1);
    const box = h1.getBoundingClientRect();
    const body = document.querySelector('main [data-page-body] > *');
    return {
      headingLeft: Math.round(box.left),
      bodyLeft: body ? Math.round(body.getBoundingClientRect().left) : null,
      textTransform: style.textTransform,
      letterSpacing: style.letterSpacing,
      fontFamily: style.fontFamily,
      fontSize: style.fontSize,
      fontWeight: style.fontWeight,
      lines: Math.round(box.height / Number.parseFloat(style.lineHeight)),
      truncated: h1.scrollWidth > h1.clientWidth,
      title: h1.getAttribute('title'),
      text: h1.textContent ?? '',
    };
  });
}

interface Screen {
  path: string;
  /** A name (a camp's, an organization's) may be cut short with "…"; a screen's own title never is. */
  name?: boolean;
}

/** The screen every other one is compared with: a plain public page. */
const reference = '/about';

/**
 * Opens each screen and compares its frame with the reference page's at this width: the
 * heading's left edge, the content's left edge, and the h1's case, spacing, font and size, on
 * one line.
 */
async function checkScreens(
  page: Page,
  session: { token: string; userType: SessionType } | null,
  screens: Screen[],
): Promise<void> {
  await page.goto(reference);
  const expected = await frameLook(page);
  // The spec's upper-case headings set the rule for all of them.
  expect(expected.textTransform).toBe('uppercase');
  expect(expected.letterSpacing).not.toBe('normal');
  expect(expected.fontFamily).toMatch(/^Nunito/);
  if (session) await signIn(page, session);

  for (const screen of screens) {
    await page.goto(screen.path);
    const look = await frameLook(page);
    const at = screen.path;
    expect
      .soft(look.headingLeft, `${at}: the heading starts at the shared left edge`)
      .toBe(expected.headingLeft);
    if (look.bodyLeft !== null) {
      expect.soft(look.bodyLeft, `${at}: the content starts at the same edge`).toBe(expected.headingLeft);
    }
    for (const property of [
      'textTransform',
      'letterSpacing',
      'fontFamily',
      'fontSize',
      'fontWeight',
    ] as const) {
      expect.soft(look[property], `${at}: the h1's ${property}`).toBe(expected[property]);
    }
    expect.soft(look.lines, `${at}: the h1 takes one line`).toBe(1);
    if (screen.name) {
      // A long name ends in "…", with the whole of it in the title.
      expect.soft(look.title, `${at}: the h1 keeps its whole text`).toBe(look.text);
    } else {
      expect.soft(look.truncated, `${at}: the h1 is not cut short`).toBe(false);
    }
  }
}

test.describe('the page frame', { tag: '@phone' }, () => {
  // Each test opens up to a dozen screens, some after making the accounts they need: on a busy
  // machine a screen can take several seconds.
  test.beforeEach(() => test.setTimeout(300_000));

  test('public screens share one left edge and one h1 style on one line', async ({ page, request }) => {
    const { orgId, campId } = await createListedCamp(request, 'Frame Check Sailing Week');
    await checkScreens(page, null, [
      { path: '/' },
      { path: '/how-it-works' },
      { path: '/pricing' },
      { path: '/faq' },
      { path: '/contact' },
      { path: '/terms' },
      { path: '/privacypolicy' },
      { path: '/search' },
      { path: '/searchresults?term=sailing' },
      { path: `/camps/${campId}`, name: true },
      { path: `/orgs/${orgId}`, name: true },
      { path: '/no-such-page' },
    ]);
  });

  test('sign-in screens share it too', async ({ page }) => {
    await checkScreens(page, null, [
      { path: '/host/login' },
      { path: '/host/register' },
      { path: '/host/forgotpassword' },
      { path: '/camper/login' },
      { path: '/camper/register' },
      { path: '/camper/forgotpassword' },
      { path: '/admin/login' },
      { path: '/resetpassword' },
    ]);
  });

  test('host screens share it too', async ({ page, request }) => {
    const host = await createSubscribedHost(request);
    const { org, orgId } = await createApprovedOrg(request, host, 'Frame Check Outdoor Club');
    const campId = await createCamp(request, host, orgId, datedCamp('Frame Check Hiking Week', org));
    const pendingOrgId = await createOrg(request, host, uniqueOrg('Frame Check Pending Club'));
    await checkScreens(page, host, [
      { path: '/host/dashboard' },
      { path: '/host/account' },
      { path: `/host/org/${orgId}`, name: true },
      { path: `/host/org/${orgId}/camps` },
      { path: `/host/editorg/${orgId}` },
      { path: `/host/revieweditorg/${pendingOrgId}`, name: true },
      { path: `/host/camp/${campId}`, name: true },
      { path: `/host/camp/${campId}/roster` },
      { path: `/host/editcamp/${campId}` },
      { path: `/host/editcamp/${campId}/sessions` },
    ]);
    // A host without a subscription is sent to subscribe: that screen too.
    const newHost = await createAccount(request, 'host');
    await checkScreens(page, newHost, [{ path: '/host/subscribe' }]);
  });

  test('parent screens share it too', async ({ page, request }) => {
    const { campId } = await createListedCamp(request, 'Frame Check Art Week');
    const parent = await createAccount(request, 'camper');
    const childId = await createChild(request, parent, childAged('Robin', 9));
    const cardId = await saveCard(request, parent);
    await checkScreens(page, parent, [
      { path: '/camper/dashboard' },
      { path: '/camper/account' },
      { path: '/camper/campers' },
      { path: `/camper/child/${childId}`, name: true },
      { path: '/camper/cards' },
      { path: `/camper/cards/${cardId}` },
      { path: '/camper/registrations' },
      { path: '/camper/planner' },
      { path: `/camps/${campId}/register`, name: true },
    ]);
  });

  test('administrator screens share it too', async ({ page, request }) => {
    const host = await createSubscribedHost(request);
    const pendingOrgId = await createOrg(request, host, uniqueOrg('Frame Check Review Club'));
    const token = await adminToken(request);
    await checkScreens(page, { token, userType: 'admin' }, [
      { path: '/admin' },
      { path: `/admin/revieworg/${pendingOrgId}` },
      { path: '/admin/account' },
    ]);
  });
});
