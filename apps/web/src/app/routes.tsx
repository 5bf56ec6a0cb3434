import { type RouteObject, redirect } from 'react-router';
import { RequireRole } from './require-role.tsx';
import { RequireSubscription } from './require-subscription.tsx';

/** Per-route facts the layout reads: the document title. */
export interface RouteHandle {
  title: string;
}

type LazyModule = () => Promise<{ default: React.ComponentType }>;

export function page(path: string, title: string, load: LazyModule): RouteObject {
  return {
    path,
    handle: { title } satisfies RouteHandle,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/** Every route of the spec's route table, plus the screens it only links to. */
const publicRoutes: RouteObject[] = [
  page('/', 'Find summer camps and kids’ activities', () => import('../pages/public/landing.tsx')),
  page('/about', 'About', () => import('../pages/public/about.tsx')),
  page('/how-it-works', 'How it Works', () => import('../pages/public/how-it-works.tsx')),
  page('/pricing', 'Pricing', () => import('../pages/public/pricing.tsx')),
  page('/faq', 'FAQ', () => import('../pages/public/faq.tsx')),
  page('/contact', 'Contact', () => import('../pages/public/contact.tsx')),
  page('/terms', 'Terms of Use', () => import('../pages/public/terms.tsx')),
  page('/privacypolicy', 'Privacy Policy', () => import('../pages/public/privacy-policy.tsx')),

  page('/host/login', 'Host login', () => import('../pages/auth/host-login.tsx')),
  page('/host/register', 'Create a host account', () => import('../pages/auth/host-register.tsx')),
  page('/host/forgotpassword', 'Reset your password', () => import('../pages/auth/host-forgot-password.tsx')),
  page('/camper/login', 'Camper login', () => import('../pages/auth/camper-login.tsx')),
  page('/camper/register', 'Create a camper account', () => import('../pages/auth/camper-register.tsx')),
  page(
    '/camper/forgotpassword',
    'Reset your password',
    () => import('../pages/auth/camper-forgot-password.tsx'),
  ),
  page('/admin/login', 'Administrator login', () => import('../pages/auth/admin-login.tsx')),
  page('/resetpassword', 'Choose a new password', () => import('../pages/auth/reset-password.tsx')),
  page('/confirm-email', 'Confirm your new email', () => import('../pages/auth/confirm-email.tsx')),
  page('/goodbye', 'Account deleted', () => import('../pages/public/goodbye.tsx')),

  page('/search', 'Search camps', () => import('../pages/public/search.tsx')),
  page('/searchresults', 'Search results', () => import('../pages/public/search-results.tsx')),
  page('/camps/:id', 'Camp', () => import('../pages/public/camp-profile.tsx')),
  page('/orgs/:id', 'Organization', () => import('../pages/public/org-profile.tsx')),
];

const hostRoutes: RouteObject[] = [
  page('/host/subscribe', 'Subscribe', () => import('../pages/host/subscribe.tsx')),
  page('/host/subscribe/success', 'Subscription', () => import('../pages/host/subscribe-success.tsx')),
  page('/host/account', 'Account settings', () => import('../pages/host/account.tsx')),
  {
    element: <RequireSubscription />,
    children: [
      page('/host/dashboard', 'My organizations', () => import('../pages/host/dashboard.tsx')),
      page('/host/orgs', 'My organizations', () => import('../pages/host/dashboard.tsx')),
      page('/host/org/:id', 'Organization', () => import('../pages/host/org-profile.tsx')),
      page('/host/org/:id/camps', 'My camps', () => import('../pages/host/camps.tsx')),
      page('/host/editorg/:id', 'Edit organization', () => import('../pages/host/edit-org.tsx')),
      page(
        '/host/revieweditorg/:id',
        'Organization in review',
        () => import('../pages/host/review-edit-org.tsx'),
      ),
      page('/host/camp/:id', 'Camp', () => import('../pages/host/camp-profile.tsx')),
      page('/host/camp/:id/roster', 'Camp roster', () => import('../pages/host/roster.tsx')),
      page('/host/editcamp/:id', 'Edit camp', () => import('../pages/host/edit-camp.tsx')),
    ],
  },
];

const camperRoutes: RouteObject[] = [
  page('/camps/:id/register', 'Register for a camp', () => import('../pages/camper/register.tsx')),
  page('/camper/dashboard', 'My dashboard', () => import('../pages/camper/dashboard.tsx')),
  page('/camper/account', 'Account settings', () => import('../pages/camper/account.tsx')),
  page('/camper/campers', 'My campers', () => import('../pages/camper/campers.tsx')),
  // The spec's route table names a camper's page /camper/camper/{id}; its links use /camper/child/{id}.
  { path: '/camper/camper/:id', loader: ({ params }) => redirect(`/camper/child/${params.id ?? ''}`) },
  page('/camper/child/:id', 'Camper', () => import('../pages/camper/child.tsx')),
  page('/camper/cards', 'My cards', () => import('../pages/camper/cards.tsx')),
  page('/camper/cards/:id', 'Card', () => import('../pages/camper/card.tsx')),
  page('/camper/registrations', 'My registrations', () => import('../pages/camper/registrations.tsx')),
  page('/camper/planner', 'Summer planner', () => import('../pages/camper/planner.tsx')),
  page('/camper/saved', 'Saved sessions', () => import('../pages/camper/saved.tsx')),
];

const adminRoutes: RouteObject[] = [
  page('/admin', 'Organizations awaiting review', () => import('../pages/admin/review-queue.tsx')),
  page('/admin/revieworg/:id', 'Organization review', () => import('../pages/admin/review-org.tsx')),
  page('/admin/account', 'Account settings', () => import('../pages/admin/account.tsx')),
];

export const pageRoutes: RouteObject[] = [
  ...publicRoutes,
  { element: <RequireRole userType="host" />, children: hostRoutes },
  { element: <RequireRole userType="camper" />, children: camperRoutes },
  { element: <RequireRole userType="admin" />, children: adminRoutes },
  page('*', 'Page not found', () => import('../pages/system/not-found.tsx')),
];
