/** Registrations (docs/product-spec.md, section 2, for the first; docs/design.md, section 5, for the rest). */
export const registrationsMessages = {
  mustAddCampers: 'You must add campers before you register for a camp.',
  chooseCampers: 'Please choose at least one camper.',
  tooManyCampers: 'You can register at most 10 campers at once.',
  chooseCard: 'Please choose a card to pay with.',
  childTooYoung: 'Too young for this camp',
  childTooOld: 'Too old for this camp',
  childAlreadyRegistered: 'Already registered',
  childOnWaitlist: 'On the waitlist',
  childNotEligible: '{name} cannot be registered for this camp: {reason}.',
  campFull: 'Sorry, this camp is full and has no waitlist.',
  campNotOpen: 'This camp is no longer open for registration.',
  registrationInProgress:
    'This registration is still being processed. Please check My Registrations in a moment.',
  offerExpired: 'The spot held for you has expired and has gone to the next family on the waitlist.',
  payHeldSpotsFirst:
    'There is not a spot for every child you chose. Register the children whose spots are held for you first; the others can then join the waitlist.',
  requestKeyReused:
    'This registration was already sent for other campers. Please reload the page and try again.',
  paymentNotCompleted: 'The payment was not completed, so the places were released.',
  registrationChanged: 'This registration has just changed. Please reload the page.',
  calendarNoDates: 'Year-round camps have no dates to add to a calendar.',
  registrationNotFound: 'We could not find that registration.',
  registrationCannotCancel:
    'This registration can no longer be cancelled here. Please contact the camp host.',
  campHasRegistrations:
    'This camp has confirmed registrations for a session that is not over. Cancel those registrations first.',
  orgHasRegistrations:
    'A camp of this organization has confirmed registrations for a session that is not over. Cancel those registrations first.',
  cancelRegistrationConfirm: 'Are you sure you wish to cancel this registration?',
  leaveWaitlistConfirm: 'Are you sure you wish to leave the waitlist?',
  refundInFull: 'You will be refunded {amount} in full.',
  leaveWaitlistNote: 'You will leave the waitlist.',
  hostCancelRegistrationConfirm: "Are you sure you wish to cancel {child}'s registration?",
  hostRefundInFull: '{parent} will be refunded {amount} in full and told by e-mail.',
  hostLeaveWaitlistNote: '{child} will leave the waitlist. Nothing was charged.',
  nothingToReview: 'This organization has no changes waiting for review. It may already have been decided.',
} as const;
