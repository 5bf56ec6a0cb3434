/**
 * Every user-facing message shared by the API and the web app. Texts quoted by the product
 * spec are used word for word; the rest follow its tone.
 */
export const messages = {
  requiredFields: 'Please fill in all required(*) fields',
  invalidEmail: 'Please enter a valid email address.',
  emailRequired: 'Email is required',
  newsletterThanks: "Thanks for signing up! We'll keep you posted on new camps and activities.",
  authFailed: 'Failed to authenticate token.',
  notFound: 'We could not find what you were looking for.',
  routeNotFound: 'This address does not exist.',
  invalidJson: 'The request body is not valid JSON.',
  invalidInput: 'Some of the information sent is not valid.',
  tooLarge: 'The upload is too large.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  forbidden: 'You are not allowed to do that.',
  unsupportedMediaType: 'This kind of request body is not supported.',
  serverError: 'Something went wrong on our side. Please try again in a moment.',
  tryAgain: 'Something went wrong. Please try again.',

  // Accounts (spec sections 5 and 8 word for word where quoted there).
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

  // Subscriptions and card payments.
  subscriptionRequired: 'An active subscription is required to use host features.',
  alreadySubscribed: 'You already have an active subscription.',
  paymentNotConfirmed:
    'We could not confirm your payment. If you completed checkout, please wait a moment and try again.',
  checkoutUnavailable: 'This checkout is no longer available. Please start again from the subscription page.',
  noSubscription: 'You do not have a subscription yet.',
  portalUnavailable: 'Billing is managed on this page.',
  allCardFieldsRequired: 'Please fill in all fields',
  cardNumberInvalid: 'This card number is not valid. Please check it and try again.',
  cardExpired: 'This card has expired. Please use another card.',
  cardExpiryInvalid: 'Please enter a valid expiry month and year.',
  cardCvcInvalid: 'The security code (CVC) must be 3 or 4 digits.',
  cardDeclined: 'Your card was declined. Please use another card.',
  cardInsufficientFunds: 'Your card has insufficient funds. Please use another card.',
  cardIncorrectCvc: "The card's security code is incorrect.",
  invalidWebhook: 'The webhook signature is not valid.',
} as const;
