import { describe, expect, it } from 'vitest';
import { readPdf, readPdfFonts, readPdfWords } from '../../test/pdf-text.ts';
import { FONT, FONT_SIZE, fitToWidth, PAGE_MARGIN, renderPdf } from './pdf-document.ts';
import { heightOfText, scriptRuns, widthOfText, writeText } from './script-text.ts';

const fixed = { title: 'Scripts', author: 'Test', creationDate: new Date('2025-01-01T00:00:00Z') };
const MM = 72 / 25.4;

describe('scriptRuns (decision 080)', () => {
  it('splits text by script; shared characters the standard font prints go with the Latin text', () => {
    expect(scriptRuns('Dear 陈伟强 (Tan),')).toEqual([
      { script: 'latin', text: 'Dear ' },
      { script: 'han', text: '陈伟强' },
      { script: 'latin', text: ' (Tan),' },
    ]);
    expect(scriptRuns('สมชาย ใจดี')).toEqual([{ script: 'thai', text: 'สมชาย ใจดี' }]);
    expect(scriptRuns('三楼3号，谢谢')).toEqual([{ script: 'han', text: '三楼3号，谢谢' }]);
    expect(scriptRuns('முருகன் / মোহাম্মদ / အောင်')).toEqual([
      { script: 'tamil', text: 'முருகன்' },
      { script: 'latin', text: ' / ' },
      { script: 'bengali', text: 'মোহাম্মদ' },
      { script: 'latin', text: ' / ' },
      { script: 'myanmar', text: 'အောင်' },
    ]);
  });

  it('composes combining accents first (NFC), so a decomposed name is one Latin run', () => {
    expect(scriptRuns('Nguye\u0302\u0303n')).toEqual([{ script: 'latin', text: 'Nguyễn' }]);
  });
});

describe('writeText', () => {
  it('draws text the standard fonts hold exactly as PDFKit does: same bytes, nothing embedded', async () => {
    const text = 'José Müller – “Tan Ah Seng” € 1,234.50';
    const draw = (write: (doc: PDFKit.PDFDocument) => void) => renderPdf(fixed, write);
    const plain = await draw((doc) => doc.font(FONT.bold).text(text, PAGE_MARGIN, 100, { width: 200 }));
    const routed = await draw((doc) => writeText(doc.font(FONT.bold), text, PAGE_MARGIN, 100, { width: 200 }));
    expect(routed.equals(plain)).toBe(true);
    expect(readPdfFonts(routed).filter((font) => font.embedded)).toEqual([]);
  });

  it('wraps text of several scripts inside its width, measured as drawn, in subset fonts', async () => {
    const text =
      'Deployed to 中国建筑南洋发展有限公司大士港口第二期填海与码头建设工程项目部 with Nguyễn Văn Ánh Đức, ' +
      'முருகன் சுப்பிரமணியம், মোহাম্মদ রহিম, สมชาย ใจดี and အောင်ကျော် on the same site.';
    const width = 60 * MM;
    let measured = 0;
    let drawn = 0;
    const pdf = await renderPdf(fixed, (doc) => {
      doc.font(FONT.regular).fontSize(FONT_SIZE.body);
      measured = heightOfText(doc, text, { width, lineGap: 1.5 });
      const top = doc.y;
      writeText(doc, text, PAGE_MARGIN, top, { width, lineGap: 1.5 });
      drawn = doc.y - top;
      expect(doc.x).toBe(PAGE_MARGIN);
      // A line with a Chinese name is as high as a Helvetica line, so it sits level with its label.
      const rowTop = doc.y;
      writeText(doc, '陈伟强 (Tan)', PAGE_MARGIN, rowTop, { width });
      expect(doc.y - rowTop).toBeCloseTo(doc.currentLineHeight(true), 6);
      expect(widthOfText(doc, '陈伟强')).toBeGreaterThan(0);
    });
    expect(drawn).toBeCloseTo(measured, 6);
    const { words } = readPdfWords(pdf);
    // Not the footer ("Page 1 of 1") in the bottom margin.
    for (const word of words.filter((each) => each.yMax < 841.89 - PAGE_MARGIN)) {
      expect(word.xMin, word.text).toBeGreaterThanOrEqual(PAGE_MARGIN - 0.1);
      expect(word.xMax, word.text).toBeLessThanOrEqual(PAGE_MARGIN + width + 0.5);
    }
    const fonts = readPdfFonts(pdf).map((font) => font.name.replace(/^[A-Z]{6}\+/, ''));
    expect(fonts).toEqual(
      expect.arrayContaining([
        'Helvetica',
        'NotoSansSC-Regular',
        'NotoSans-Regular',
        'NotoSansTamil-Regular',
        'NotoSansBengali-Regular',
        'NotoSansThai-Regular',
        'NotoSansMyanmar-Regular',
      ]),
    );
  });

  it('continues a long text of several scripts on the next page', async () => {
    const text = Array.from({ length: 120 }, (_, i) => `第${i}行 line ${i} 陈伟强`).join(' ');
    const pdf = await renderPdf(fixed, (doc) => {
      doc.font(FONT.regular).fontSize(FONT_SIZE.body);
      writeText(doc, text, PAGE_MARGIN, doc.page.maxY() - 40, { width: 80 * MM });
    });
    const { pageCount, pages } = readPdf(pdf);
    expect(pageCount).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain('line 119');
  });

  it('shortens a footer by whole characters', async () => {
    await renderPdf(fixed, (doc) => {
      doc.font(FONT.regular).fontSize(FONT_SIZE.small);
      const short = fitToWidth(doc, `Letter of Employment - ${'𠀀陈伟强'.repeat(40)}`, 100);
      expect(short.endsWith('...')).toBe(true);
      expect(short).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
      expect(widthOfText(doc, short)).toBeLessThanOrEqual(100);
    });
  });
});
