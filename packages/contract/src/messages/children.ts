/** Campers' children and saved cards (docs/product-spec.md, sections 2, 5 and 8). */
export const childrenMessages = {
  noCampers: 'No Campers Added Yet',
  noCards: 'No Cards Added Yet',
  birthdayInFuture: 'A birthday cannot be in the future.',
  birthdayTooOld: 'Please check the birthday: it is 100 or more years ago.',
  medicalTooLong: 'Medical notes can be at most 2000 characters long.',
  childNotFound: 'We could not find that camper.',
  childHasActiveRegistrations:
    'This camper has active registrations. Cancel them on My Registrations before deleting the camper.',
  deleteChildConfirm: 'Are you sure you wish to delete this camper?',
  cardNotFound: 'We could not find that card.',
  removeCardConfirm: 'Are you sure you wish to remove this card?',
  cardUseSecureField: 'Please enter the card in the secure card field.',
  cardSetupUnavailable: 'Cards are typed into the form on this site; there is no secure field to set up.',
} as const;
