import type { HostView } from '../components/teams/team-rights.ts';
import type { Session } from './session.ts';

export interface NavLink {
  label: string;
  to: string;
  /** Shows how many conversations and announcements are unread (decision 031). */
  unread?: boolean;
}

export interface NavGroup {
  label: string;
  links: NavLink[];
}

/**
 * The guest bar of docs/product-spec.md, section 2; its Login and Register menus speak to parents
 * as parents: "Parent sign in", "Parent sign up" (decision 064).
 */
export const guestLinks: NavLink[] = [
  { label: 'Pricing', to: '/pricing' },
  { label: 'How it Works', to: '/how-it-works' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Search Camps', to: '/search' },
];

export const guestMenus: NavGroup[] = [
  {
    label: 'Sign in',
    links: [
      { label: 'Parent sign in', to: '/camper/login' },
      { label: 'Host sign in', to: '/host/login' },
    ],
  },
  {
    label: 'Sign up',
    links: [
      { label: 'Parent sign up', to: '/camper/register' },
      { label: 'Host sign up', to: '/host/register' },
    ],
  },
];

const dashboards: Record<Session['userType'], string> = {
  host: '/host/dashboard',
  camper: '/camper/dashboard',
  admin: '/admin',
};

export function dashboardPath(userType: Session['userType']): string {
  return dashboards[userType];
}

const logins: Record<Session['userType'], string> = {
  host: '/host/login',
  camper: '/camper/login',
  admin: '/admin/login',
};

export function loginPath(userType: Session['userType']): string {
  return logins[userType];
}

/**
 * The signed-in bar (Logout is a button beside it): the spec's dashboard, search and account
 * settings; a host also to their earnings, a parent straight to their campers, registrations and summer planner. An administrator's
 * bar has no public Search: their desk is the review queue, beside it the reported reviews.
 * A host on other organizations' teams sees Messages and Earnings only where a role of theirs,
 * or their own plan, has them (`hostView`, once known; decision 057).
 */
export function memberLinks(session: Session, hostView?: Pick<HostView, 'earnings' | 'messages'>): NavLink[] {
  const dashboard = { label: 'My Dashboard', to: dashboardPath(session.userType) };
  const account = { label: 'Account Settings', to: `/${session.userType}/account` };
  const search = { label: 'Search', to: '/search' };
  if (session.userType === 'admin') {
    return [dashboard, { label: 'Reported Reviews', to: '/admin/camp-reviews' }, account];
  }
  if (session.userType === 'camper') {
    return [
      dashboard,
      { label: 'My Campers', to: '/camper/campers' },
      { label: 'My Registrations', to: '/camper/registrations' },
      { label: 'Summer Planner', to: '/camper/planner' },
      { label: 'Friends', to: '/camper/friends' },
      { label: 'Messages', to: '/camper/messages', unread: true },
      search,
      account,
    ];
  }
  return [
    dashboard,
    ...(hostView?.messages === false ? [] : [{ label: 'Messages', to: '/host/messages', unread: true }]),
    ...(hostView?.earnings === false ? [] : [{ label: 'Earnings', to: '/host/earnings' }]),
    search,
    account,
  ];
}

/** Administrators' screens (and their login) are a back office: no marketing footer there. */
export function isAdminScreen(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
