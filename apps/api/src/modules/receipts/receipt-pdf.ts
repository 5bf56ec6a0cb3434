import { brandName } from '@campwise/contract/cards';
import { formatDateRange, formatMomentDay, formatMoney } from '@campwise/contract/format';
import { RECEIPT_DATES, type Receipt, receiptLineItems } from '@campwise/contract/receipts';
import PDFDocument from 'pdfkit';

const INK = '#1f2a24';
const MUTED = '#5c6660';
const RULE = '#d5dcd7';
const LEFT = 56;
const RIGHT = 556;
const AMOUNT_WIDTH = 110;

/** The receipt as a one-page (or longer) US Letter PDF a parent can keep or forward. */
export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 56, bottom: 56, left: LEFT, right: 612 - RIGHT },
    info: { Title: `Campwise receipt ${receipt.number}`, Author: 'Campwise' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const rule = () => {
    doc.moveDown(0.4);
    doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).strokeColor(RULE).lineWidth(1).stroke();
    doc.moveDown(0.6);
  };
  /** A label on the left and an amount on the right, on one line. */
  const row = (label: string, amount: string, options: { bold?: boolean; indent?: number } = {}) => {
    const y = doc.y;
    const font = options.bold ? 'Helvetica-Bold' : 'Helvetica';
    const indent = options.indent ?? 0;
    doc.font(font).fontSize(10.5).fillColor(INK);
    doc.text(label, LEFT + indent, y, { width: RIGHT - LEFT - AMOUNT_WIDTH - indent });
    const after = doc.y;
    doc.text(amount, RIGHT - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.x = LEFT;
  };

  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text('Campwise');
  doc.font('Helvetica').fontSize(12).fillColor(MUTED).text(`Receipt ${receipt.number}`);
  doc.moveDown(0.8);
  doc.fontSize(10.5).fillColor(INK);
  doc.text(`Paid on ${formatMomentDay(receipt.paidAt, RECEIPT_DATES)}`);
  doc.text(`Paid by ${receipt.payer.name} (${receipt.payer.email})`);
  if (receipt.card) doc.text(`Card: ${brandName(receipt.card.brand)} ending in ${receipt.card.last4}`);
  doc.text(`${receipt.campName}${receipt.orgName ? ` by ${receipt.orgName}` : ''}`);
  rule();

  if (receipt.planNote) {
    doc.font('Helvetica').fillColor(MUTED).text(receipt.planNote);
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
  rule();
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
  rule();
  doc.font('Helvetica-Bold').fontSize(10.5).fillColor(INK).text('Refund policy');
  doc.font('Helvetica').fillColor(MUTED).text(receipt.refundPolicy);
  doc.moveDown(1);
  doc.fontSize(9).text('Questions about this payment? Quote the receipt number when you write to us.');
  doc.end();
  return done;
}
