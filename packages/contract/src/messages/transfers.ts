/** Moving a place to another session of the camp (docs/decisions/017). */
export const transfersMessages = {
  transferNotAllowed: 'Only a paid place in a session that has not started can be moved.',
  transferSameSession: '{name} is already in this session.',
  transferSessionStarted: 'This session has already started.',
  transferSessionOver: 'This session is over.',
  transferSessionFull: '{session} has no spots left.',
  transferCardNeeded: 'Please choose a card to pay the difference.',
  transferPriceChanged: 'The price difference changed since you looked: please check it and try again.',
  transferDeclined: '{reason} The place was not moved.',
  unknownCategory: 'Please choose categories from the list.',
} as const;
