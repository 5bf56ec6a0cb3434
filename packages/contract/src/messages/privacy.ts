/** Two-factor sign-in, privacy rights and the audit log (docs/decisions/007). */
export const privacyMessages = {
  twoFactorCodeRequired: 'Please enter the 6-digit code from your authenticator app.',
  twoFactorCodeInvalid: 'That code did not work. Check your authenticator app and try again.',
  twoFactorSignInExpired: 'Your sign-in took too long. Please log in again.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  twoFactorSetupMissing: 'Please start setting up two-factor sign-in again.',
  twoFactorRequiredForAdmins: 'Administrators must keep two-factor sign-in on.',
  twoFactorEnrolFirst: 'Administrators sign in with an authenticator app. Set one up to continue.',
  twoFactorTurnedOn: 'Two-factor sign-in is on.',
  twoFactorTurnedOff: 'Two-factor sign-in is off.',
  recoveryCodesNote:
    'Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They will not be shown again.',
  recoveryCodesRenewNote:
    'New recovery codes replace all of your current ones: the old codes stop working at once, used or not.',
  recoveryCodesRenewed: 'You have new recovery codes. The old ones no longer work.',
  passwordIncorrect: 'Incorrect password. Please check it and try again.',
  deleteAccountConfirm: 'Are you sure you wish to delete your account? This cannot be undone.',
  hostAccountHasRegistrations:
    'Your camps have confirmed registrations for sessions that are not over. Cancel those registrations before deleting your account.',
  parentAccountHasCampInProgress:
    'One of your campers is at a camp that is running now. You can delete your account once it has ended, or ask the camp host to cancel the registration.',
  adminAccountNotDeletable: 'Administrator accounts are removed by the site operator.',
  accountDeleted: 'Your account has been deleted. Thank you for using Campwise.',
  noMedicalViews: 'No host has seen this health information yet.',
} as const;
