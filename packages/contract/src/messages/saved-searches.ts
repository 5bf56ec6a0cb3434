/** Saved searches, the weekly digest and unsubscribe links (docs/decisions/022). */
export const savedSearchesMessages = {
  savedSearchNameInvalid: 'Please give the search a name.',
  savedSearchNameTooLong: 'Please keep the name to 80 characters or fewer.',
  savedSearchDigestInvalid: 'Please say whether the weekly e-mail is on or off.',
  savedSearchLimit: 'You can keep up to 20 saved searches. Remove one you no longer need to save this one.',
  savedSearchDuplicate: 'You have already saved this search as “{name}”.',
  savedSearchNotFound: 'We could not find that saved search.',
  savedSearchSaved: 'Search saved. We will e-mail you new sessions that match once a week.',
  unsubscribeLinkInvalid:
    'This unsubscribe link is not valid. Please use the link from the most recent e-mail, or change your alerts on your Saved page.',
} as const;
