import type { Receipt, ReceiptListItem } from '@campwise/contract/receipts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { validId } from './ids.ts';

export const receiptKeys = {
  all: ['receipts'] as const,
  one: (paymentId: number) => ['receipts', paymentId] as const,
};

/** The parent's receipts, newest first. */
export function useReceipts() {
  return useQuery({
    queryKey: receiptKeys.all,
    queryFn: async () => (await apiRequest<{ data: ReceiptListItem[] }>('GET', '/camper/receipts')).data,
  });
}

export function useReceipt(paymentId: number) {
  return useQuery({
    queryKey: receiptKeys.one(paymentId),
    queryFn: async () => (await apiRequest<{ data: Receipt }>('GET', `/camper/receipts/${paymentId}`)).data,
    enabled: validId(paymentId),
  });
}

export const receiptPdfDownload = (receipt: Pick<Receipt, 'paymentId' | 'number'>) => ({
  path: `/camper/receipts/${receipt.paymentId}/pdf`,
  fallbackName: `campwise-receipt-${receipt.number}.pdf`,
});
