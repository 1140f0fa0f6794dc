import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['Ali', 'Ali'],
    ['Tan, Ah Kow', '"Tan, Ah Kow"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+65 8123 4567', "'+65 8123 4567"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['a=b', 'a=b'],
    ['', ''],
  ])('text %j -> %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes numbers as numbers and empty values as nothing', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(1850.5)).toBe('1850.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('toCsv', () => {
  it('starts with a byte order mark and ends every line with CRLF', () => {
    expect(toCsv(['Name', 'Days'], [['Zoë', -3]])).toBe('\uFEFFName,Days\r\nZoë,-3\r\n');
  });
});
