/** The day of camp: pickup adults and check-in (docs/decisions/030). */
export const checkInMessages = {
  pickupNameRequired: 'Please give the name of the adult.',
  pickupRelationshipRequired: 'Please say who the adult is to the child, like grandmother or neighbour.',
  pickupRelationshipTooLong: 'Please keep the relationship to 40 characters or fewer.',
  pickupAdultLimit: 'A child can have up to 8 pickup adults. Remove one to add another.',
  pickupAdultNotFound: 'We could not find that pickup adult.',
  checkInDayInvalid: 'Choose a day of this session.',
  checkInDayNotInSession: '{day} is not a day of this session.',
  checkInDayAhead: 'Children can be checked in on the day itself, not ahead of it.',
  checkInSessionCancelled: 'This session is cancelled, so nobody can be checked in.',
  checkInBeforePlace: '{child} had no place at this session yet on {day}.',
  checkInChildNotFound: 'We could not find that child at this session.',
  checkInAlready: '{child} is already checked in today.',
  checkOutNotCheckedIn: '{child} has not been checked in today, so cannot be checked out.',
  checkOutAlready: '{child} has already been collected today.',
  checkOutAdultNotAuthorised:
    'Only an adult the family authorised can collect {child}. Record anyone else as refused.',
  checkOutAdultRequired: 'Choose the adult who is collecting the child.',
  refusedNameRequired: 'Please write the name the person gave.',
  refusalNotCheckedIn: '{child} is not checked in today, so there is no pickup to refuse.',
  checkInKeyInvalid: 'This tap could not be sent. Please reload the page and tap again.',
  checkInKeyReused: 'This tap was already used for something else. Please reload the page and tap again.',
} as const;
