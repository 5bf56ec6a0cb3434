/** Deposits and payment plans (docs/decisions/026). */
export const paymentPlansMessages = {
  planDepositInvalid: 'Enter a deposit from $1 to $100,000.',
  planDepositNotBelowPrice: 'The deposit must be less than the price of every session of the camp ({price}).',
  planDaysInvalid: 'Enter a whole number of days from 1 to 365.',
  planInstalmentsInvalid: 'Choose from 1 to 6 instalments.',
  planRuleInvalid: 'Choose what happens when the last payment attempt fails.',
  planNotOffered: 'This camp does not take a deposit for these sessions now. Please pay in full.',
  planInstalmentsTooMany: 'The balance can be paid in at most {count} instalments for these sessions.',
  planTransferRefused: 'A place paid in instalments cannot be moved. Cancel it, or pay the balance first.',
  instalmentNotFound: 'We could not find that payment.',
  instalmentNotDue: 'This payment is not due to be paid now.',
  instalmentPaid: 'Payment received. Thank you!',
} as const;
