/** Accounts (docs/product-spec.md, sections 5 and 8, word for word where quoted there). */
export const accountsMessages = {
  passwordsMustMatch: 'Passwords must match',
  passwordTooShort: 'Your password must be at least 8 characters long.',
  passwordTooLong: 'Your password must be at most 128 characters long.',
  passwordTooCommon: 'This password is too common and easy to guess. Please choose another one.',
  invalidPhone: 'Please enter a valid US phone number, like 312-555-0142.',
  nameTooLong: 'Names can be at most 100 characters long.',
  emailTaken: 'An account with this email address already exists. Try logging in instead.',
  loginFailed: 'Incorrect email or password.',
  loginFailedHelp:
    "We're sorry, something went wrong. Please ensure that all fields are filled out correctly. If you're still encountering issues, please email us at {email}.",
  sessionExpired: 'Your session has expired, please log in again',
  resetRequested:
    "Request submitted! If the email address you submitted is on file, you'll receive an email with a link to reset your password.",
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  passwordFieldsRequired: 'All password fields required when updating password.',
  currentPasswordIncorrect: 'Incorrect password provided for current password. Check password and try again.',
  newPasswordsMustMatch: 'New password and confirmed password must match.',
  passwordUpdated: 'Password updated!',
  accountUpdated: 'Account details updated!',
  // Changing the sign-in email (docs/decisions/012).
  emailChangePasswordRequired: 'Enter your current password to change your sign-in email.',
  emailChangeSent: 'We sent a link to {email} — your sign-in email changes when you open it.',
  emailChangeCheckInbox: 'Check your new inbox',
  emailChangeLinkInvalid:
    'This confirmation link is invalid or has expired. Change your email again in Account Settings to get a new one.',
  emailChanged: 'Your sign-in email is now {email}. Every device was signed out: log in with your new email.',
} as const;
