import type { SignedWaiver } from '@campwise/contract/camp-forms';
import { rule, startPdf, writeText } from '../../platform/pdf/pdf-document.ts';

const INK = '#1f2a24';
const MUTED = '#5c6660';

/** Moments in the PDF are read in UTC, with their year, as on receipts. */
const moment = (at: string) =>
  `${new Date(at).toLocaleString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })} UTC`;

/**
 * A signed waiver as a US Letter PDF: the exact text the parent signed, then the record of the
 * signature (name typed, when, from which address and browser, and the version's hash and what
 * it covers). Drawn from the signature as it was made, so its bytes never change.
 */
export function waiverPdf(signed: SignedWaiver): Promise<Buffer> {
  const { doc, finish } = startPdf({
    title: `${signed.title}, signed by ${signed.signedName}`,
    issuedAt: new Date(signed.signedAt),
  });

  doc.fontSize(20).fillColor(INK);
  writeText(doc, 'Campwise', { weight: 'bold' });
  doc.fontSize(12).fillColor(MUTED);
  writeText(doc, `${signed.campName} by ${signed.orgName}`);
  doc.moveDown(0.8);
  doc.fontSize(15).fillColor(INK);
  writeText(doc, signed.title, { weight: 'bold' });
  doc.moveDown(0.5);
  doc.fontSize(10.5);
  // Paragraphs as the signer was shown them, their own line breaks kept.
  for (const paragraph of signed.text.split(/\n{2,}/)) {
    writeText(doc, paragraph, { align: 'left' });
    doc.moveDown(0.6);
  }
  rule(doc, 0.6, 0.8);
  doc.fontSize(11);
  writeText(doc, 'Electronic signature', { weight: 'bold' });
  doc.moveDown(0.3);
  doc.fontSize(10.5);
  writeText(doc, `Signed by typing the full name: ${signed.signedName}`);
  writeText(doc, `Account: ${signed.parentName} (${signed.parentEmail})`);
  writeText(doc, `Signed on: ${moment(signed.signedAt)}`);
  writeText(doc, `From IP address: ${signed.ipAddress}`);
  doc.fillColor(MUTED);
  writeText(doc, `Browser: ${signed.userAgent}`);
  doc.moveDown(0.4);
  writeText(doc, `Version: ${signed.textHash}`);
  doc.fontSize(9);
  writeText(doc, `The version is the ${signed.hashCovers}.`);
  doc.moveDown(0.8);
  writeText(
    doc,
    'The signer ticked "I have read this waiver and agree to it" and typed their name to sign. Signature reference: ' +
      `${signed.reference}.`,
  );
  return finish();
}
