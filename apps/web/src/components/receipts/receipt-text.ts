export const receiptPath = (paymentId: number) => `/camper/receipts/${paymentId}`;
export const RECEIPTS_PATH = '/camper/receipts';
