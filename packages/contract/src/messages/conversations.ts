/** Conversations and announcements between families and hosts (docs/decisions/031). */
export const conversationsMessages = {
  conversationNotFound: 'We could not find that conversation.',
  announcementNotFound: 'We could not find that announcement.',
  messageBodyRequired: 'Write a message.',
  messageBodyTooLong: 'A message can be at most 5,000 characters.',
  messageAttachmentType: 'Attach a photo (JPEG, PNG or WebP) or a PDF.',
  messageAttachmentTooLarge: 'An attachment can be at most 10 MB.',
  attachmentNotFound: 'We could not find that attachment.',
  attachmentNotLoaded: 'This attachment could not be loaded. Please reload the page to try again.',
  conversationsRateLimited:
    'You have started a lot of conversations. Please wait an hour before starting another.',
  announcementsRateLimited: 'You have sent a lot of announcements today. Please wait before sending another.',
  announcementSubjectRequired: 'Give the announcement a subject.',
  announcementSubjectTooLong: 'A subject can be at most 150 characters.',
  announcementAudienceInvalid: 'Choose who gets the announcement.',
  announcementSessionRequired: 'Choose the session whose families get the announcement.',
  announcementNoRecipients: 'No family is in that group yet, so there is nobody to send it to.',
  conversationStatusInvalid: 'Choose open or done.',
  messageFamilyWithoutPlace:
    'This family no longer has a place at your camp, so you cannot start a conversation with them.',
  messageSent: 'Message sent.',
  announcementSent: 'Announcement on its way to {count} families.',
} as const;
