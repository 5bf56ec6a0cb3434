import { receiptPaymentId } from '@campwise/contract/registrations';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { receiptPath } from './receipt-text.ts';

/** A receipt number, as a link to its receipt. */
export function ReceiptLink({ number }: { number: string }) {
  const paymentId = receiptPaymentId(number);
  if (paymentId === null) return <strong>{number}</strong>;
  return (
    <Anchor component={Link} to={receiptPath(paymentId)} fw={700}>
      {number}
    </Anchor>
  );
}
