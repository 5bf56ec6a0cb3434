import { accountsMessages } from './messages/accounts.ts';
import { basketsMessages } from './messages/baskets.ts';
import { campFormsMessages } from './messages/camp-forms.ts';
import { campReviewsMessages } from './messages/camp-reviews.ts';
import { campsMessages } from './messages/camps.ts';
import { checkInMessages } from './messages/check-in.ts';
import { childrenMessages } from './messages/children.ts';
import { conversationsMessages } from './messages/conversations.ts';
import { friendsMessages } from './messages/friends.ts';
import { generalMessages } from './messages/general.ts';
import { healthProfilesMessages } from './messages/health-profiles.ts';
import { insightsMessages } from './messages/insights.ts';
import { orgsMessages } from './messages/orgs.ts';
import { paymentPlansMessages } from './messages/payment-plans.ts';
import { payoutsMessages } from './messages/payouts.ts';
import { plannerMessages } from './messages/planner.ts';
import { privacyMessages } from './messages/privacy.ts';
import { refundPolicyMessages } from './messages/refund-policy.ts';
import { registrationsMessages } from './messages/registrations.ts';
import { savedSearchesMessages } from './messages/saved-searches.ts';
import { searchMessages } from './messages/search.ts';
import { sessionsMessages } from './messages/sessions.ts';
import { subscriptionsMessages } from './messages/subscriptions.ts';
import { teamsMessages } from './messages/teams.ts';
import { transfersMessages } from './messages/transfers.ts';

/**
 * Every user-facing message shared by the API and the web app. Texts quoted by the product
 * spec (docs/product-spec.md) are used word for word; the rest follow its tone. Each use case
 * keeps its own in messages/; this is the one object both sides read.
 */
export const messages = {
  ...generalMessages,
  ...accountsMessages,
  ...subscriptionsMessages,
  ...childrenMessages,
  ...orgsMessages,
  ...campsMessages,
  ...sessionsMessages,
  ...basketsMessages,
  ...payoutsMessages,
  ...plannerMessages,
  ...refundPolicyMessages,
  ...transfersMessages,
  ...searchMessages,
  ...registrationsMessages,
  ...privacyMessages,
  ...campReviewsMessages,
  ...savedSearchesMessages,
  ...friendsMessages,
  ...conversationsMessages,
  ...paymentPlansMessages,
  ...healthProfilesMessages,
  ...checkInMessages,
  ...campFormsMessages,
  ...insightsMessages,
  ...teamsMessages,
} as const;
