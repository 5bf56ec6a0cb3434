import type { Page } from '@playwright/test';
import { createApprovedOrg, createCamp, datedCamp } from '../camp-support.ts';
import { test } from '../fixtures.ts';
import { childAged, createChild, saveCard } from '../registration-support.ts';
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

/** Who opens a screen: a subscribed host, a host yet to subscribe, a parent or an administrator. */
type Viewer = 'host' | 'newHost' | 'camper' | 'admin';
const userTypes: Record<Viewer, SessionType> = {
  host: 'host',
  newHost: 'host',
  camper: 'camper',
  admin: 'admin',
};

interface Screen {
  path: string;
  as: Viewer | null;
  /** A name (a camp's, an organization's) may be cut short with "…"; a screen's own title never is. */
  name?: boolean;
}

test('every screen has the same frame: left edge and a one-line h1 in one style', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  // Forty-odd screens in four roles, each opened and measured.
  test.setTimeout(480_000);
  const host = await createSubscribedHost(request);
  const { org, orgId } = await createApprovedOrg(request, host, 'Frame Check Outdoor Club');
  const campId = await createCamp(request, host, orgId, datedCamp('Frame Check Sailing Week', org));
  const pendingOrgId = await createOrg(request, host, uniqueOrg('Frame Check Pending Club'));
  const newHost = await createAccount(request, 'host');
  const parent = await createAccount(request, 'camper');
  const childId = await createChild(request, parent, childAged('Robin', 9));
  const cardId = await saveCard(request, parent);
  const sessions: Record<Viewer, string> = {
    host: host.token,
    newHost: newHost.token,
    camper: parent.token,
    admin: await adminToken(request),
  };

  const screens: Screen[] = [
    ...[
      '/',
      '/about',
      '/how-it-works',
      '/pricing',
      '/faq',
      '/contact',
      '/terms',
      '/privacypolicy',
      '/search',
      '/searchresults?term=sailing',
      '/no-such-page',
      '/host/login',
      '/host/register',
      '/host/forgotpassword',
      '/camper/login',
      '/camper/register',
      '/camper/forgotpassword',
      '/admin/login',
      '/resetpassword',
    ].map((path) => ({ path, as: null })),
    { path: `/camps/${campId}`, as: null, name: true },
    { path: `/orgs/${orgId}`, as: null, name: true },
    // A host without a subscription is sent to subscribe: that screen too.
    { path: '/host/subscribe', as: 'newHost' },
    { path: '/host/dashboard', as: 'host' },
    { path: '/host/account', as: 'host' },
    { path: `/host/org/${orgId}`, as: 'host', name: true },
    { path: `/host/org/${orgId}/camps`, as: 'host' },
    { path: `/host/editorg/${orgId}`, as: 'host' },
    { path: `/host/revieweditorg/${pendingOrgId}`, as: 'host', name: true },
    { path: `/host/camp/${campId}`, as: 'host', name: true },
    { path: `/host/camp/${campId}/roster`, as: 'host' },
    { path: `/host/editcamp/${campId}`, as: 'host' },
    { path: '/camper/dashboard', as: 'camper' },
    { path: '/camper/account', as: 'camper' },
    { path: '/camper/campers', as: 'camper' },
    { path: `/camper/child/${childId}`, as: 'camper', name: true },
    { path: '/camper/cards', as: 'camper' },
    { path: `/camper/cards/${cardId}`, as: 'camper' },
    { path: '/camper/registrations', as: 'camper' },
    { path: `/camps/${campId}/register`, as: 'camper', name: true },
    { path: '/admin', as: 'admin' },
    { path: `/admin/revieworg/${pendingOrgId}`, as: 'admin' },
    { path: '/admin/account', as: 'admin' },
  ];

  const looks: { path: string; look: FrameLook }[] = [];
  let signedInAs: Viewer | null = null;
  for (const screen of screens) {
    if (screen.as !== signedInAs) {
      if (screen.as) await signIn(page, { token: sessions[screen.as], userType: userTypes[screen.as] });
      signedInAs = screen.as;
    }
    await page.goto(screen.path);
    const look = await frameLook(page);
    looks.push({ path: screen.path, look });
    expect.soft(look.lines, `the h1 of ${screen.path} takes one line`).toBe(1);
    if (screen.name) {
      // A long name ends in "…", with the whole of it in the title.
      expect.soft(look.title, `the h1 of ${screen.path} keeps its whole text`).toBe(look.text);
    } else {
      expect.soft(look.truncated, `the h1 of ${screen.path} is not cut short`).toBe(false);
    }
  }

  const [first] = looks;
  if (!first) throw new Error('no screen was measured');
  for (const { path, look } of looks) {
    expect
      .soft(look.headingLeft, `${path}: the heading starts at the shared left edge`)
      .toBe(first.look.headingLeft);
    if (look.bodyLeft !== null) {
      expect
        .soft(look.bodyLeft, `${path}: the content starts at the heading's left edge`)
        .toBe(look.headingLeft);
    }
    for (const property of [
      'textTransform',
      'letterSpacing',
      'fontFamily',
      'fontSize',
      'fontWeight',
    ] as const) {
      expect.soft(look[property], `${path}: the h1's ${property}`).toBe(first.look[property]);
    }
  }
  // The spec's upper-case headings set the rule for all of them.
  expect(first.look.textTransform).toBe('uppercase');
  expect(first.look.letterSpacing).not.toBe('normal');
  expect(first.look.fontFamily).toMatch(/^Nunito/);
});
