export { issueBackfilledReceipts, issueReceipt } from './issue-receipt.ts';
export { issueRefundNotes } from './refund-notes.ts';
export { receiptRoutes } from './routes.ts';
