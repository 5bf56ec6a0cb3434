import PDFDocument from 'pdfkit';
import { baselineShare, type FontWeight, fontRuns, pdfkitFont, type Script } from './pdf-fonts.ts';

export const PAGE_LEFT = 56;
export const PAGE_RIGHT = 556;

export interface PdfStart {
  title: string;
  /** When the record was issued: the document's dates, so the same record makes the same bytes. */
  issuedAt: Date;
}

/**
 * A US Letter document set in the app's fonts whose bytes depend on nothing but what is written:
 * its creation and modification dates are the record's issue time, and its file id and its
 * fonts' subset tags are derived from the content (pdfkit), never random.
 */
export function startPdf(start: PdfStart): { doc: PDFKit.PDFDocument; finish: () => Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 56, bottom: 56, left: PAGE_LEFT, right: 612 - PAGE_RIGHT },
    info: {
      Title: start.title,
      Author: 'Campwise',
      Creator: 'Campwise',
      Producer: 'Campwise',
      CreationDate: start.issuedAt,
      ModDate: start.issuedAt,
    },
  });
  // pdfkit starts in Helvetica, which is written into the file only once text is set in it.
  useFont(doc, 'latin', 'regular');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish: () => {
      doc.end();
      return done;
    },
  };
}

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** Sets the text that follows in one of the app's fonts, registered with the document at first use. */
function useFont(doc: PDFKit.PDFDocument, script: Script, weight: FontWeight): void {
  const name = `${script}-${weight}`;
  const names = registered.get(doc) ?? new Set<string>();
  if (!names.has(name)) {
    doc.registerFont(name, pdfkitFont(script, weight));
    names.add(name);
    registered.set(doc, names);
  }
  doc.font(name);
}

type TextOptions = PDFKit.Mixins.TextOptions & { x?: number; y?: number; weight?: FontWeight };

/**
 * Writes a text in the app's fonts, switching to the CJK font for the characters only it has
 * (pdfkit's continued text keeps the runs on one flow of lines).
 */
export function writeText(doc: PDFKit.PDFDocument, text: string, options: TextOptions = {}): void {
  const { x, y, weight = 'regular', ...layout } = options;
  const runs = fontRuns(text);
  if (runs.length === 0) runs.push({ text: '', script: 'latin' });
  // pdfkit puts a run's baseline one ascender of its own font down, and the CJK font's is
  // taller: every run is put on Noto Sans's baseline instead.
  useFont(doc, 'latin', weight);
  const baseline = -doc.currentLineHeight() * baselineShare(weight);
  runs.forEach((run, index) => {
    useFont(doc, run.script, weight);
    const continued = index < runs.length - 1;
    if (index > 0) doc.text(run.text, { baseline, continued });
    else if (x === undefined) doc.text(run.text, { ...layout, baseline, continued });
    else doc.text(run.text, x, y, { ...layout, baseline, continued });
  });
}

/** A thin line across the page between two parts of a document. */
export function rule(doc: PDFKit.PDFDocument, before = 0.4, after = 0.6): void {
  doc.moveDown(before);
  doc.moveTo(PAGE_LEFT, doc.y).lineTo(PAGE_RIGHT, doc.y).strokeColor('#d5dcd7').lineWidth(1).stroke();
  doc.moveDown(after);
}

/** The width of the amounts' column at the right of an amount row. */
const AMOUNT_WIDTH = 110;

/**
 * A label on the left and an amount on the right, on one line (the label wraps under itself),
 * as receipts and statements list money; the next line starts below the taller of the two.
 */
export function amountRow(
  doc: PDFKit.PDFDocument,
  label: string,
  amount: string,
  options: { bold?: boolean; indent?: number; color?: string } = {},
): void {
  const y = doc.y;
  const weight = options.bold ? 'bold' : 'regular';
  const indent = options.indent ?? 0;
  doc.fontSize(10.5).fillColor(options.color ?? '#1f2a24');
  writeText(doc, label, {
    x: PAGE_LEFT + indent,
    y,
    width: PAGE_RIGHT - PAGE_LEFT - AMOUNT_WIDTH - indent,
    weight,
  });
  const after = doc.y;
  writeText(doc, amount, { x: PAGE_RIGHT - AMOUNT_WIDTH, y, width: AMOUNT_WIDTH, align: 'right', weight });
  doc.y = Math.max(after, doc.y);
  doc.x = PAGE_LEFT;
}
