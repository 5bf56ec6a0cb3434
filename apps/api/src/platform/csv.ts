/** One CSV cell: quoted, and never read as a formula by a spreadsheet (a plain number is not one). */
function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * Marks the file as UTF-8 for spreadsheets: without it Excel for Windows reads it in the
 * system's code page and shows "Léo" as "LÃ©o".
 */
const UTF8_BOM = '\uFEFF';

/** A CSV file (RFC 4180, CRLF line ends, UTF-8 with its byte order mark): a header row, then one row per line. */
export function csvTable(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return `${UTF8_BOM}${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
