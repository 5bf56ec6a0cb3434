import PDFDocument from 'pdfkit';
import type { SignedWaiver } from './sign-waiver.ts';

const INK = '#1f2a24';
const MUTED = '#5c6660';
const RULE = '#d5dcd7';
const LEFT = 56;
const RIGHT = 556;

/** Moments in the PDF are read in UTC, with their year, as on receipts. */
const moment = (at: Date) =>
  `${at.toLocaleString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })} UTC`;

/**
 * A signed waiver as a US Letter PDF: the exact text the parent signed, then the record of the
 * signature (name typed, when, from which address and browser, and the version's hash).
 */
export function waiverPdf(signed: SignedWaiver): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 56, bottom: 56, left: LEFT, right: 612 - RIGHT },
    info: { Title: `${signed.title}, signed by ${signed.signedName}`, Author: 'Campwise' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const rule = () => {
    doc.moveDown(0.6);
    doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).strokeColor(RULE).lineWidth(1).stroke();
    doc.moveDown(0.8);
  };

  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text('Campwise');
  doc.font('Helvetica').fontSize(12).fillColor(MUTED).text(signed.campName);
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(15).fillColor(INK).text(signed.title);
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(10.5).fillColor(INK);
  for (const paragraph of signed.text.split(/\n{2,}/)) {
    doc.text(paragraph.trim(), { align: 'left' });
    doc.moveDown(0.6);
  }
  rule();
  doc.font('Helvetica-Bold').fontSize(11).text('Electronic signature');
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10.5);
  doc.text(`Signed by typing the full name: ${signed.signedName}`);
  doc.text(`Account: ${signed.parentName} (${signed.parentEmail})`);
  doc.text(`Signed on: ${moment(signed.signedAt)}`);
  doc.text(`From IP address: ${signed.ipAddress}`);
  doc.fillColor(MUTED).text(`Browser: ${signed.userAgent}`);
  doc.text(`Text version (SHA-256): ${signed.textHash}`);
  doc.moveDown(0.8);
  doc
    .fontSize(9)
    .text(
      'The signer ticked "I have read this waiver and agree to it" and typed their name to sign. Signature reference: ' +
        `W-${String(signed.id).padStart(6, '0')}.`,
    );
  doc.end();
  return done;
}
