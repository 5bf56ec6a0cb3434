import { brandName } from '@campwise/contract/cards';
import { formatDateRange, formatMomentDay, formatMoney } from '@campwise/contract/format';
import { RECEIPT_DATES, type Receipt, receiptLineItems } from '@campwise/contract/receipts';
import { amountRow, rule, startPdf, writeText } from '../../platform/pdf/pdf-document.ts';

const INK = '#1f2a24';
const MUTED = '#5c6660';

/**
 * The receipt as a one-page (or longer) US Letter PDF a parent can keep or forward, drawn from
 * the receipt as issued alone: the same receipt makes the same bytes, whenever it is asked for.
 */
export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const { doc, finish } = startPdf({
    title: `Campwise receipt ${receipt.number}`,
    issuedAt: new Date(receipt.paidAt),
  });

  const row = (label: string, amount: string, options: { bold?: boolean; indent?: number } = {}) =>
    amountRow(doc, label, amount, { ...options, color: INK });

  doc.fontSize(20).fillColor(INK);
  writeText(doc, 'Campwise', { weight: 'bold' });
  doc.fontSize(12).fillColor(MUTED);
  writeText(doc, `Receipt ${receipt.number}`);
  doc.moveDown(0.8);
  doc.fontSize(10.5).fillColor(INK);
  writeText(doc, `Paid on ${formatMomentDay(receipt.paidAt, RECEIPT_DATES)}`);
  writeText(doc, `Paid by ${receipt.payer.name} (${receipt.payer.email})`);
  if (receipt.card) writeText(doc, `Card: ${brandName(receipt.card.brand)} ending in ${receipt.card.last4}`);
  writeText(doc, `${receipt.campName}${receipt.orgName ? ` by ${receipt.orgName}` : ''}`);
  if (receipt.orgAddress) {
    doc.fillColor(MUTED);
    writeText(doc, receipt.orgAddress);
    doc.fillColor(INK);
  }
  if (receipt.provider) {
    doc.fillColor(MUTED);
    writeText(doc, `${receipt.provider.legalName} · EIN ${receipt.provider.einMasked}`);
    doc.fillColor(INK);
  }
  rule(doc);

  if (receipt.planNote) {
    doc.fillColor(MUTED);
    writeText(doc, receipt.planNote);
    doc.fillColor(INK).moveDown(0.4);
  }
  if (receipt.kind === 'move' && receipt.moveDescription) {
    row(receipt.moveDescription, '');
    row('Difference between the sessions', formatMoney(receipt.amountCents), { indent: 12 });
  }
  for (const line of receipt.lines) {
    const dates = line.startDate ? ` · ${formatDateRange(line.startDate, line.endDate, RECEIPT_DATES)}` : '';
    row(`${line.childName} · ${line.placeName}${dates}`, '', { bold: true });
    for (const item of receiptLineItems(line)) row(item.label, formatMoney(item.amountCents), { indent: 12 });
    row('Line total', formatMoney(line.totalCents), { indent: 12 });
    doc.moveDown(0.4);
  }
  rule(doc);
  row('Paid', formatMoney(receipt.amountCents), { bold: true });
  for (const refund of receipt.refunds) {
    row(
      `Refunded ${formatMomentDay(refund.at, RECEIPT_DATES)}: ${refund.description}`,
      formatMoney(-refund.amountCents),
      { indent: 12 },
    );
  }
  if (receipt.refundedCents > 0) {
    row('Refunded in all', formatMoney(-receipt.refundedCents));
    row('Kept', formatMoney(receipt.amountCents - receipt.refundedCents), { bold: true });
  }
  rule(doc);
  doc.fontSize(10.5).fillColor(INK);
  writeText(doc, 'Refund policy', { weight: 'bold' });
  doc.fillColor(MUTED);
  writeText(doc, receipt.refundPolicy);
  doc.moveDown(1);
  doc.fontSize(9);
  writeText(doc, 'Questions about this payment? Quote the receipt number when you write to us.');
  return finish();
}
