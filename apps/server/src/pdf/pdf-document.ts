/**
 * The one place PDF documents start and end (ARCHITECTURE Shape: "PDF builder: payslips, employment
 * letters"). Every document is A4 portrait with 20 mm margins, so its text is 170 mm wide, set in the
 * standard Helvetica faces (SPEC 9 PDF layout). Standard fonts are never embedded, which keeps a letter
 * a few kilobytes and fast to build; PDFKit ships their metrics as JavaScript modules, so nothing is
 * read from disk (pdfkit stays an external dependency of the server bundle). Text the standard fonts
 * cannot print (a Chinese or Vietnamese name...) is drawn with `writeText` (script-text.ts) in embedded
 * Noto fonts, subset into the document (decision 080).
 *
 * Usage:
 *   const pdf = await renderPdf({ title: 'Payslip', author: company.name }, (doc) => {
 *     drawLetterhead(doc, company);
 *     writeHeading(doc, 'Salary');
 *     ...
 *   });
 */
import type PDFDocumentClass from 'pdfkit';
import { widthOfText, writeText } from './script-text.ts';

/**
 * PDFKit is loaded with the first document, not with the server: loaded at start it added 17 MB to the
 * idle server's resident memory (153 to 136 MB without), which one answering lists never needs
 * (docs/performance.md, Budgets: server memory).
 */
let pdfKit: Promise<typeof PDFDocumentClass> | undefined;
const loadPdfKit = () => {
  pdfKit ??= import('pdfkit').then((module) => module.default);
  return pdfKit;
};

/** Millimetres to PDF points (1 pt = 1/72 inch). */
export const mm = (millimetres: number): number => (millimetres * 72) / 25.4;

/** SPEC 9: A4 portrait, margin 20 mm, text wrapped to 170 mm. */
export const PAGE_MARGIN = mm(20);
export const CONTENT_WIDTH = mm(170);

/** SPEC 9: Helvetica at 10 (body) and 11 (headings); small print (letterhead lines, footer) at 8.5. */
export const FONT = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  oblique: 'Helvetica-Oblique',
} as const;
export const FONT_SIZE = { small: 8.5, body: 10, heading: 11 } as const;

/** The palette shared by every document: body text, muted text, rules, and the brand blue of the logo. */
export const COLOR = { text: '#1d1d1f', muted: '#5f6368', rule: '#c7c7cc', brand: '#0a84ff' } as const;

export type PdfDoc = PDFKit.PDFDocument;

export interface PdfMetadata {
  title: string;
  /** Usually the company's name. */
  author: string;
  subject?: string;
  /** Footer text at the bottom left of every page, beside "Page n of m". */
  footer?: string;
  /** Fixed for reproducible output in tests; defaults to now. */
  creationDate?: Date;
}

/**
 * Builds a PDF: `draw` writes the content top to bottom (PDFKit adds pages as text flows), then every
 * page gets its footer and the finished file is returned as bytes.
 */
export async function renderPdf(meta: PdfMetadata, draw: (doc: PdfDoc) => void): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margin: PAGE_MARGIN,
    bufferPages: true,
    font: FONT.regular,
    lang: 'en-SG',
    displayTitle: true,
    info: {
      Title: meta.title,
      Author: meta.author,
      Subject: meta.subject ?? meta.title,
      Creator: meta.author,
      CreationDate: meta.creationDate ?? new Date(),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(FONT_SIZE.body).fillColor(COLOR.text);
  cacheStandardFontMetrics(doc);
  draw(doc);
  writeFooters(doc, meta.footer ?? '');
  doc.end();
  return done;
}

/** `text` shortened with "..." until it fits `width` on one line in the current font. */
export function fitToWidth(doc: PdfDoc, text: string, width: number): string {
  if (widthOfText(doc, text) <= width) return text;
  // By code point, so a character outside the BMP (some Chinese names) is never cut in half.
  const chars = Array.from(text);
  let end = chars.length;
  const shortened = () => `${chars.slice(0, end).join('').trimEnd()}...`;
  while (end > 0 && widthOfText(doc, shortened()) > width) end -= 1;
  return shortened();
}

/** "Page n of m" on every page, in the bottom margin (set to 0 for the moment so no new page starts). */
function writeFooters(doc: PdfDoc, text: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - PAGE_MARGIN / 2 - FONT_SIZE.small / 2;
    doc.font(FONT.regular).fontSize(FONT_SIZE.small).fillColor(COLOR.muted);
    const pageLabel = `Page ${index - range.start + 1} of ${range.count}`;
    const labelWidth = doc.widthOfString(pageLabel) + 2;
    if (text) {
      const width = CONTENT_WIDTH - labelWidth - mm(5);
      writeText(doc, fitToWidth(doc, text, width), PAGE_MARGIN, y, { width, lineBreak: false });
    }
    doc.text(pageLabel, PAGE_MARGIN + CONTENT_WIDTH - labelWidth, y, { width: labelWidth, lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor(COLOR.text);
}

/**
 * Speed: PDFKit measures every word of every line with the standard font's glyph widths and kerning
 * pairs, again for each document, which made most of a letter's build time. Widths and encodings of
 * a string never change for a font, so they are kept in one bounded cache shared by all documents
 * (results are frozen: PDFKit only reads them). PDFKit does not export its standard-font class, so
 * it is reached once through a document's current font.
 */
interface StandardFontMethods {
  name: string;
  widthOfString(text: string, size: number): number;
  encode(text: string, features?: unknown): readonly [unknown, unknown];
}
const CACHE_LIMIT = 50_000;
const widthCache = new Map<string, number>();
const encodeCache = new Map<string, readonly [unknown, unknown]>();
let fontMetricsCached = false;

function cacheStandardFontMetrics(doc: PdfDoc): void {
  if (fontMetricsCached) return;
  const font = (doc as unknown as { _font?: StandardFontMethods })._font;
  const proto = font && (Object.getPrototypeOf(font) as StandardFontMethods);
  if (!proto || typeof proto.widthOfString !== 'function' || typeof proto.encode !== 'function') return;
  fontMetricsCached = true;
  const widthOfString = proto.widthOfString;
  const encode = proto.encode;
  proto.widthOfString = function cachedWidthOfString(this: StandardFontMethods, text: string, size: number) {
    const key = `${this.name}\u0000${text}`;
    let unitWidth = widthCache.get(key);
    if (unitWidth === undefined) {
      if (widthCache.size >= CACHE_LIMIT) widthCache.clear();
      unitWidth = widthOfString.call(this, text, 1000);
      widthCache.set(key, unitWidth);
    }
    return unitWidth * (size / 1000);
  };
  proto.encode = function cachedEncode(this: StandardFontMethods, text: string, features?: unknown) {
    if (features !== undefined) return encode.call(this, text, features);
    const key = `${this.name}\u0000${text}`;
    let result = encodeCache.get(key);
    if (result === undefined) {
      if (encodeCache.size >= CACHE_LIMIT) encodeCache.clear();
      const [encoded, positions] = encode.call(this, text);
      result = Object.freeze([Object.freeze(encoded), Object.freeze(positions)] as const);
      encodeCache.set(key, result);
    }
    return result;
  };
}
