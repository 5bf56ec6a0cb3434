import type { RouteObject } from 'react-router';

/** Per-route facts the layout reads: the document title. */
export interface RouteHandle {
  title: string;
}

type LazyModule = () => Promise<{ default: React.ComponentType }>;

function page(path: string, title: string, load: LazyModule): RouteObject {
  return {
    path,
    handle: { title } satisfies RouteHandle,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

const comingSoon: LazyModule = () => import('../pages/system/coming-soon.tsx');

/** Every route of the spec's route table, plus the screens it only links to. */
export const pageRoutes: RouteObject[] = [
  page('/', 'Find summer camps and kids’ activities', () => import('../pages/public/landing.tsx')),
  page('/about', 'About', () => import('../pages/public/about.tsx')),
  page('/how-it-works', 'How it Works', () => import('../pages/public/how-it-works.tsx')),
  page('/pricing', 'Pricing', () => import('../pages/public/pricing.tsx')),
  page('/faq', 'FAQ', () => import('../pages/public/faq.tsx')),
  page('/contact', 'Contact', () => import('../pages/public/contact.tsx')),
  page('/terms', 'Terms of Use', () => import('../pages/public/terms.tsx')),
  page('/privacypolicy', 'Privacy Policy', () => import('../pages/public/privacy-policy.tsx')),

  page('/host/login', 'Host login', comingSoon),
  page('/host/register', 'Create a host account', comingSoon),
  page('/host/forgotpassword', 'Reset your password', comingSoon),
  page('/camper/login', 'Camper login', comingSoon),
  page('/camper/register', 'Create a camper account', comingSoon),
  page('/camper/forgotpassword', 'Reset your password', comingSoon),
  page('/resetpassword', 'Choose a new password', comingSoon),

  page('/search', 'Search camps', comingSoon),
  page('/searchresults', 'Search results', comingSoon),
  page('/camps/:id', 'Camp', comingSoon),
  page('/orgs/:id', 'Organization', comingSoon),
  page('/camps/:id/register', 'Register for a camp', comingSoon),

  page('/host/subscribe', 'Subscribe', comingSoon),
  page('/host/subscribe/success', 'Subscription', comingSoon),
  page('/host/account', 'Account settings', comingSoon),
  page('/host/dashboard', 'My organizations', comingSoon),
  page('/host/orgs', 'My organizations', comingSoon),
  page('/host/org/:id', 'Organization', comingSoon),
  page('/host/org/:id/camps', 'My camps', comingSoon),
  page('/host/editorg/:id', 'Edit organization', comingSoon),
  page('/host/revieweditorg/:id', 'Organization in review', comingSoon),
  page('/host/camp/:id', 'Camp', comingSoon),
  page('/host/camp/:id/roster', 'Camp roster', comingSoon),
  page('/host/editcamp/:id', 'Edit camp', comingSoon),

  page('/camper/dashboard', 'My dashboard', comingSoon),
  page('/camper/account', 'Account settings', comingSoon),
  page('/camper/campers', 'My campers', comingSoon),
  page('/camper/camper/:id', 'Camper', comingSoon),
  page('/camper/child/:id', 'Camper', comingSoon),
  page('/camper/cards', 'My cards', comingSoon),
  page('/camper/cards/:id', 'Card', comingSoon),
  page('/camper/registrations', 'My registrations', comingSoon),

  page('/admin', 'Organizations awaiting review', comingSoon),
  page('/admin/login', 'Administrator login', comingSoon),
  page('/admin/revieworg/:id', 'Organization review', comingSoon),

  page('*', 'Page not found', () => import('../pages/system/not-found.tsx')),
];
