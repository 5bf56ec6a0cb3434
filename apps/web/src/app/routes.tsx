import { PUBLIC_PAGE_HEADS, type PublicPagePath } from '@campwise/contract/public-pages';
import { type ActionFunction, type RouteObject, redirect } from 'react-router';
import { RequireRole } from './require-role.tsx';
import { RequireSubscription } from './require-subscription.tsx';

/** Per-route facts the layout reads: the document title. */
export interface RouteHandle {
  title: string;
}

/** A screen's module: its component, and the action of a form it sends before its script runs. */
type LazyModule = () => Promise<{ default: React.ComponentType; action?: ActionFunction }>;

export function page(path: string, title: string, load: LazyModule): RouteObject {
  return {
    path,
    handle: { title } satisfies RouteHandle,
    lazy: async () => {
      const screen = await load();
      return screen.action
        ? { Component: screen.default, action: screen.action }
        : { Component: screen.default };
    },
  };
}

/** A public page, titled as the server's head for crawlers titles it. */
const publicPage = (path: PublicPagePath, load: LazyModule) =>
  page(path, PUBLIC_PAGE_HEADS[path].title, load);

/** Every route of the spec's route table, plus the screens it only links to. */
const publicRoutes: RouteObject[] = [
  publicPage('/', () => import('../pages/public/landing.tsx')),
  publicPage('/about', () => import('../pages/public/about.tsx')),
  publicPage('/how-it-works', () => import('../pages/public/how-it-works.tsx')),
  publicPage('/pricing', () => import('../pages/public/pricing.tsx')),
  publicPage('/faq', () => import('../pages/public/faq.tsx')),
  publicPage('/contact', () => import('../pages/public/contact.tsx')),
  publicPage('/terms', () => import('../pages/public/terms.tsx')),
  publicPage('/privacypolicy', () => import('../pages/public/privacy-policy.tsx')),

  page('/host/login', 'Host sign in', () => import('../pages/auth/host-login.tsx')),
  page('/host/register', 'Create a host account', () => import('../pages/auth/host-register.tsx')),
  page('/host/forgotpassword', 'Reset your password', () => import('../pages/auth/host-forgot-password.tsx')),
  page('/camper/login', 'Parent sign in', () => import('../pages/auth/camper-login.tsx')),
  page('/camper/register', 'Create a parent account', () => import('../pages/auth/camper-register.tsx')),
  page(
    '/camper/forgotpassword',
    'Reset your password',
    () => import('../pages/auth/camper-forgot-password.tsx'),
  ),
  page('/admin/login', 'Administrator sign in', () => import('../pages/auth/admin-login.tsx')),
  page('/resetpassword', 'Choose a new password', () => import('../pages/auth/reset-password.tsx')),
  page('/confirm-email', 'Confirm your new email', () => import('../pages/auth/confirm-email.tsx')),
  page('/goodbye', 'Account deleted', () => import('../pages/public/goodbye.tsx')),
  page('/unsubscribe/:token', 'Unsubscribe', () => import('../pages/public/unsubscribe.tsx')),
  // Opened from an e-mail, signed in or not: the page itself offers a host's login or sign-up.
  page('/host/team/accept', 'Team invitation', () => import('../pages/host/team-accept.tsx')),

  publicPage('/search', () => import('../pages/public/search.tsx')),
  publicPage('/searchresults', () => import('../pages/public/search-results.tsx')),
  page('/camps/:id', 'Camp', () => import('../pages/public/camp-profile.tsx')),
  page('/orgs/:id', 'Organization', () => import('../pages/public/org-profile.tsx')),
];

const hostRoutes: RouteObject[] = [
  page('/host/subscribe', 'Subscribe', () => import('../pages/host/subscribe.tsx')),
  page('/host/subscribe/success', 'Subscription', () => import('../pages/host/subscribe-success.tsx')),
  page('/host/account', 'Account settings', () => import('../pages/host/account.tsx')),
  // Earnings and payouts stay readable after a subscription ends.
  page('/host/earnings', 'Earnings', () => import('../pages/host/earnings.tsx')),
  {
    element: <RequireSubscription />,
    children: [
      page('/host/dashboard', 'My organizations', () => import('../pages/host/dashboard.tsx')),
      page('/host/orgs', 'My organizations', () => import('../pages/host/dashboard.tsx')),
      page('/host/insights', 'Season insights', () => import('../pages/host/insights.tsx')),
      page('/host/org/:id', 'Organization', () => import('../pages/host/org-profile.tsx')),
      page('/host/org/:id/camps', 'My camps', () => import('../pages/host/camps.tsx')),
      page('/host/team/:id', 'Team', () => import('../pages/host/team.tsx')),
      page('/host/editorg/:id', 'Edit organization', () => import('../pages/host/edit-org.tsx')),
      page(
        '/host/revieweditorg/:id',
        'Organization in review',
        () => import('../pages/host/review-edit-org.tsx'),
      ),
      page('/host/camp/:id', 'Camp', () => import('../pages/host/camp-profile.tsx')),
      page('/host/camp/:id/roster', 'Camp roster', () => import('../pages/host/roster.tsx')),
      page('/host/sessions/:id/check-in', 'Check-in', () => import('../pages/host/check-in.tsx')),
      page('/host/editcamp/:id', 'Edit camp', () => import('../pages/host/edit-camp.tsx')),
      page('/host/editcamp/:id/:section', 'Edit camp', () => import('../pages/host/edit-camp.tsx')),
      page('/host/messages', 'Messages', () => import('../pages/host/messages.tsx')),
      page('/host/messages/:id', 'Conversation', () => import('../pages/host/conversation.tsx')),
      page('/host/announcements/:id', 'Announcement', () => import('../pages/host/announcement.tsx')),
    ],
  },
];

const camperRoutes: RouteObject[] = [
  page('/camps/:id/register', 'Register for a camp', () => import('../pages/camper/register.tsx')),
  page('/camps/:id/ask', 'Ask the host', () => import('../pages/camper/ask-host.tsx')),
  page('/camper/dashboard', 'My dashboard', () => import('../pages/camper/dashboard.tsx')),
  page('/camper/account', 'Account settings', () => import('../pages/camper/account.tsx')),
  page('/camper/campers', 'My campers', () => import('../pages/camper/campers.tsx')),
  // The spec's route table names a camper's page /camper/camper/{id}; its links use /camper/child/{id}.
  { path: '/camper/camper/:id', loader: ({ params }) => redirect(`/camper/child/${params.id ?? ''}`) },
  page('/camper/child/:id', 'Camper', () => import('../pages/camper/child.tsx')),
  page('/camper/cards', 'My cards', () => import('../pages/camper/cards.tsx')),
  page('/camper/cards/:id', 'Card', () => import('../pages/camper/card.tsx')),
  page('/camper/registrations', 'My registrations', () => import('../pages/camper/registrations.tsx')),
  page('/camper/camps/:id/forms', 'Questions and waivers', () => import('../pages/camper/camp-forms.tsx')),
  page('/camper/planner', 'Summer planner', () => import('../pages/camper/planner.tsx')),
  page('/camper/saved', 'Saved sessions', () => import('../pages/camper/saved.tsx')),
  page('/camper/basket', 'Your basket', () => import('../pages/camper/basket.tsx')),
  page('/camper/receipts', 'Receipts', () => import('../pages/camper/receipts.tsx')),
  page('/camper/receipts/:id', 'Receipt', () => import('../pages/camper/receipt.tsx')),
  page(
    '/camper/instalments/:id/pay',
    'Pay an instalment',
    () => import('../pages/camper/pay-instalment.tsx'),
  ),
  page('/camper/friends', 'Friends', () => import('../pages/camper/friends.tsx')),
  page('/camper/friends/accept', 'Friend invitation', () => import('../pages/camper/friend-accept.tsx')),
  page('/camper/messages', 'Messages', () => import('../pages/camper/messages.tsx')),
  page('/camper/messages/:id', 'Conversation', () => import('../pages/camper/conversation.tsx')),
  page(
    '/camper/messages/announcements/:id',
    'Announcement',
    () => import('../pages/camper/announcement.tsx'),
  ),
];

const adminRoutes: RouteObject[] = [
  page('/admin', 'Organizations awaiting review', () => import('../pages/admin/review-queue.tsx')),
  page('/admin/revieworg/:id', 'Organization review', () => import('../pages/admin/review-org.tsx')),
  page('/admin/account', 'Account settings', () => import('../pages/admin/account.tsx')),
  page('/admin/camp-reviews', 'Reported reviews', () => import('../pages/admin/reported-reviews.tsx')),
];

export const pageRoutes: RouteObject[] = [
  ...publicRoutes,
  { element: <RequireRole userType="host" />, children: hostRoutes },
  { element: <RequireRole userType="camper" />, children: camperRoutes },
  { element: <RequireRole userType="admin" />, children: adminRoutes },
  page('*', 'Page not found', () => import('../pages/system/not-found.tsx')),
];
