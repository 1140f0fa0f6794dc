import { describe, expect, it } from 'vitest';
import { readPdfFonts, readPdfWords } from '../../test/pdf-text.ts';
import { mm, PAGE_MARGIN, renderPdf } from './pdf-document.ts';
import { type TableColumn, writeTableRow } from './pdf-layout.ts';

const fixed = { title: 'Register', author: 'Test', creationDate: new Date('2025-01-01T00:00:00Z') };
const COLUMNS: readonly TableColumn[] = [
  { label: 'Worker', width: mm(60), align: 'left' },
  { label: 'Net', width: mm(30), align: 'right' },
];

describe('writeTableRow', () => {
  it("sets a name in any script in the font that holds it (decision 080), a right cell ending at its column's edge", async () => {
    const pdf = await renderPdf(fixed, (doc) => {
      writeTableRow(doc, COLUMNS, ['முருகன் சுப்பிரமணியம்', '1,234.50']);
      writeTableRow(doc, COLUMNS, ['陈伟强 (Tan)', '980.00']);
    });
    const fonts = readPdfFonts(pdf).map((font) => font.name.replace(/^[A-Z]{6}\+/, ''));
    expect(fonts).toEqual(expect.arrayContaining(['Helvetica', 'NotoSansTamil-Regular', 'NotoSansSC-Regular']));
    const { words } = readPdfWords(pdf);
    const net = words.find((word) => word.text === '1,234.50');
    expect(net?.xMax).toBeGreaterThan(PAGE_MARGIN + mm(88) - 2);
    expect(net?.xMax).toBeLessThanOrEqual(PAGE_MARGIN + mm(88) + 0.5);
  });
});
