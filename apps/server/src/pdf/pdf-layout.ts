/**
 * Flow helpers on top of PDFKit's text layout. They keep what belongs together on one page: a heading
 * never ends a page without the start of its text, a paragraph never leaves a single line behind, and a
 * labelled row (label and wrapped value) never splits.
 */
import { COLOR, CONTENT_WIDTH, FONT, FONT_SIZE, fitToWidth, mm, PAGE_MARGIN, type PdfDoc } from './pdf-document.ts';
import { heightOfText, widthOfText, writeText } from './script-text.ts';

/** Vertical space between blocks. */
export const GAP = { paragraph: 4, section: 9 } as const;
/** Extra leading between the lines of running text, for legibility of a long contract. */
export const LINE_GAP = 1.5;

/** Starts a new page unless `height` points fit between the cursor and the bottom margin. */
export function ensureSpace(doc: PdfDoc, height: number): void {
  if (doc.y + height > doc.page.maxY()) {
    doc.addPage();
  }
}

/** One line of the current font with PDFKit's default line gap. */
export const lineHeight = (doc: PdfDoc): number => doc.currentLineHeight(true);

export interface ParagraphOptions {
  /** A number or marker set in the left gutter ("5.1", "(a)"); the text hangs beside it. */
  label?: string;
  /** Left offset of the whole paragraph from the margin, in points. */
  indent?: number;
  /** Gutter width for the label, in points (default 10 mm). */
  labelWidth?: number;
  font?: string;
  size?: number;
  /**
   * Left (ragged right) by default: PDFKit's justification measures a line with the kerning between the
   * last letter of one word and the first of the next, which it does not draw, so a justified line can
   * end up to about a point past the text width. Left-aligned text never passes it.
   */
  align?: 'left' | 'justify';
}

/**
 * Height of `text` wrapped to `width` in the current font. Text that fits on one line is measured
 * without running the line wrapper (most rows and short clauses), which keeps documents fast.
 */
export function textHeight(doc: PdfDoc, text: string, width: number, lineGap = 0): number {
  return heightOfText(doc, text, { width, lineGap });
}

/**
 * Height of the first `lines` lines of `text` (or all of it when shorter), estimated from its width:
 * what must fit on a page for a block to start there.
 */
function leadingHeight(doc: PdfDoc, text: string, width: number, lines: number, lineGap = 0): number {
  const estimate = Math.max(1, Math.ceil(widthOfText(doc, text) / width));
  return Math.min(estimate, lines) * (doc.currentLineHeight(true) + lineGap);
}

/** Height of a paragraph as `writeParagraph` would set it. */
export function paragraphHeight(doc: PdfDoc, text: string, options: ParagraphOptions = {}): number {
  const { width } = paragraphBox(options);
  doc.font(options.font ?? FONT.regular).fontSize(options.size ?? FONT_SIZE.body);
  return textHeight(doc, text, width, LINE_GAP);
}

function paragraphBox(options: ParagraphOptions): { x: number; width: number } {
  const indent = options.indent ?? 0;
  const gutter = options.label === undefined ? 0 : (options.labelWidth ?? mm(10));
  return { x: PAGE_MARGIN + indent + gutter, width: CONTENT_WIDTH - indent - gutter };
}

/**
 * A paragraph at the cursor, wrapped to the text width (minus indent and label gutter). Long text flows
 * onto the next page, but never leaves one lonely line at the foot of a page.
 */
export function writeParagraph(doc: PdfDoc, text: string, options: ParagraphOptions = {}): void {
  const { x, width } = paragraphBox(options);
  doc.font(options.font ?? FONT.regular).fontSize(options.size ?? FONT_SIZE.body);
  ensureSpace(doc, leadingHeight(doc, text, width, 2, LINE_GAP));
  const top = doc.y;
  if (options.label !== undefined) {
    doc.text(options.label, PAGE_MARGIN + (options.indent ?? 0), top, { lineBreak: false });
  }
  writeText(doc, text, x, top, { width, align: options.align ?? 'left', lineGap: LINE_GAP });
  doc.x = PAGE_MARGIN;
  doc.moveDown(GAP.paragraph / lineHeight(doc));
}

/**
 * A bold heading (11 pt, SPEC 9) kept on the same page as the first lines of the text after it:
 * pass that text (or its first paragraph) as `followedBy` and its options.
 */
export function writeHeading(
  doc: PdfDoc,
  title: string,
  followedBy?: { text: string; options?: ParagraphOptions },
): void {
  doc.font(FONT.bold).fontSize(FONT_SIZE.heading);
  let keep = textHeight(doc, title, CONTENT_WIDTH) + GAP.paragraph;
  if (followedBy) {
    const options = followedBy.options ?? {};
    doc.font(options.font ?? FONT.regular).fontSize(options.size ?? FONT_SIZE.body);
    keep += leadingHeight(doc, followedBy.text, paragraphBox(options).width, 3, LINE_GAP);
  }
  ensureSpace(doc, keep);
  doc.font(FONT.bold).fontSize(FONT_SIZE.heading).fillColor(COLOR.text);
  writeText(doc, title, PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(GAP.paragraph / lineHeight(doc));
  doc.font(FONT.regular).fontSize(FONT_SIZE.body);
}

/** Space before the next section. */
export function sectionGap(doc: PdfDoc): void {
  doc.moveDown(GAP.section / lineHeight(doc));
}

export interface Row {
  label: string;
  value: string;
}

/**
 * Label and value rows (worker particulars, salary lines). A long value wraps inside its column and a
 * row never splits across pages.
 */
export function writeRows(doc: PdfDoc, rows: readonly Row[], options: { labelWidth?: number; indent?: number } = {}) {
  const indent = options.indent ?? 0;
  const labelWidth = options.labelWidth ?? mm(45);
  const valueX = PAGE_MARGIN + indent + labelWidth;
  const valueWidth = CONTENT_WIDTH - indent - labelWidth;
  for (const row of rows) {
    doc.font(FONT.bold).fontSize(FONT_SIZE.body);
    const labelHeight = textHeight(doc, row.label, labelWidth - mm(3));
    doc.font(FONT.regular);
    const valueHeight = textHeight(doc, row.value, valueWidth);
    ensureSpace(doc, Math.max(labelHeight, valueHeight));
    const top = doc.y;
    writeText(doc.font(FONT.bold), row.label, PAGE_MARGIN + indent, top, { width: labelWidth - mm(3) });
    writeText(doc.font(FONT.regular), row.value, valueX, top, { width: valueWidth });
    doc.x = PAGE_MARGIN;
    doc.y = top + Math.max(labelHeight, valueHeight) + 2;
  }
  doc.moveDown(GAP.paragraph / lineHeight(doc));
}

/** A thin full-width rule at the cursor. */
export function drawRule(doc: PdfDoc, color: string = COLOR.rule): void {
  const y = doc.y;
  doc
    .save()
    .moveTo(PAGE_MARGIN, y)
    .lineTo(PAGE_MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.75)
    .strokeColor(color)
    .stroke()
    .restore();
  doc.y = y + GAP.paragraph;
}

/** A column of a table drawn with `writeTableRow`. */
export interface TableColumn {
  label: string;
  width: number;
  align: 'left' | 'right';
}

/** One row of a table (the registers, the statutory summary): each cell cut to its column on one line. */
export function writeTableRow(doc: PdfDoc, columns: readonly TableColumn[], cells: readonly string[], bold = false) {
  doc.font(bold ? FONT.bold : FONT.regular).fontSize(FONT_SIZE.small);
  ensureSpace(doc, doc.currentLineHeight(true) + 3);
  const top = doc.y;
  let x = PAGE_MARGIN;
  columns.forEach((column, index) => {
    const text = fitToWidth(doc, cells[index] ?? '', column.width - mm(2));
    // Decision 080: a worker's name may be in any script; writeText sets it in the font that holds it.
    writeText(doc, text, x, top, { width: column.width - mm(2), align: column.align, lineBreak: false });
    x += column.width;
  });
  doc.x = PAGE_MARGIN;
  doc.y = top + doc.currentLineHeight(true) + 3;
}
