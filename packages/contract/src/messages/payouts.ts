/** Payouts to hosts (docs/decisions/027). */
export const payoutsMessages = {
  registrationOpensSoon: 'Registration opens soon.',
  payoutAccountNeeded: 'Connect a payout account in your account settings so families can register and pay.',
  payoutOnboardingUnavailable:
    'This link has expired or was already used. Start again from your account settings.',
  bankHolderRequired: 'Enter the name on the bank account.',
  bankRoutingInvalid: 'A routing number has 9 digits.',
  bankAccountInvalid: 'An account number has 4 to 17 digits.',
  registrationClosed: 'Registration for this session has closed.',
  registrationAlreadyOpen: 'Registration for this session is already open.',
  placeAlertUseWaitlist: 'This session has a waitlist: join it, and a freed spot is offered to you in turn.',
  placeAlertHasSpots: 'This session has spots left: you can register now.',
  campHasSeveralSessions: 'This camp has several sessions: change dates, prices and places on each session.',
} as const;
