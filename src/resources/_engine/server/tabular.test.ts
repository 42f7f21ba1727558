// Exports never hand a spreadsheet a live formula (issue 19 §6): text that starts like one is neutralised in CSV
// (a leading apostrophe) and kept text in XLSX (the '@' format), numbers stay numbers, and a CSV read back gives the
// text as it was typed.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { neutralizeFormula, readSheet, toCsv, toXlsx } from './tabular.ts';

const HOSTILE = ['=HYPERLINK("http://evil.example","x")', '+380501234567', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'];

describe('formula neutralisation', () => {
  it('prefixes text that starts like a formula and leaves the rest', () => {
    for (const text of HOSTILE) expect(neutralizeFormula(text)).toBe(`'${text}`);
    for (const text of ['Техноприлад', 'a=b', '—', '', "'already"]) expect(neutralizeFormula(text)).toBe(text);
  });

  it('writes CSV cells that no spreadsheet runs, numbers with the decimal comma, and reads them back', async () => {
    const rows = HOSTILE.map((text, i) => [text, String(-1.5 - i), i]);
    const csv = toCsv(['Назва', 'Сума', 'N'], rows, new Set([1, 2]));
    const lines = csv
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n(?=[^"]|"[^\r])/);
    const cells = lines.slice(1).map((l) => l.split(';')[0]!.replace(/^"|"$/g, ''));
    for (const cell of cells) expect(cell.startsWith("'")).toBe(true);
    expect(csv.toString('utf8')).toContain(';-1,5;0');
    // A numeric column holding something that is not a number is text like any other.
    expect(toCsv(['Сума'], [['=1+1']], new Set([0])).toString('utf8')).toContain("'=1+1");
    const back = await readSheet(csv, 'text/csv');
    expect(back.rows.map((r) => r[0])).toEqual(HOSTILE);
  });

  it('keeps XLSX text as text and numbers as numbers, with no formula cell', async () => {
    const xlsx = await toXlsx(
      'Тест',
      ['Назва', 'Сума'],
      HOSTILE.map((text) => [text, '-12.50']),
      new Set([1]),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    for (let r = 2; r <= HOSTILE.length + 1; r++) {
      const text = sheet.getRow(r).getCell(1);
      expect(text.type).toBe(ExcelJS.ValueType.String);
      // XML keeps no bare carriage return: it reads back as a line feed.
      expect(text.value).toBe(HOSTILE[r - 2]!.replace('\r', '\n'));
      expect(text.numFmt).toBe('@');
      expect(sheet.getRow(r).getCell(2).value).toBe(-12.5);
    }
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });
});
