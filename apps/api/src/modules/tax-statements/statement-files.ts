import { formatDateRange, formatMoney } from '@campwise/contract/format';
import { RECEIPT_DATES } from '@campwise/contract/receipts';
import type { TaxStatement } from '@campwise/contract/tax-statements';
import { csvTable } from '../../platform/csv.ts';
import { amountRow, PAGE_LEFT, rule, startPdf, writeText } from '../../platform/pdf/pdf-document.ts';

const INK = '#1f2a24';
const MUTED = '#5c6660';
/** Until an organisation records it, the statement says so rather than leaving a blank. */
const NOT_RECORDED = 'Not recorded yet';

const dollars = (cents: number) => (cents / 100).toFixed(2);
const datesOf = (place: { startDate: string | null; endDate: string | null }) =>
  place.startDate ? formatDateRange(place.startDate, place.endDate, RECEIPT_DATES) : 'Year round';

/** The file's name: the child and the year, in letters a file system keeps. */
export function statementFileName(statement: TaxStatement, extension: 'pdf' | 'csv'): string {
  const child = statement.child.name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `campwise-${statement.year}-care-statement-${child || 'child'}.${extension}`;
}

/** The statement as CSV: one row per place, with its provider's legal name, address and EIN. */
export function statementCsv(statement: TaxStatement): string {
  return csvTable(
    [
      'Year',
      'Child',
      'Provider',
      'Legal name',
      'EIN',
      'Address',
      'Place',
      'Dates of care',
      'Paid',
      'Refunded',
      'Net',
    ],
    statement.providers.flatMap((provider) =>
      provider.places.map((place) => [
        statement.year,
        statement.child.name,
        provider.name,
        provider.legalName ?? NOT_RECORDED,
        provider.ein ?? NOT_RECORDED,
        provider.address,
        place.placeName,
        datesOf(place),
        dollars(place.paidCents),
        dollars(place.refundedCents),
        dollars(place.paidCents - place.refundedCents),
      ]),
    ),
  );
}

/**
 * The statement as a PDF a family gives their dependent-care FSA or tax preparer: per provider
 * its legal name, address and EIN, each place's dates and amounts, and the totals. Drawn from the
 * statement alone, dated the last day of its year, so the same statement makes the same bytes.
 */
export function statementPdf(statement: TaxStatement): Promise<Buffer> {
  const { doc, finish } = startPdf({
    title: `Campwise ${statement.year} care statement for ${statement.child.name}`,
    issuedAt: new Date(Date.UTC(statement.year, 11, 31)),
  });
  const row = (label: string, amount: string, bold = false) =>
    amountRow(doc, label, amount, { bold, color: INK });

  doc.fontSize(20).fillColor(INK);
  writeText(doc, 'Campwise', { weight: 'bold' });
  doc.fontSize(12).fillColor(MUTED);
  writeText(doc, `Statement of child care paid in ${statement.year}`);
  doc.moveDown(0.8);
  doc.fontSize(10.5).fillColor(INK);
  writeText(doc, `Child: ${statement.child.name}`);
  writeText(doc, `Paid by: ${statement.payer.name} (${statement.payer.email})`);
  doc.fillColor(MUTED);
  writeText(
    doc,
    'For a dependent care FSA claim or the Child and Dependent Care Credit (IRS Form 2441): each care provider, its taxpayer identification number, the dates of care and what was paid in the year, less refunds.',
  );
  rule(doc);
  if (statement.providers.length === 0) {
    doc.fillColor(INK);
    writeText(doc, `Nothing was paid for ${statement.child.name} in ${statement.year}.`);
  }
  for (const provider of statement.providers) {
    doc.fontSize(12).fillColor(INK);
    writeText(doc, provider.legalName ?? provider.name, { weight: 'bold' });
    doc.fontSize(10.5);
    if (provider.legalName && provider.legalName !== provider.name)
      writeText(doc, `Doing business as ${provider.name}`);
    writeText(doc, provider.address);
    writeText(doc, `EIN: ${provider.ein ?? `${NOT_RECORDED} — ask ${provider.name} for it`}`);
    doc.moveDown(0.4);
    for (const place of provider.places) {
      row(
        `${place.placeName} · ${datesOf(place)}`,
        formatMoney(place.paidCents - place.refundedCents, { withCents: true }),
      );
      if (place.refundedCents > 0) {
        doc.fillColor(MUTED).fontSize(9.5);
        writeText(
          doc,
          `Paid ${formatMoney(place.paidCents, { withCents: true })}, refunded ${formatMoney(place.refundedCents, { withCents: true })}`,
          { x: PAGE_LEFT + 12 },
        );
        doc.x = PAGE_LEFT;
      }
    }
    row(
      `Paid to ${provider.name} in ${statement.year}`,
      formatMoney(provider.totalCents, { withCents: true }),
      true,
    );
    rule(doc);
  }
  row(
    `Total paid for ${statement.child.name} in ${statement.year}`,
    formatMoney(statement.totalCents, { withCents: true }),
    true,
  );
  return finish();
}
