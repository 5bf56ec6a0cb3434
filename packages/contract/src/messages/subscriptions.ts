/** Subscriptions and card payments. */
export const subscriptionsMessages = {
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
  invalidAmount: 'An amount must be a whole number of cents, at least 1.',
  idempotencyKeyReused: 'This request key was already used for a different payment.',
  refundTooLarge: 'A refund cannot be larger than what is left of the charge.',
} as const;
