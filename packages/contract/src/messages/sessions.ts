/** Sessions (docs/decisions/015). */
export const sessionsMessages = {
  sessionNotFound: 'We could not find that session.',
  sessionDatesTogether: 'Give both a start and an end date, or neither for a year-round camp.',
  sessionDatesRequired: 'Dates are required for a camp that is not year-round.',
  sessionTimeInvalid: 'Enter a time like 09:00.',
  sessionEndTimeBeforeStart: 'The end time must be after the start time.',
  sessionWeekdaysInvalid: 'Choose days of the week from Sunday to Saturday.',
  sessionMeetsOnNoDay: 'None of the session’s dates falls on the days chosen. Check its dates or days.',
  sessionPriceInvalid: 'Enter a price in dollars, like 250 or 249.50.',
  sessionWindowInverted: 'Registration must close after it opens.',
  sessionOverlaps: 'This session overlaps {name}. Change its dates or times.',
  sessionCapacityBelowTaken: 'Capacity cannot be below the {count} places already taken.',
  sessionHasRegistrations:
    'This session has registrations, so it cannot be deleted. Cancel it instead: every paid place is refunded in full.',
  sessionPaymentsInFlight: 'A payment for this session is being processed. Please try again in a minute.',
  sessionLastOne: 'A camp needs at least one session. Add another before removing this one.',
  sessionCancelled: 'This session has been cancelled.',
  sessionCopyNeedsDates: 'Only a session with dates can be copied to the next week.',
  sessionAlreadyCancelled: 'This session is already cancelled.',
  chooseSession: 'Please choose a session.',
  childInOverlappingSession: '{name} already has a place in {other}, which runs at the same time.',
} as const;
