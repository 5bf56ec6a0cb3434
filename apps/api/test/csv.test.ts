import { describe, expect, it } from 'vitest';
import { csvTable } from '../src/platform/csv.ts';

describe('a CSV file', () => {
  it('opens with the UTF-8 byte order mark, so spreadsheets read accented names as written', () => {
    const bytes = Buffer.from(csvTable(['Child'], [['Léo Müller']]), 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('"Child"\r\n"Léo Müller"\r\n');
  });

  it('quotes every cell and keeps a spreadsheet from reading a cell as a formula', () => {
    expect(
      csvTable(
        ['Note', 'Paid'],
        [
          ['=SUM(A1)', -12.5],
          ['say "hi"', null],
        ],
      ),
    ).toBe('\uFEFF"Note","Paid"\r\n"\'=SUM(A1)","-12.5"\r\n"say ""hi""",""\r\n');
  });
});
