import { describe, expect, it } from 'vitest';
import { readPdf } from '../../test/pdf-text.ts';
import { DEFAULT_COMPANY } from '../config.ts';
import { drawLetterhead } from './letterhead.ts';
import { renderPdf } from './pdf-document.ts';
import { formatLongDate, formatSgd, orDefault } from './pdf-format.ts';
import { writeHeading, writeParagraph, writeRows } from './pdf-layout.ts';

describe('PDF formats', () => {
  it('prints SGD with the code, thousands separators and 2 decimals (SPEC 9)', () => {
    expect(formatSgd(1234.5)).toBe('SGD 1,234.50');
    expect(formatSgd(0)).toBe('SGD 0.00');
    expect(formatSgd(1_000_000.126)).toBe('SGD 1,000,000.13');
  });

  it('prints dates the Singapore way and refuses a non-date', () => {
    expect(formatLongDate('2025-03-05')).toBe('5 March 2025');
    expect(formatLongDate('2024-12-31')).toBe('31 December 2024');
    expect(() => formatLongDate('soon')).toThrow(RangeError);
  });

  it('falls back for missing or blank values', () => {
    expect(orDefault(null, 'N/A')).toBe('N/A');
    expect(orDefault('  ', 'N/A')).toBe('N/A');
    expect(orDefault(' Rigger ', 'N/A')).toBe('Rigger');
  });
});

describe('renderPdf', () => {
  it('builds an A4 document with the letterhead, metadata and page footers', async () => {
    const pdf = await renderPdf({ title: 'Test Document', author: DEFAULT_COMPANY.name, footer: 'Private' }, (doc) => {
      drawLetterhead(doc, DEFAULT_COMPANY);
      writeHeading(doc, '1. Heading', { text: 'Body text.' });
      writeParagraph(doc, 'Body text.');
      writeRows(doc, [{ label: 'Name', value: 'Someone' }]);
      for (let i = 0; i < 120; i += 1)
        writeParagraph(doc, `Paragraph ${i} of filler that goes on.`, { label: `${i}.` });
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const contents = readPdf(pdf);
    expect(contents.info.Title).toBe('Test Document');
    expect(contents.info['Page size']).toContain('595.28 x 841.89');
    expect(contents.pageCount).toBeGreaterThan(1);
    expect(contents.text).toContain(DEFAULT_COMPANY.name);
    expect(contents.text).toContain(`UEN: ${DEFAULT_COMPANY.uen}`);
    expect(contents.pages[0]).toContain(`Page 1 of ${contents.pageCount}`);
    expect(contents.pages.at(-1)).toContain(`Page ${contents.pageCount} of ${contents.pageCount}`);
  });

  it('keeps a heading on the page of its text', async () => {
    const pdf = await renderPdf({ title: 'Keep', author: 'Test' }, (doc) => {
      // Fill the page to just above the bottom margin, then a heading whose text cannot follow it there.
      while (doc.y < doc.page.maxY() - 30) writeParagraph(doc, 'Filler line.');
      writeHeading(doc, 'Kept Heading', { text: 'Kept text that belongs to the heading.' });
      writeParagraph(doc, 'Kept text that belongs to the heading.');
    });
    const { pages } = readPdf(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain('Kept Heading Kept text that belongs to the heading.');
    expect(pages[0]).not.toContain('Kept Heading');
  });
});
