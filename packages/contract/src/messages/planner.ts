/** The family's summer planner (docs/decisions/019). */
export const plannerMessages = {
  plannerRangeBoth: 'Give both the first and the last week, or neither for the school summer.',
  plannerRangeTooLong: 'A planner covers at most 26 weeks.',
  plannerRadiusInvalid: 'The distance must be from 1 to 100 miles.',
  maybeNotFound: 'We could not find that saved session.',
  receiptNotFound: 'We could not find that receipt.',
  plannerOverlap: '{child} has {first} and {second} at the same time.',
  plannerDropOff:
    'Drop-off clash on {day}: {first} and {second} start within half an hour of each other, {miles} miles apart.',
  calendarFeedNotFound: 'This calendar address is not in use. Make a new one on your account.',
} as const;
