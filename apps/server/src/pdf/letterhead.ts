/**
 * The company letterhead shared by the employment letter and the payslip (SPEC 2 "letterhead and
 * logo"): the logo, the company's name, address and UEN from the settings, and a rule underneath.
 */
import type { CompanyDetails } from '../config.ts';
import { COLOR, CONTENT_WIDTH, FONT, FONT_SIZE, mm, PAGE_MARGIN, type PdfDoc } from './pdf-document.ts';
import { writeText } from './script-text.ts';

const LOGO_SIZE = mm(16);
const NAME_SIZE = 14;

/**
 * The app's logo (apps/web/public/favicon.svg: a blue rounded square with a white T), drawn as vectors
 * so it is sharp at any zoom and costs no image decoding.
 */
export function drawLogo(doc: PdfDoc, x: number, y: number, size: number = LOGO_SIZE): void {
  const scale = size / 64;
  doc.save();
  doc.translate(x, y).scale(scale);
  doc.roundedRect(0, 0, 64, 64, 14).fill(COLOR.brand);
  doc.path('M14 20h36v8H36v22h-8V28H14z').fill('#ffffff');
  doc.restore();
}

/**
 * Draws the letterhead at the top of the current page and leaves the cursor below it. A long company
 * name or address wraps beside the logo; it never runs past the right margin.
 */
export function drawLetterhead(doc: PdfDoc, company: Pick<CompanyDetails, 'name' | 'address' | 'uen'>): void {
  const top = PAGE_MARGIN;
  drawLogo(doc, PAGE_MARGIN, top);
  const textX = PAGE_MARGIN + LOGO_SIZE + mm(5);
  const textWidth = CONTENT_WIDTH - LOGO_SIZE - mm(5);

  doc.font(FONT.bold).fontSize(NAME_SIZE).fillColor(COLOR.text);
  writeText(doc, company.name, textX, top, { width: textWidth });
  doc.font(FONT.regular).fontSize(FONT_SIZE.small).fillColor(COLOR.muted);
  doc.moveDown(0.15);
  writeText(doc, company.address, textX, doc.y, { width: textWidth });
  writeText(doc, `UEN: ${company.uen}`, textX, doc.y, { width: textWidth });

  doc.y = Math.max(doc.y, top + LOGO_SIZE) + mm(4);
  doc.x = PAGE_MARGIN;
  doc
    .save()
    .moveTo(PAGE_MARGIN, doc.y)
    .lineTo(PAGE_MARGIN + CONTENT_WIDTH, doc.y)
    .lineWidth(1.25)
    .strokeColor(COLOR.brand)
    .stroke()
    .restore();
  doc.y += mm(6);
  doc.font(FONT.regular).fontSize(FONT_SIZE.body).fillColor(COLOR.text);
}
