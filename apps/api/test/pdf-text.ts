import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a PDF shows, line by line, as a reader's copy would have it: each font's ToUnicode
 * map read by PDF.js, so a name prints "as written" only if it comes back the same here.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // PDF.js takes the bytes over, so it gets a copy.
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false })
    .promise;
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    let line = '';
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item)) continue;
      line += item.str;
      if (item.hasEOL) {
        lines.push(line);
        line = '';
      }
    }
    if (line) lines.push(line);
  }
  await pdf.destroy();
  return lines.join('\n');
}

/** The names of the fonts a PDF's pages use, as its font dictionaries give them. */
export function pdfFontNames(bytes: Uint8Array): string[] {
  const text = Buffer.from(bytes).toString('latin1');
  return [...new Set([...text.matchAll(/\/BaseFont \/([^\s/]+)/g)].map((match) => match[1] ?? ''))];
}
