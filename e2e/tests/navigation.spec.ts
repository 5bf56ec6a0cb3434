import type { Page } from '@playwright/test';
import { expect, test, type UserType, waitForApp } from '../fixtures.ts';
import { adminToken, createAccount, signIn } from '../support.ts';

const guestLinks = [
  { name: 'Pricing', path: '/pricing' },
  { name: 'How it Works', path: '/how-it-works' },
  { name: 'FAQ', path: '/faq' },
  { name: 'Search Camps', path: '/search' },
];

const guestMenus = [
  {
    menu: 'Sign in',
    items: [
      { name: 'Parent sign in', path: '/camper/login' },
      { name: 'Host sign in', path: '/host/login' },
    ],
  },
  {
    menu: 'Sign up',
    items: [
      { name: 'Parent sign up', path: '/camper/register' },
      { name: 'Host sign up', path: '/host/register' },
    ],
  },
];

const footerLinks = [
  { name: 'About', path: '/about' },
  { name: 'Contact', path: '/contact' },
  { name: 'Terms of Use', path: '/terms' },
  { name: 'Privacy Policy', path: '/privacypolicy' },
];

function memberLinks(userType: UserType) {
  // A host also goes to their messages and earnings; a parent straight to their campers,
  // registrations, summer planner, friends and messages.
  const ownLinks =
    userType === 'camper'
      ? [
          { name: 'My Campers', path: '/camper/campers' },
          { name: 'My Registrations', path: '/camper/registrations' },
          { name: 'Summer Planner', path: '/camper/planner' },
          { name: 'Friends', path: '/camper/friends' },
          { name: 'Messages', path: '/camper/messages' },
        ]
      : [
          { name: 'Messages', path: '/host/messages' },
          { name: 'Earnings', path: '/host/earnings' },
        ];
  return [
    { name: 'My Dashboard', path: `/${userType}/dashboard` },
    ...ownLinks,
    { name: 'Search', path: '/search' },
    { name: 'Account Settings', path: `/${userType}/account` },
  ];
}

const header = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');

/** Opens the landing page and waits until it has rendered. */
async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('guest navigation on a wide screen', () => {
  test('the top bar links to each guest page', async ({ page }) => {
    await openHome(page);
    for (const { name, path } of guestLinks) {
      await header(page).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
    }
  });

  for (const { menu, items } of guestMenus) {
    test(`the ${menu} menu leads to each ${menu.toLowerCase()} page`, async ({ page }) => {
      await openHome(page);
      for (const { name, path } of items) {
        await header(page).getByRole('button', { name: menu, exact: true }).click();
        await page.getByRole('menuitem', { name, exact: true }).click();
        await expect(page).toHaveURL(path);
        await expect(page.getByRole('menu')).toBeHidden();
      }
    });
  }

  test('the small-screen menu button is not shown', async ({ page }) => {
    await openHome(page);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(header(page).getByRole('link', { name: 'Pricing', exact: true })).toBeVisible();
  });
});

test.describe('footer', () => {
  test('links to the site pages and home', async ({ page }) => {
    await page.goto('/faq');
    for (const { name, path } of footerLinks) {
      await footer(page).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
    }
    await footer(page).getByRole('link', { name: 'Campwise home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('links to two social media pages in a new tab', async ({ page }) => {
    await openHome(page);
    for (const network of ['Facebook', 'Instagram']) {
      const link = footer(page).getByRole('link', { name: network });
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test('the copyright line shows the current year', async ({ page }) => {
    await openHome(page);
    await expect(footer(page)).toContainText(`© ${new Date().getFullYear()} Campwise`);
  });
});

test.describe('guest navigation on a small screen', { tag: '@phone-only' }, () => {
  const entries = [...guestLinks, ...guestMenus.flatMap((group) => group.items)];

  test('the menu button opens a drawer with every guest link', async ({ page }) => {
    await openHome(page);
    await expect(header(page).getByRole('link', { name: 'Pricing', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    for (const { name, path } of entries) {
      await expect(drawer.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
    }
    await expect(drawer.getByText('Sign in', { exact: true })).toBeVisible();
    await expect(drawer.getByText('Sign up', { exact: true })).toBeVisible();
  });

  test('each drawer entry navigates and closes the drawer', async ({ page }) => {
    await openHome(page);
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    for (const { name, path } of entries) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await drawer.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(drawer).toBeHidden();
    }
  });
});

for (const userType of ['host', 'camper'] as const) {
  test.describe(`signed in as a ${userType}`, () => {
    // A real account: the top bar's own calls (the unread count) check the token on the server.
    test.beforeEach(async ({ page, request }) => {
      await signIn(page, await createAccount(request, userType));
    });

    test('the top bar links to the member pages', async ({ page }) => {
      await page.goto('/faq');
      await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(header(page).getByRole('link', { name: 'Pricing', exact: true })).toHaveCount(0);
      await expect(header(page).getByRole('button', { name: 'Sign in' })).toHaveCount(0);
      for (const { name, path } of memberLinks(userType)) {
        await expect(header(page).getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
      }
      await header(page).getByRole('link', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL('/search');
    });

    test('Logout clears the session and returns home as a guest', { tag: '@phone' }, async ({ page }) => {
      /** The bar on a wide screen, the drawer (opened here) on a phone. */
      const navigation = async () => {
        if (test.info().project.name !== 'phone') return header(page);
        await page.getByRole('button', { name: 'Open menu' }).click();
        return page.getByRole('dialog', { name: 'Menu' });
      };

      await page.goto('/search');
      await (await navigation()).getByRole('button', { name: 'Logout' }).click();

      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await waitForApp(page);
      const stored = await page.evaluate(() => [
        localStorage.getItem('token'),
        localStorage.getItem('userType'),
      ]);
      expect(stored).toEqual([null, null]);
      const guestNavigation = await navigation();
      await expect(guestNavigation.getByRole('link', { name: 'Pricing', exact: true })).toBeVisible();
      await expect(guestNavigation.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    });

    test('the small-screen menu links to the member pages', { tag: '@phone-only' }, async ({ page }) => {
      await openHome(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      for (const { name, path } of memberLinks(userType)) {
        await expect(drawer.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
      }
      await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
      await drawer.getByRole('link', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL('/search');
      await expect(drawer).toBeHidden();
    });
  });
}

test.describe('signed in as an administrator', () => {
  test('the top bar has no public Search and the footer nothing to sell', async ({ page, request }) => {
    await signIn(page, { token: await adminToken(request), userType: 'admin' });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Review Queue' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'My Dashboard', exact: true })).toHaveAttribute(
      'href',
      '/admin',
    );
    await expect(header(page).getByRole('link', { name: 'Account Settings', exact: true })).toHaveAttribute(
      'href',
      '/admin/account',
    );
    await expect(header(page).getByRole('link', { name: 'Search', exact: true })).toHaveCount(0);
    await expect(footer(page).getByRole('link', { name: /Facebook|Instagram/ })).toHaveCount(0);
    await expect(footer(page).getByText('Follow us')).toHaveCount(0);
    await expect(footer(page).getByRole('link', { name: 'Terms of Use', exact: true })).toBeVisible();
    await expect(footer(page)).toContainText(`© ${new Date().getFullYear()} Campwise`);
  });
});
