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
} as const;
