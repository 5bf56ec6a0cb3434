export type { DigestSession } from './alert-mails.ts';
export { placeFreedMail, registrationOpenMail, savedSearchDigestMail } from './alert-mails.ts';
export type { AttendanceMailFacts } from './check-in-mails.ts';
export { checkedInMail, collectedMail, pickupRefusedMail } from './check-in-mails.ts';
export type { Paragraph } from './compose.ts';
export { compose } from './compose.ts';
export { announcementMail, newMessageMail } from './conversation-mails.ts';
export { friendAcceptedMail, friendInvitationMail } from './friend-mails.ts';
export { instalmentFailedMail, instalmentPaidMail, instalmentUnpaidHostMail } from './plan-mails.ts';
export { campReviewReceivedMail, campReviewReplyMail } from './review-mails.ts';
export { mailboxRoutes } from './routes.ts';
export type { MailMessage } from './service.ts';
export { deliverPendingMail, queueMail, smtpTransport } from './service.ts';
export { backgroundCheckExpiryMail, teamInvitationMail, teamJoinedMail } from './team-mails.ts';
export {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeRequestedMail,
  newRegistrationMail,
  offerExpiredMail,
  orgDecisionMail,
  passwordChangedMail,
  passwordResetMail,
  placeTransferredMail,
  registrationCancelledMail,
  registrationReceiptMail,
  spotOfferedMail,
  welcomeMail,
} from './templates.ts';
