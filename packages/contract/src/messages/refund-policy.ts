/** A camp's refund policy (docs/decisions/018). */
export const refundPolicyMessages = {
  refundPolicyDaysInvalid: 'Enter a whole number of days from 0 to 365.',
  refundPolicyPercentInvalid: 'Enter a whole percent from 1 to 99.',
  refundPolicyFeeInvalid: 'Enter a fee from $0 to $1,000.',
  refundPolicyPartialAfterFull: 'The partial refund must end closer to the start than the full refund.',
  refundUnderPolicy: 'Under the camp’s refund policy you will be refunded {amount}.',
  noRefundUnderPolicy: 'Under the camp’s refund policy this place is no longer refunded.',
} as const;
