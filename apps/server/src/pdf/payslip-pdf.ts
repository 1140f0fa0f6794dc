/**
 * The payslip PDF (SPEC 2 Payslips detail "Generate PDF", SPEC 7 "the payslip PDF file name contains the
 * worker id and the period start and end", SPEC 9 "payslip PDF A4-style").
 *
 * It is an itemised payslip as Singapore's Employment Act (s.96 and the Employment (Itemised Pay Slip)
 * Regulations) asks for, as far as our data goes: employer's and employee's names, date of payment,
 * salary period, basic rate of pay and hours worked, basic salary, allowances and other additional
 * payments, overtime hours, overtime pay and its period, every deduction itemised, and nett salary; plus
 * the employer's address and UEN, the employee's ids, and who generated it when.
 *
 * Readable on a phone: one column top to bottom (a phone shows the page at its width, so nothing sits
 * side by side that would need sideways scrolling when zoomed in), 11 pt figures, and the nett salary
 * large. Text Helvetica can encode is drawn in the standard faces (never embedded), which keeps it fast
 * (<= 10 ms median, decision 078); names in other scripts are drawn in embedded fonts (decision 080).
 */
import type { CompanyDetails } from '../config.ts';
import { drawLetterhead } from './letterhead.ts';
import { COLOR as BASE_COLOR, CONTENT_WIDTH, FONT, mm, PAGE_MARGIN, type PdfDoc, renderPdf } from './pdf-document.ts';
import { formatCents, formatLongDate, orDefault } from './pdf-format.ts';
import { ensureSpace } from './pdf-layout.ts';
import { heightOfText, writeText } from './script-text.ts';

/** The employer on the payslip: the company settings (COMPANY_NAME, COMPANY_ADDRESS, COMPANY_UEN). */
export type PayslipEmployer = Pick<CompanyDetails, 'name' | 'address' | 'uen'>;

/**
 * One admin charge deducted on the payslip (SPEC 9: every charge of the period, any status), or, with no
 * date, the total of one charge type as it was at generation (when the charges changed since).
 */
export interface PayslipChargeLine {
  /** YYYY-MM-DD; null for a per-type total. */
  date: string | null;
  type: string;
  description: string | null;
  /** Integer cents. */
  amountCents: number;
}

/**
 * Everything a payslip PDF shows: money in integer cents as stored (added up in cents, converted once
 * when printed), hours to 2 decimals, `YYYY-MM-DD` dates, ISO timestamps.
 */
export interface PayslipDocument {
  id: string;
  status: string;
  /** The worker as they were when the payslip was generated (ARCHITECTURE, Data: snapshot). */
  worker: {
    name: string;
    /** TD- id; null only if it was never known. */
    workerId: string | null;
    finNo: string | null;
    wpNo: string | null;
    email: string | null;
  };
  payPeriodStart: string;
  payPeriodEnd: string;
  /** The date the salary was paid, when known (a Paid payslip); else the PDF says it is not paid yet. */
  paymentDate: string | null;
  /** PAYROLL-SG 7: the mode of payment (GIRO, Cash, Cheque), when paid through a pay run. */
  paymentMode?: string | null;
  totalHoursWorked: number;
  totalOvertimeHours: number;
  hourlyRateCents: number;
  overtimeRateCents: number;
  basicSalaryCents: number;
  overtimeAmountCents: number;
  adminChargesDeductionCents: number;
  otherDeductionsCents: number;
  nettSalaryCents: number;
  adminCharges: readonly PayslipChargeLine[];
  /** Printed under the charges: why they are shown as they are (e.g. by type, as at generation). */
  adminChargesNote?: string | null;
  /**
   * Decision 092: a payslip computed by the Employment Act's rules prints each earning line
   * with its basis ("2 rest days at the employer's request", "12.00 h past 44 a week"), the lines the Act
   * adds, and the charges it did not deduct. Absent (or `seed`): SPEC 9's lines as before.
   */
  employmentAct?: EmploymentActLines | null;
  /** Decision 103: additions, CPF, SDL and levy; left out, the payslip has none. */
  statutory?: PayslipStatutoryLines | null;
  generatedAt: string;
  generatedBy: string | null;
}

/** Decision 103: the additions and the statutory contributions of the payslip (cents). */
export interface PayslipStatutoryLines {
  additions: ReadonlyArray<{ label: string; amountCents: number; kind: 'allowance' | 'bonus' }>;
  cpfOrdinaryWagesCents: number;
  cpfAdditionalWagesCents: number;
  cpfEmployeeCents: number;
  cpfEmployerCents: number;
  /** "employee 20%, employer 17% (age 55 and below)"; empty when no CPF applies. */
  cpfBasis: string;
  sdlCents: number;
  levyCents: number;
}

export interface EmploymentActLines {
  basicBasis: string;
  overtimeBasis: string;
  restDayPayCents: number;
  restDayBasis: string;
  publicHolidayPayCents: number;
  publicHolidayBasis: string;
  declaredTopupCents: number;
  declaredTopupBasis: string;
  grossSalaryCents: number;
  notDeducted: ReadonlyArray<{ amountCents: number; reason: string }>;
}

export interface PayslipPdfOptions {
  employer: PayslipEmployer;
  /** IANA zone the generation time is shown in (BUSINESS_TIME_ZONE). */
  timeZone: string;
  /** Fixed in tests for reproducible output; defaults to now. */
  creationDate?: Date;
}

/** `Payslip_TD-1234_2025-03-01_2025-03-31.pdf` (SPEC 7: the worker id and the period start and end). */
export function payslipFileName(payslip: Pick<PayslipDocument, 'worker' | 'payPeriodStart' | 'payPeriodEnd'>): string {
  // Only characters that are safe in every file system and in a Content-Disposition header.
  const workerId = (payslip.worker.workerId ?? 'Unknown-Worker').replace(/[^A-Za-z0-9-]/g, '_');
  return `Payslip_${workerId}_${payslip.payPeriodStart}_${payslip.payPeriodEnd}.pdf`;
}

// --- Layout ---------------------------------------------------------------------------------------

const MARGIN = PAGE_MARGIN;
const WIDTH = CONTENT_WIDTH;
const AMOUNT_WIDTH = mm(38);
const LABEL_WIDTH = mm(48);
/** Larger than the letter's 10/11 pt: a payslip is read on a phone at page width (decision 021). */
const SIZE = { small: 9, label: 10.5, body: 12, heading: 13.5, title: 22, nett: 19 } as const;
const COLOR = { ...BASE_COLOR, band: '#f2f2f7', faint: '#e5e5ea' } as const;
const ROW_GAP = 4;

type Doc = PdfDoc;

const hours = (value: number): string => value.toFixed(2);

const shortDateFormat = new Intl.DateTimeFormat('en-SG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const isoDate = (value: string): Date => {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${value}`);
  return date;
};
/** `2025-03-05` -> `5 March 2025`, unambiguous wherever the reader is from. */
const longDate = formatLongDate;
const shortDate = (value: string): string => shortDateFormat.format(isoDate(value));
const orNA = (value: string | null | undefined): string => orDefault(value, 'N/A');

/** One formatter per time zone: building an Intl formatter costs more than a whole line of the PDF. */
const timestampFormats = new Map<string, Intl.DateTimeFormat>();

function timestamp(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = timestampFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-SG', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone,
      timeZoneName: 'short',
    });
    timestampFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}

/** Starts a new page unless `height` fits above the bottom margin; true when it did. */
function startsNewPage(doc: Doc, height: number): boolean {
  const page = doc.page;
  ensureSpace(doc, height);
  return doc.page !== page;
}

function rule(doc: Doc, color: string = COLOR.rule, width = 0.75): void {
  doc
    .save()
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke()
    .restore();
}

function heading(doc: Doc, title: string, keepWithNext: number): void {
  doc.y += 8;
  ensureSpace(doc, 26 + keepWithNext);
  doc.font(FONT.bold).fontSize(SIZE.heading).fillColor(COLOR.brand).text(title, MARGIN, doc.y, { width: WIDTH });
  doc.y += 2;
  rule(doc, COLOR.brand, 1);
  doc.y += 6;
  doc.fillColor(COLOR.text);
}

/** Label and value, the value wrapping in its column; a row never splits across pages. */
function detailRow(doc: Doc, label: string, value: string): void {
  const valueWidth = WIDTH - LABEL_WIDTH;
  doc.font(FONT.regular).fontSize(SIZE.body);
  const height = Math.max(heightOfText(doc, value, { width: valueWidth }), SIZE.body * 1.2);
  ensureSpace(doc, height);
  const top = doc.y;
  doc
    .font(FONT.regular)
    .fontSize(SIZE.label)
    .fillColor(COLOR.muted)
    .text(label, MARGIN, top + 0.8, { width: LABEL_WIDTH - mm(3) });
  writeText(doc.font(FONT.bold).fontSize(SIZE.body).fillColor(COLOR.text), value, MARGIN + LABEL_WIDTH, top, {
    width: valueWidth,
  });
  doc.y = Math.max(doc.y, top + height) + ROW_GAP;
}

interface AmountLine {
  text: string;
  /** Second line under the text, muted (a charge's description, a rate). */
  note?: string;
  amount: string;
  bold?: boolean;
}

function amountLineHeight(doc: Doc, line: AmountLine): number {
  const textWidth = WIDTH - AMOUNT_WIDTH - mm(4);
  doc.font(line.bold ? FONT.bold : FONT.regular).fontSize(SIZE.body);
  let height = heightOfText(doc, line.text, { width: textWidth });
  if (line.note) {
    doc.font(FONT.regular).fontSize(SIZE.label);
    height += 1 + heightOfText(doc, line.note, { width: textWidth });
  }
  return height;
}

/** A text and its amount at the right edge; returns true when it had to start a new page. */
function amountRow(doc: Doc, line: AmountLine, onNewPage?: () => void): void {
  const textWidth = WIDTH - AMOUNT_WIDTH - mm(4);
  const height = amountLineHeight(doc, line);
  if (startsNewPage(doc, height)) onNewPage?.();
  const top = doc.y;
  const font = line.bold ? FONT.bold : FONT.regular;
  writeText(doc.font(font).fontSize(SIZE.body).fillColor(COLOR.text), line.text, MARGIN, top, { width: textWidth });
  if (line.note) {
    doc.y += 1;
    writeText(doc.font(FONT.regular).fontSize(SIZE.label).fillColor(COLOR.muted), line.note, MARGIN, doc.y, {
      width: textWidth,
    });
  }
  doc
    .font(font)
    .fontSize(SIZE.body)
    .fillColor(COLOR.text)
    .text(line.amount, MARGIN + WIDTH - AMOUNT_WIDTH, top, { width: AMOUNT_WIDTH, align: 'right' });
  doc.y = top + height + ROW_GAP;
}

function totalRow(doc: Doc, text: string, amount: string): void {
  ensureSpace(doc, SIZE.body * 1.2 + 6);
  doc.y += 1;
  rule(doc);
  doc.y += 4;
  amountRow(doc, { text, amount, bold: true });
}

function drawPayslip(doc: Doc, payslip: PayslipDocument, options: PayslipPdfOptions): void {
  const period = `${longDate(payslip.payPeriodStart)} to ${longDate(payslip.payPeriodEnd)}`;

  drawLetterhead(doc, options.employer);
  const titleTop = doc.y;
  doc
    .font(FONT.bold)
    .fontSize(SIZE.title)
    .fillColor(COLOR.text)
    .text('Payslip', MARGIN, titleTop, { width: WIDTH / 2 });
  const afterTitle = doc.y;
  const status = `Status: ${orNA(payslip.status)}`;
  doc.font(FONT.bold).fontSize(SIZE.body).fillColor(COLOR.muted);
  doc.text(status, MARGIN + WIDTH / 2, titleTop + (SIZE.title - SIZE.body) / 2 + 2, {
    width: WIDTH / 2,
    align: 'right',
  });
  doc.y = afterTitle + 6;
  detailRow(doc, 'Salary period', period);
  detailRow(doc, 'Date of payment', payslip.paymentDate ? longDate(payslip.paymentDate) : 'Not paid yet');
  if (payslip.paymentMode) detailRow(doc, 'Mode of payment', payslip.paymentMode);

  heading(doc, 'Employee', 20);
  detailRow(doc, 'Name', orNA(payslip.worker.name));
  detailRow(doc, 'Worker ID', orNA(payslip.worker.workerId));
  detailRow(doc, 'FIN No.', orNA(payslip.worker.finNo));
  detailRow(doc, 'WP No.', orNA(payslip.worker.wpNo));
  detailRow(doc, 'Email', orNA(payslip.worker.email));

  heading(doc, 'Earnings', 40);
  const act = payslip.employmentAct;
  const overtimePeriod = `overtime period ${shortDate(payslip.payPeriodStart)} to ${shortDate(payslip.payPeriodEnd)}`;
  if (act) {
    // Decision 092: PAYROLL-SG 7, the itemised payslip: each line with what it is made of (EA s.20A, s.37, s.38, s.88).
    amountRow(doc, { text: 'Basic salary', note: act.basicBasis, amount: formatCents(payslip.basicSalaryCents) });
    amountRow(doc, {
      text: 'Overtime pay',
      note: `${act.overtimeBasis}; ${overtimePeriod}`,
      amount: formatCents(payslip.overtimeAmountCents),
    });
    amountRow(doc, { text: 'Rest-day pay', note: act.restDayBasis, amount: formatCents(act.restDayPayCents) });
    amountRow(doc, {
      text: 'Public holiday pay',
      note: act.publicHolidayBasis,
      amount: formatCents(act.publicHolidayPayCents),
    });
    if (act.declaredTopupCents > 0) {
      amountRow(doc, {
        text: 'Declared salary top-up',
        note: act.declaredTopupBasis,
        amount: formatCents(act.declaredTopupCents),
      });
    }
    drawAdditions(doc, payslip.statutory, 'Allowances');
    totalRow(doc, 'Gross salary', formatCents(act.grossSalaryCents));
  } else {
    amountRow(doc, {
      text: 'Basic salary',
      note: `${hours(payslip.totalHoursWorked)} hours worked at the basic rate of pay of ${formatCents(payslip.hourlyRateCents)} per hour`,
      amount: formatCents(payslip.basicSalaryCents),
    });
    amountRow(doc, {
      text: 'Overtime pay',
      // Overtime comes from the same timesheets as the basic hours: its period is the salary period.
      note:
        `${hours(payslip.totalOvertimeHours)} overtime hours at ${formatCents(payslip.overtimeRateCents)} per hour (1.5 times the basic rate); ` +
        overtimePeriod,
      amount: formatCents(payslip.overtimeAmountCents),
    });
    // The Regulations list both; we pay neither (decision 021), so one line says so for both.
    drawAdditions(doc, payslip.statutory, 'Allowances and other additional payments');
    totalRow(
      doc,
      'Gross salary',
      formatCents(payslip.basicSalaryCents + payslip.overtimeAmountCents + additionsCents(payslip.statutory)),
    );
  }

  heading(doc, 'Deductions', 40);
  drawCharges(doc, payslip);
  if (act && act.notDeducted.length > 0) {
    // EA s.27, s.28: what of the period's charges was not deducted, and why.
    const note = `Not deducted: ${act.notDeducted.map((item) => `${formatCents(item.amountCents)} (${item.reason})`).join('; ')}.`;
    doc.font(FONT.regular).fontSize(SIZE.small).fillColor(COLOR.muted);
    ensureSpace(doc, heightOfText(doc, note, { width: WIDTH }));
    writeText(doc, note, MARGIN, doc.y, { width: WIDTH });
    doc.y += ROW_GAP;
    doc.fillColor(COLOR.text);
  }
  amountRow(doc, { text: 'Other deductions', amount: formatCents(payslip.otherDeductionsCents) });
  const statutory = payslip.statutory;
  const cpfApplies = Boolean(statutory && (statutory.cpfBasis || statutory.cpfEmployeeCents > 0));
  if (statutory && cpfApplies) {
    // PAYROLL-SG 5: the employee's share of CPF is deducted from the month's wages.
    amountRow(doc, {
      text: "CPF (employee's share)",
      note: `${statutory.cpfBasis ? `${statutory.cpfBasis}; ` : ''}ordinary wages ${formatCents(statutory.cpfOrdinaryWagesCents)}, additional wages ${formatCents(statutory.cpfAdditionalWagesCents)}`,
      amount: formatCents(statutory.cpfEmployeeCents),
    });
  }
  // The nett salary never stands alone at the top of a page: the total above it goes with it.
  ensureSpace(doc, SIZE.body * 1.2 + 12 + NETT_HEIGHT + 12);
  totalRow(
    doc,
    'Total deductions',
    formatCents(payslip.adminChargesDeductionCents + payslip.otherDeductionsCents + (statutory?.cpfEmployeeCents ?? 0)),
  );
  drawNett(doc, payslip.nettSalaryCents);
  if (statutory && (cpfApplies || statutory.sdlCents > 0 || statutory.levyCents > 0)) {
    // PAYROLL-SG 5 and 6: the employer's costs, shown and never deducted from the worker's pay.
    heading(doc, "Employer's contributions (not deducted from pay)", 40);
    if (cpfApplies) {
      amountRow(doc, { text: "CPF (employer's share)", amount: formatCents(statutory.cpfEmployerCents) });
    }
    amountRow(doc, {
      text: 'Skills Development Levy',
      note: '0.25% of total wages, at least $2.00 and at most $11.25',
      amount: formatCents(statutory.sdlCents),
    });
    if (statutory.levyCents > 0) {
      amountRow(doc, { text: 'Foreign Worker Levy', amount: formatCents(statutory.levyCents) });
    }
  }

  const generatedBy = payslip.generatedBy?.trim() ? ` by ${payslip.generatedBy.trim()}` : '';
  const notes = [
    `Generated on ${timestamp(payslip.generatedAt, options.timeZone)}${generatedBy}. Payslip reference ${payslip.id}.`,
    'Rates are shown to the cent; each amount is calculated from the exact rate and rounded to the cent, and the ' +
      'nett salary is the sum of the rounded lines. Please report any discrepancy in your salary within 7 days of ' +
      'receiving this payslip.',
  ];
  doc.y += 12;
  doc.font(FONT.regular).fontSize(SIZE.small).fillColor(COLOR.muted);
  for (const note of notes) {
    ensureSpace(doc, heightOfText(doc, note, { width: WIDTH }));
    writeText(doc, note, MARGIN, doc.y, { width: WIDTH }).moveDown(2 / SIZE.small);
  }
  doc.fillColor(COLOR.text);
}

const additionsCents = (statutory: PayslipStatutoryLines | null | undefined) =>
  (statutory?.additions ?? []).reduce((sum, addition) => sum + addition.amountCents, 0);

/** Decision 103: each allowance and bonus as its own line; without any, the one line saying none was paid. */
function drawAdditions(doc: Doc, statutory: PayslipStatutoryLines | null | undefined, noneText: string): void {
  const additions = statutory?.additions ?? [];
  if (additions.length === 0) {
    amountRow(doc, { text: noneText, amount: formatCents(0) });
    return;
  }
  for (const addition of additions) {
    amountRow(doc, {
      text: addition.label,
      note: addition.kind === 'bonus' ? 'Bonus (additional wage for CPF)' : 'Allowance (ordinary wage for CPF)',
      amount: formatCents(addition.amountCents),
    });
  }
}

/** Every admin charge with its date, type and amount (itemised deductions), then their subtotal. */
function drawCharges(doc: Doc, payslip: PayslipDocument): void {
  const charges = payslip.adminCharges;
  if (charges.length === 0) {
    amountRow(doc, {
      text: 'Admin charges',
      note: 'No admin charges in this salary period',
      amount: formatCents(payslip.adminChargesDeductionCents),
    });
    return;
  }
  const itemised = charges.every((charge) => charge.date !== null);
  const tableHeader = () => {
    doc.font(FONT.bold).fontSize(SIZE.label).fillColor(COLOR.muted);
    const top = doc.y;
    const title = itemised ? 'Admin charges (date, type, description)' : 'Admin charges by type';
    doc.text(title, MARGIN, top, { width: WIDTH - AMOUNT_WIDTH });
    doc.text('Amount', MARGIN + WIDTH - AMOUNT_WIDTH, top, { width: AMOUNT_WIDTH, align: 'right' });
    doc.y = top + SIZE.label * 1.2 + ROW_GAP;
    doc.fillColor(COLOR.text);
  };
  ensureSpace(doc, SIZE.label * 1.2 + ROW_GAP + amountLineHeight(doc, chargeLine(charges[0] as PayslipChargeLine)));
  tableHeader();
  charges.forEach((charge, index) => {
    if (index > 0) {
      // A faint line keeps each charge's description with its own amount.
      doc.y -= 1;
      rule(doc, COLOR.faint, 0.5);
      doc.y += 4;
    }
    amountRow(doc, chargeLine(charge), tableHeader);
  });
  totalRow(doc, 'Admin charges total', formatCents(payslip.adminChargesDeductionCents));

  let note = payslip.adminChargesNote?.trim();
  const listed = charges.reduce((sum, charge) => sum + charge.amountCents, 0);
  if (!note && listed !== payslip.adminChargesDeductionCents) {
    // The payslip keeps what it deducted; lines that no longer add up to it must say so.
    note =
      `The charges listed total ${formatCents(listed)}; ${formatCents(payslip.adminChargesDeductionCents)} ` +
      'was deducted when this payslip was generated.';
  }
  if (note) {
    doc.font(FONT.regular).fontSize(SIZE.small).fillColor(COLOR.muted);
    ensureSpace(doc, heightOfText(doc, note, { width: WIDTH }));
    writeText(doc, note, MARGIN, doc.y, { width: WIDTH });
    doc.y += ROW_GAP;
    doc.fillColor(COLOR.text);
  }
  doc.y += 4;
}

function chargeLine(charge: PayslipChargeLine): AmountLine {
  const description = charge.description?.trim();
  return {
    text: charge.date ? `${shortDate(charge.date)}  ${charge.type}` : charge.type,
    ...(description ? { note: description } : {}),
    amount: formatCents(charge.amountCents),
  };
}

const NETT_HEIGHT = 40;

function drawNett(doc: Doc, nettCents: number): void {
  const height = NETT_HEIGHT;
  doc.y += 12;
  ensureSpace(doc, height);
  const top = doc.y;
  doc.save().roundedRect(MARGIN, top, WIDTH, height, 6).fill(COLOR.band).restore();
  const textTop = top + (height - SIZE.nett) / 2 + 1;
  doc.font(FONT.bold).fontSize(SIZE.nett).fillColor(COLOR.text);
  doc.text('Nett salary', MARGIN + 12, textTop, { width: WIDTH / 2, lineBreak: false });
  doc.text(formatCents(nettCents), MARGIN + WIDTH / 2, textTop, {
    width: WIDTH / 2 - 12,
    align: 'right',
    lineBreak: false,
  });
  doc.y = top + height;
  doc.x = MARGIN;
}

/** The payslip as PDF bytes: A4, the company letterhead, and a footer naming it on every page. */
export function renderPayslipPdf(payslip: PayslipDocument, options: PayslipPdfOptions): Promise<Buffer> {
  const who = payslip.worker.workerId ?? payslip.worker.name;
  const period = `${shortDate(payslip.payPeriodStart)} to ${shortDate(payslip.payPeriodEnd)}`;
  return renderPdf(
    {
      title: `Payslip ${who}, ${period}`,
      author: options.employer.name,
      subject: `Payslip of ${payslip.worker.name}, ${period}`,
      footer: `Payslip ${who}, ${period}. Private and confidential.`,
      ...(options.creationDate ? { creationDate: options.creationDate } : {}),
    },
    (doc) => drawPayslip(doc, payslip, options),
  );
}
