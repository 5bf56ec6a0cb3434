import type { UserType } from '@campwise/contract/accounts';

/** Who a route admits before it looks at any resource (DESIGN.md section 4: role, then ownership). */
export type Access = 'public' | 'user' | 'host' | 'subscribedHost' | 'camper' | 'admin';

/** The user types each guarded access admits; 'subscribedHost' also needs a live subscription. */
export const ADMITTED: Record<Exclude<Access, 'public'>, readonly UserType[]> = {
  user: ['host', 'camper', 'admin'],
  host: ['host'],
  subscribedHost: ['host'],
  camper: ['camper'],
  admin: ['admin'],
};

/**
 * The access rule of every API route, by `METHOD /url` as Fastify registers it. The
 * authorization matrix proves the server keeps it; the bad-input suite uses it to sign its
 * requests in as someone the route admits, so they reach the checks behind the sign-in.
 */
export const ROUTE_ACCESS: Record<string, Access> = {
  // Anyone, signed in or not: the bearer token, whoever's it is, changes nothing.
  'GET /healthz': 'public',
  'GET /api/site': 'public',
  'GET /data/categories': 'public',
  'GET /dev/mailbox': 'public',
  'POST /api/newsletter': 'public',
  'POST /auth/register': 'public',
  'POST /camper/auth/register': 'public',
  'POST /auth/login': 'public',
  'POST /camper/auth/login': 'public',
  'POST /admin/auth/login': 'public',
  'POST /api/host/requestpasswordreset': 'public',
  'POST /api/camper/requestpasswordreset': 'public',
  'POST /api/auth/resetpassword': 'public',
  // The link mailed to a new sign-in address: its token admits it.
  'POST /api/account/email/confirm': 'public',
  'POST /api/webhooks/payments': 'public',
  // The second step of a login: its ticket admits it.
  'POST /api/auth/two-factor': 'public',
  'POST /api/auth/two-factor/enrolment': 'public',
  'POST /api/auth/two-factor/enrolment/confirm': 'public',
  'GET /api/pay/checkout/:sessionId': 'public',
  'POST /api/pay/checkout/:sessionId': 'public',
  'POST /api/search': 'public',
  'GET /api/camps/:id': 'public',
  'GET /api/camps/:id/images': 'public',
  'GET /api/camps/:id/categories': 'public',
  'GET /api/orgs/:id': 'public',
  'GET /api/orgs/:id/camps': 'public',
  // Any signed-in user, about their own account.
  'GET /me': 'user',
  'POST /api/user/passcheck': 'user',
  'PUT /api/user/password': 'user',
  'GET /api/account/two-factor': 'user',
  'POST /api/account/two-factor/setup': 'user',
  'POST /api/account/two-factor/confirm': 'user',
  'POST /api/account/two-factor/disable': 'user',
  'POST /api/account/two-factor/recovery-codes': 'user',
  'GET /api/account/export': 'user',
  'POST /api/account/delete': 'user',
  // Hosts, with or without a subscription.
  'GET /host/:id': 'host',
  'PUT /host': 'host',
  'POST /auth/host/regen': 'host',
  'GET /api/host/subscription': 'host',
  'POST /api/ecom/subscription': 'host',
  'PUT /api/host/subscription': 'host',
  'PUT /api/host/subscription/renewal': 'host',
  'POST /api/host/subscription/portal': 'host',
  // Hosts with a live subscription (402 without one): their organizations and camps.
  'GET /host/orgs': 'subscribedHost',
  'POST /host/orgs': 'subscribedHost',
  'GET /host/orgs/:id': 'subscribedHost',
  'PUT /host/orgs/:id': 'subscribedHost',
  'PUT /host/orgs/:id/reviewupdate': 'subscribedHost',
  'PUT /host/org/:id/image': 'subscribedHost',
  'DELETE /host/org/:id': 'subscribedHost',
  'GET /host/org/:id/camps': 'subscribedHost',
  'POST /host/org/:id/camps': 'subscribedHost',
  'GET /host/camp/:id': 'subscribedHost',
  'PUT /host/camp/:campId': 'subscribedHost',
  'DELETE /host/camp/:id': 'subscribedHost',
  'PUT /host/camp/:id/thumbnail': 'subscribedHost',
  'DELETE /host/camp/:id/thumbnail': 'subscribedHost',
  'POST /host/camp/:id/images': 'subscribedHost',
  'POST /host/org/:orgId/camps/:campId/images': 'subscribedHost',
  'PUT /host/camp/images/:id': 'subscribedHost',
  'DELETE /host/camp/image/:id': 'subscribedHost',
  'POST /host/org/:orgId/camps/:campId/categories': 'subscribedHost',
  'POST /api/camps/duplicate': 'subscribedHost',
  'GET /host/camp/:id/roster': 'subscribedHost',
  'GET /host/camp/:id/roster.csv': 'subscribedHost',
  'POST /host/registrations/:id/cancel': 'subscribedHost',
  'GET /host/camp/:id/sessions': 'subscribedHost',
  'POST /host/camp/:id/sessions': 'subscribedHost',
  'PUT /host/sessions/:id': 'subscribedHost',
  'POST /host/sessions/:id/copy': 'subscribedHost',
  'POST /host/sessions/:id/cancel': 'subscribedHost',
  'DELETE /host/sessions/:id': 'subscribedHost',
  // Administrators.
  'GET /api/admin/reviews': 'admin',
  'GET /api/admin/orgs/:id': 'admin',
  'POST /api/admin/org/approvalrequestresponse': 'admin',
  // Parents: their account, children, cards and registrations.
  'PUT /camper': 'camper',
  'GET /camper/campers': 'camper',
  'POST /camper/campers': 'camper',
  'GET /camper/campers/:id': 'camper',
  'PUT /camper/campers/:id': 'camper',
  'DELETE /camper/campers/:id': 'camper',
  'GET /camper/cards': 'camper',
  'POST /camper/cards/setup': 'camper',
  'POST /camper/cards': 'camper',
  'GET /camper/cards/:id': 'camper',
  'DELETE /camper/cards/:id': 'camper',
  'GET /api/camps/:id/registration-options': 'camper',
  'POST /api/camps/:id/registrations': 'camper',
  'GET /camper/registrations': 'camper',
  'POST /camper/sessions/:id/opening-notice': 'camper',
  'GET /camper/opening-notices': 'camper',
  'POST /camper/registrations/:id/cancel': 'camper',
  'GET /camper/registrations/:id/calendar.ics': 'camper',
  'GET /camper/campers/:id/medical-views': 'camper',
};
