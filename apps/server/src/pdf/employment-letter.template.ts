/**
 * The employment letter (SPEC 2 "Employment letter", SPEC 9 contract terms and PDF layout): letterhead
 * and logo, the parties, clauses 1 to 4 (appointment and designation, place of work and deployment,
 * commencement, remuneration), 5 Deductions, then termination, governing law, miscellaneous provisions
 * and the signature block. It also gives the worker the Key Employment Terms MOM requires in writing,
 * as far as the worker's record and SPEC 9 allow (docs/decisions/016-employment-letter-terms.md).
 *
 * The clause text is ours (SPEC 2 shows none beyond the SPEC 9 terms). A term whose data is missing is
 * worded without it rather than printed as a gap, so every letter reads as a finished contract.
 */
import { DEFAULT_DESIGNATION } from '@td/shared/options/workers';
import type { Worker } from '@td/shared/schemas/worker';
import type { CompanyDetails } from '../config.ts';
import { drawLetterhead } from './letterhead.ts';
import { COLOR, CONTENT_WIDTH, FONT, FONT_SIZE, mm, PAGE_MARGIN, type PdfDoc, renderPdf } from './pdf-document.ts';
import { formatLongDate, formatSgd, nowrap, orDefault } from './pdf-format.ts';
import {
  ensureSpace,
  type ParagraphOptions,
  paragraphHeight,
  sectionGap,
  textHeight,
  writeHeading,
  writeParagraph,
  writeRows,
} from './pdf-layout.ts';
import { writeText } from './script-text.ts';

/** The worker fields the letter reads. */
export type LetterWorker = Pick<
  Worker,
  | 'first_name'
  | 'last_name'
  | 'worker_id'
  | 'date_of_birth'
  | 'nationality'
  | 'passport_no'
  | 'type_of_pass'
  | 'fin_no'
  | 'wp_no'
  | 'date_of_issuance'
  | 'wp_expiry_date'
  | 'levy'
  | 'supplied_to_company'
  | 'designation'
  | 'rate_type'
  | 'salary_rate'
  | 'employment_start_date'
  | 'probation_months'
>;

export interface EmploymentLetterInput {
  worker: LetterWorker;
  company: CompanyDetails;
  /** The letter's date, `YYYY-MM-DD`: today in the business time zone (SPEC 2 "dated with the current date"). */
  letterDate: string;
}

/** SPEC 2: the signatory's title; the name comes from the HR_MANAGER_NAME setting. */
const SIGNATORY_TITLE = 'HR Manager';

/** SPEC 9 contract terms, in the words the letter uses. */
export const CONTRACT_TERMS = {
  workingWeek: `${nowrap('6 working days a week')} ${nowrap('(Monday to Saturday)')}`,
  workingHours: nowrap('8:00 am to 5:00 pm'),
  // Employment Act s.38(1): normal hours of work not more than 44 in one week. Six days of 8:00 am to
  // 5:00 pm with a lunch hour would be 48, so Saturday is a half day (decision 095).
  weeklyHours: nowrap('44 hours a week'),
  saturdayHours: nowrap('8:00 am to 12:00 noon'),
  lunchBreak: nowrap('60-minute lunch break'),
  restDay: 'Sunday',
  // Decision 095: MOM's Key Employment Terms and Employment Act s.21 over SPEC 9's "on or before the
  // 15th": salary within 7 days after the end of each salary period, overtime within 14 days.
  payDay: `${nowrap('within 7 days after the end of each salary period')} ${nowrap('by bank transfer')}`,
  overtimePayDays: nowrap('within 14 days after the end of the salary period'),
  overtimeMultiplier: nowrap('1.5 times'),
  discrepancyDays: nowrap('7 days'),
  sickLeaveAfterMonths: nowrap('3 months'),
  outpatientSickLeaveDays: nowrap('14 days'),
  hospitalizationLeaveDays: nowrap('60 days'),
  certificateBeyondDays: nowrap('2 consecutive days'),
  marriageLeaveDays: nowrap('2 days'),
  compassionateLeaveDays: nowrap('up to 4 days'),
  noticeDays: nowrap("30 days' written notice"),
  payInLieu: nowrap('pay in lieu'),
  settlementDays: nowrap('7 days'),
  payPeriodAhead: nowrap('one pay period in advance'),
} as const;

type PassKind = 'work-permit' | 's-pass' | 'employment-pass' | 'resident' | 'unknown';

function passKind(typeOfPass: string | null): PassKind {
  switch (typeOfPass) {
    case 'WP':
      return 'work-permit';
    case 'SPass':
      return 's-pass';
    case 'EP':
      return 'employment-pass';
    case 'Singapore Citizen':
    case 'PR':
      return 'resident';
    default:
      return 'unknown';
  }
}

const PASS_NAMES: Record<PassKind, string | null> = {
  'work-permit': 'Work Permit',
  's-pass': 'S Pass',
  'employment-pass': 'Employment Pass',
  resident: null,
  unknown: null,
};

const PASS_LABELS: Record<string, string> = {
  'Singapore Citizen': 'Singapore Citizen',
  PR: 'Singapore Permanent Resident',
  EP: 'Employment Pass',
  SPass: 'S Pass',
  WP: 'Work Permit',
};

/** What one unit of each rate type is called in the letter. */
const RATE_UNITS: Record<string, { per: string; worked: string | null }> = {
  Hourly: { per: 'per hour', worked: 'each hour you work' },
  Daily: { per: 'per day', worked: 'each day you work' },
  Monthly: { per: 'per month', worked: null },
};

/**
 * SPEC 9 (payslip): the hourly rate is the salary rate when Hourly, the rate / 8 when Daily and the
 * rate / 26 / 8 when Monthly. The letter states it so the worker can check overtime pay.
 */
function hourlyBasicRate(rateType: string, rate: number): { amount: number; explanation: string | null } {
  if (rateType === 'Daily') return { amount: rate / 8, explanation: 'your daily rate divided by 8 hours' };
  if (rateType === 'Monthly') {
    return { amount: rate / 26 / 8, explanation: 'your monthly salary divided by 26 days of 8 hours' };
  }
  return { amount: rate, explanation: null };
}

type Clause = string | { text: string; items: string[] };
interface Section {
  title: string;
  clauses: Clause[];
}

const fullName = (worker: LetterWorker) => `${worker.first_name} ${worker.last_name}`.trim();

/** Builds the letter's PDF. */
export function renderEmploymentLetter(input: EmploymentLetterInput): Promise<Buffer> {
  const { worker, company } = input;
  const name = fullName(worker);
  return renderPdf(
    {
      title: `Letter of Employment - ${name}`,
      author: company.name,
      subject: `Letter of Employment and Key Employment Terms for ${name} (${worker.worker_id})`,
      footer: `Letter of Employment - ${name} (${worker.worker_id}) - Private and Confidential`,
    },
    (doc) => drawEmploymentLetter(doc, input),
  );
}

function drawEmploymentLetter(doc: PdfDoc, input: EmploymentLetterInput): void {
  const { worker, company } = input;
  const name = fullName(worker);
  const date = formatLongDate(input.letterDate);

  drawLetterhead(doc, company);

  // Date, reference and addressee.
  writeRows(
    doc,
    [
      { label: 'Date', value: date },
      { label: 'Our Ref', value: `HR/EL/${worker.worker_id}` },
    ],
    { labelWidth: mm(22) },
  );
  doc.font(FONT.bold).fontSize(FONT_SIZE.body).text('PRIVATE AND CONFIDENTIAL', PAGE_MARGIN, doc.y, {
    width: CONTENT_WIDTH,
  });
  writeText(doc.font(FONT.regular), name, undefined, undefined, { width: CONTENT_WIDTH });
  if (worker.fin_no) writeText(doc, `FIN No. ${worker.fin_no}`, undefined, undefined, { width: CONTENT_WIDTH });
  sectionGap(doc);

  writeText(doc, `Dear ${name},`, undefined, undefined, { width: CONTENT_WIDTH });
  sectionGap(doc);
  doc
    .font(FONT.bold)
    .fontSize(FONT_SIZE.heading)
    .text('LETTER OF EMPLOYMENT', { width: CONTENT_WIDTH, align: 'center' });
  doc.font(FONT.regular).fontSize(FONT_SIZE.body);
  sectionGap(doc);

  writeParagraph(
    doc,
    `We are pleased to offer you employment with ${company.name} on the terms and conditions set out in this ` +
      'letter. When signed by you and by the Company, this letter is your contract of employment and records ' +
      'your Key Employment Terms.',
  );
  sectionGap(doc);

  writeParties(doc, input);

  for (const [index, section] of buildSections(input).entries()) {
    writeSection(doc, index + 1, section);
  }

  writeSignatureBlock(doc, input, date);
}

/** SPEC 2 "parties": the employer and the employee, with the particulars the record holds. */
function writeParties(doc: PdfDoc, { worker, company }: EmploymentLetterInput): void {
  const parties = 'This contract is made between the following parties.';
  writeHeading(doc, 'The Parties', { text: parties });
  writeParagraph(doc, parties);
  doc.font(FONT.bold).text('The Employer ("the Company")', PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
  writeRows(doc, [
    { label: 'Company', value: company.name },
    { label: 'UEN', value: company.uen },
    { label: 'Registered address', value: company.address },
  ]);

  const employee = [
    { label: 'Name', value: fullName(worker) },
    { label: 'Worker ID', value: worker.worker_id },
    { label: 'FIN No.', value: worker.fin_no },
    { label: 'Passport No.', value: worker.passport_no },
    { label: 'Nationality', value: worker.nationality },
    { label: 'Date of Birth', value: worker.date_of_birth ? formatLongDate(worker.date_of_birth) : null },
    {
      label: 'Type of Pass',
      value: worker.type_of_pass ? (PASS_LABELS[worker.type_of_pass] ?? worker.type_of_pass) : null,
    },
    { label: 'Work Permit No.', value: worker.wp_no },
  ].flatMap((row) => (row.value ? [{ label: row.label, value: row.value }] : []));
  ensureSpace(doc, doc.currentLineHeight(true) * 3);
  doc.font(FONT.bold).text('The Employee', PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
  writeRows(doc, employee);
  sectionGap(doc);
}

function writeSection(doc: PdfDoc, number: number, section: Section): void {
  const first = section.clauses[0];
  const labelled: ParagraphOptions = { label: `${number}.1` };
  writeHeading(doc, `${number}. ${section.title}`, first ? { text: clauseText(first), options: labelled } : undefined);
  section.clauses.forEach((clause, index) => {
    writeParagraph(doc, clauseText(clause), { label: `${number}.${index + 1}` });
    if (typeof clause !== 'string') {
      clause.items.forEach((item, itemIndex) => {
        writeParagraph(doc, item, {
          label: `(${String.fromCharCode(97 + itemIndex)})`,
          indent: mm(10),
          labelWidth: mm(8),
        });
      });
    }
  });
  sectionGap(doc);
}

const clauseText = (clause: Clause) => (typeof clause === 'string' ? clause : clause.text);

/** KETs: the probation period, or that there is none (nothing when it is not recorded). */
function probationClause(months: number | null): Clause[] {
  if (months === null) return [];
  if (months === 0) return ['There is no probation period: your employment is confirmed from its start.'];
  return [
    `The first ${nowrap(`${months} month${months === 1 ? '' : 's'}`)} of your employment are a probation period. ` +
      "During probation either party may end this contract by giving 7 days' written notice or pay in lieu.",
  ];
}

/** The numbered clauses, worded from the worker's record and the SPEC 9 terms. */
export function buildSections({ worker }: EmploymentLetterInput): Section[] {
  const t = CONTRACT_TERMS;
  const kind = passKind(worker.type_of_pass);
  const passName = PASS_NAMES[kind];
  const title = orDefault(worker.designation, DEFAULT_DESIGNATION);
  // A short title stays on one line, so it reads (and searches) as one term.
  const designation = title.length <= 40 ? nowrap(title) : title;
  const client = worker.supplied_to_company?.trim() || null;
  const foreign = kind === 'work-permit' || kind === 's-pass' || kind === 'employment-pass';
  const rate = worker.rate_type && worker.salary_rate !== null ? RATE_UNITS[worker.rate_type] : undefined;

  // 1. Appointment and designation (KET: job title, main duties; employment type).
  const appointment: Clause[] = [
    `The Company employs you as a ${designation} on a full-time basis, and you accept that employment on the ` +
      'terms of this letter.',
    `Your main duties are the construction work that the position of ${designation} calls for, carried out at ` +
      'the worksites to which you are deployed, together with any other reasonable duties consistent with your ' +
      'skills and training that your supervisor assigns to you.',
  ];
  if (passName) {
    const number = kind === 'work-permit' && worker.wp_no ? ` No. ${worker.wp_no}` : '';
    const expiry =
      kind === 'work-permit' && worker.wp_expiry_date
        ? `, which is valid until ${formatLongDate(worker.wp_expiry_date)} unless renewed`
        : '';
    appointment.push(
      `Your employment is subject to your holding a valid ${passName}${number} issued by the Ministry of ` +
        `Manpower (MOM)${expiry}, and to the conditions of that pass. You may work only for the Company and ` +
        'only in the occupation for which the pass is issued.',
    );
  }

  // 2. Place of work and deployment to the client company (KET: place of work).
  const placeOfWork: Clause[] = [
    client
      ? `You will be deployed to work for ${client} ("the Client"), a client of the Company, at the Client's ` +
        'project sites in Singapore as the Company directs.'
      : "You will be deployed to work at the project sites of the Company's clients in Singapore as the " +
        'Company directs.',
    'The Company may transfer you to another client or worksite in Singapore when its business requires. ' +
      'Throughout any deployment you remain an employee of the Company, which alone is responsible for your ' +
      'salary and for your terms of employment.',
    `While deployed you must follow the site rules and safety requirements of ${client ? 'the Client' : 'the client'} ` +
      'and the reasonable instructions of its site supervisors.',
  ];

  // 3. Commencement, with the SPEC 9 working days, hours, lunch break and rest day (KET: start date,
  // working arrangements).
  // KETs: the employment start date (the worker's own, not the permit's issue date; decision 095).
  const start = worker.employment_start_date
    ? `Your employment commences on ${formatLongDate(worker.employment_start_date)} and continues until it is ended ` +
      'under Clause 6.'
    : 'Your employment commences on the day you first report for work as the Company directs, which the ' +
      `Company will confirm to you in writing${kind === 'work-permit' ? ' and which cannot be earlier than the date your Work Permit is issued' : ''}, ` +
      'and continues until it is ended under Clause 6.';
  const commencement: Clause[] = [
    start,
    `You will work ${t.workingWeek}. Your normal hours of work are ${t.weeklyHours}: ${t.workingHours} with a ` +
      `${t.lunchBreak} (8 hours) from Monday to Friday, and ${t.saturdayHours} (4 hours) on Saturday. Hours ` +
      'worked beyond these are overtime and are paid as Clause 4 sets out.',
    ...probationClause(worker.probation_months),
    `${t.restDay} is your rest day. If you are asked to work on your rest day or on a public holiday, you will be ` +
      'paid for that work as the Employment Act 1968 provides.',
  ];

  // 4. Remuneration with the rate type and amount (KET: salary period, basic salary, fixed allowances,
  // overtime payment period and rate, leave, medical benefits).
  const remuneration: Clause[] = [];
  if (rate && worker.rate_type && worker.salary_rate !== null) {
    const amount = nowrap(`${formatSgd(worker.salary_rate)} ${rate.per}`);
    remuneration.push(
      rate.worked
        ? `You are paid at a ${worker.rate_type} rate. Your basic rate of pay is ${amount}, paid for ` +
            `${rate.worked}, as recorded on your timesheets.`
        : `You are paid at a ${worker.rate_type} rate. Your basic salary is ${amount}.`,
    );
  } else {
    remuneration.push(
      'Your basic rate of pay will be confirmed to you in writing by the Company before you start work, and ' +
        'that confirmation will form part of this contract.',
    );
  }
  remuneration.push(
    `Your salary period is one calendar month. Your salary is paid ${t.payDay} into a bank account in your ` +
      'own name. No fixed allowances are payable in addition to your basic rate of pay.',
  );
  let hourly = '';
  if (rate && worker.rate_type && worker.salary_rate !== null) {
    const { amount, explanation } = hourlyBasicRate(worker.rate_type, worker.salary_rate);
    const overtime = nowrap(`${formatSgd(amount * 1.5)} per hour`);
    hourly = explanation
      ? ` Your hourly basic rate of pay is ${nowrap(formatSgd(amount))} (${explanation}), so overtime is paid at ${overtime}.`
      : ` Overtime is therefore paid at ${overtime}.`;
  }
  remuneration.push(
    'Work beyond your normal daily hours, when your supervisor has asked for it, is overtime and is paid at ' +
      `${t.overtimeMultiplier} your hourly basic rate of pay.${hourly} Overtime pay is paid ${t.overtimePayDays} ` +
      'in which the overtime was worked. Overtime will not exceed the limit of 72 hours a month ' +
      'set by the Employment Act 1968.',
    'You will receive an itemised payslip for each salary period. You must report any discrepancy in your ' +
      `salary to the Company within ${t.discrepancyDays} of receiving the payslip, so that it can be ` +
      'checked and corrected promptly.',
    `Sick leave: after ${t.sickLeaveAfterMonths} of service you are entitled to ` +
      `${t.outpatientSickLeaveDays} of paid outpatient sick leave and ${t.hospitalizationLeaveDays} of ` +
      'paid hospitalization leave per year. You must inform your supervisor on the first day of your absence, ' +
      'and a medical certificate from a registered medical practitioner is needed for sick leave beyond ' +
      `${t.certificateBeyondDays}.`,
    `You are entitled to ${t.marriageLeaveDays} of paid marriage leave on your marriage, and to paid ` +
      `compassionate leave ${t.compassionateLeaveDays} on the death of a member of your immediate ` +
      'family (spouse, child, parent or sibling).',
    // Employment Act s.43: 7 days in the first year of service, one more for each further year, up to 14.
    'After 3 months of service you are entitled to paid annual leave of 7 days for your first 12 months of ' +
      'continuous service, one more day for each further year of service, up to 14 days a year.',
    'You are also entitled to paid public holidays and any other leave that the Employment Act 1968 and other ' +
      'Singapore law provide.',
    kind === 'work-permit' || kind === 's-pass'
      ? 'The Company pays the medical consultation fees for your certified sick leave, maintains the medical ' +
          `insurance required for ${passName} holders and bears the cost of your medical treatment as the ` +
          'conditions of your pass require.'
      : `After ${t.sickLeaveAfterMonths} of service the Company pays the medical consultation fees for ` +
          'your certified sick leave, as the Employment Act 1968 requires.',
  );

  // 5. Deductions (KET: fixed deductions; SPEC 9 notice one pay period ahead where not statutory).
  const deductions: Clause[] = [
    {
      text: 'The Company may deduct from your salary only what the Employment Act 1968 permits, namely:',
      items: [
        'deductions for absence from work, in proportion to the time absent;',
        'deductions for damage to or loss of goods, tools or equipment entrusted to you, where caused by your ' +
          'neglect or default, and for admin charges recorded against you for safety violations, attendance, ' +
          'equipment damage or misconduct, in each case after you have been told of the charge and given the ' +
          'chance to explain;',
        'the recovery of advances, loans or salary paid to you in excess of what was due;',
        'deductions required by law, and any other deduction you have agreed to in writing.',
      ],
    },
    'Except for deductions required by law, the Company will notify you in writing of every deduction, with ' +
      `its amount and reason, at least ${t.payPeriodAhead} of the salary from which it is made.`,
    'The total of the deductions in any salary period, other than for absence from work and the recovery of ' +
      'advances, loans or overpaid salary, will not exceed 50% of your salary for that period.',
  ];
  if (kind === 'work-permit' || kind === 's-pass') {
    const levy = kind === 'work-permit' && worker.levy ? ` of ${worker.levy} a month` : '';
    deductions.push(
      `The foreign worker levy${levy} for your ${passName} is paid by the Company and will never be deducted from ` +
        'your salary. Nor will the Company recover from you any cost of obtaining or renewing your pass.',
    );
  } else if (kind === 'resident') {
    deductions.push(
      'Your share of Central Provident Fund (CPF) contributions is deducted from your salary at the rates set by ' +
        "the CPF Board, and the Company pays the employer's share.",
    );
  }
  deductions.push('Every deduction is shown on your itemised payslip.');

  // 6. Termination (KET: notice period).
  const termination: Clause[] = [
    `Either party may end this contract by giving the other ${t.noticeDays} or ${t.payInLieu} ` +
      'of notice, that is, salary equal to the notice period or to the part of it not served.',
    'The Company may end this contract without notice for misconduct, after due inquiry, as section 14 of the ' +
      'Employment Act 1968 permits.',
    // Employment Act ss.22-23: final pay on the day of dismissal (or within 3 working days); on resignation
    // with notice, on the last day; without notice, within 7 days.
    'Your final salary is paid as the Employment Act 1968 provides: if the Company dismisses you, on the day ' +
      'of dismissal or, where that is not possible, within 3 working days; if you resign with notice, on your ' +
      `last day of work; if you resign without notice, within ${t.settlementDays} of your last day.`,
  ];
  if (kind === 'work-permit' || kind === 's-pass') {
    termination.push(
      `This contract ends if your ${passName} is cancelled or revoked, or expires without being renewed. The ` +
        'Company will then arrange and pay for your repatriation to your home country, as the conditions of ' +
        'your pass require.',
    );
  }
  termination.push(
    'On or before your last day of employment you must return all property of the Company and of any client, ' +
      'including tools, protective equipment, site passes and documents.',
  );

  // 7. Governing law.
  const governingLaw: Clause[] = [
    'This contract is governed by the laws of the Republic of Singapore, including the Employment Act 1968' +
      `${foreign ? ' and the Employment of Foreign Manpower Act 1990' : ''}.`,
    'Where a term of this contract is less favourable to you than the law provides, the law applies instead.',
    'A dispute about this contract that cannot be settled within the Company may be referred to the Tripartite ' +
      'Alliance for Dispute Management and the Employment Claims Tribunals, and otherwise to the courts of ' +
      'Singapore.',
  ];

  // 8. Miscellaneous provisions.
  const miscellaneous: Clause[] = [
    'You must observe the Workplace Safety and Health Act 2006 and the safety rules of the Company and of every ' +
      'worksite, wear the personal protective equipment issued to you, and attend the safety training the ' +
      'Company requires.',
    'You must keep confidential any information about the Company, its clients and their projects that you ' +
      'learn in the course of your employment, both during and after your employment.',
    'The Company collects, uses and discloses your personal data, including to the Ministry of Manpower and ' +
      'to the clients to whom you are deployed, for the purposes of your employment and in accordance with the ' +
      'Personal Data Protection Act 2012.',
    'This letter is the whole agreement between you and the Company about your employment. It may be changed ' +
      'only in writing signed by both parties.',
    'If you do not fully understand English, the Company will explain this letter to you in a language you ' +
      'understand before you sign it. If it is translated, the English text prevails.',
  ];

  return [
    { title: 'Appointment and Designation', clauses: appointment },
    { title: 'Place of Work and Deployment', clauses: placeOfWork },
    { title: 'Commencement and Hours of Work', clauses: commencement },
    { title: 'Remuneration and Benefits', clauses: remuneration },
    { title: 'Deductions', clauses: deductions },
    { title: 'Termination', clauses: termination },
    { title: 'Governing Law', clauses: governingLaw },
    { title: 'Miscellaneous Provisions', clauses: miscellaneous },
  ];
}

/**
 * SPEC 2: the employer block names the HR Manager, the employee block the worker's first and last name;
 * both are dated today, with blank signature lines. The closing words and the two columns are kept
 * together on one page, and both signature lines sit at the same height.
 */
function writeSignatureBlock(doc: PdfDoc, { worker, company }: EmploymentLetterInput, date: string): void {
  const closing =
    'Please sign and return the duplicate of this letter to confirm that you accept these terms. ' +
    'We look forward to working with you.';
  const gutter = mm(10);
  const columnWidth = (CONTENT_WIDTH - gutter) / 2;
  const columns = [
    {
      x: PAGE_MARGIN,
      heading: `For and on behalf of ${company.name}`,
      note: null,
      rows: [`Name: ${company.hrManagerName}`, `Designation: ${SIGNATORY_TITLE}`, `Date: ${date}`],
    },
    {
      x: PAGE_MARGIN + columnWidth + gutter,
      heading: 'Accepted and agreed by the Employee',
      note: 'I have read and understood the terms of this letter and I accept them.',
      rows: [`Name: ${fullName(worker)}`, ...(worker.fin_no ? [`FIN No.: ${worker.fin_no}`] : []), `Date: ${date}`],
    },
  ];
  const signatureSpace = mm(16);
  const line = () => doc.currentLineHeight(true);

  doc.font(FONT.bold).fontSize(FONT_SIZE.body);
  const headHeight = Math.max(
    ...columns.map((column) => {
      doc.font(FONT.bold);
      const heading = textHeight(doc, column.heading, columnWidth);
      doc.font(FONT.regular);
      return heading + (column.note ? textHeight(doc, column.note, columnWidth) : 0);
    }),
  );
  const rowsHeight = Math.max(
    ...columns.map((column) => column.rows.reduce((sum, row) => sum + textHeight(doc, row, columnWidth), 0)),
  );
  const blockHeight =
    paragraphHeight(doc, closing) + line() * 3 + headHeight + signatureSpace + line() * 1.5 + rowsHeight;
  ensureSpace(doc, blockHeight);

  writeParagraph(doc, closing);
  doc.moveDown(0.5);
  doc.font(FONT.regular).fontSize(FONT_SIZE.body).text('Yours faithfully,', PAGE_MARGIN, doc.y, { width: columnWidth });
  doc.moveDown(1);

  const top = doc.y;
  const lineY = top + headHeight + signatureSpace;
  let bottom = top;
  for (const column of columns) {
    doc.font(FONT.bold).fontSize(FONT_SIZE.body).fillColor(COLOR.text);
    writeText(doc, column.heading, column.x, top, { width: columnWidth });
    if (column.note) doc.font(FONT.regular).text(column.note, column.x, doc.y, { width: columnWidth });
    doc
      .save()
      .moveTo(column.x, lineY)
      .lineTo(column.x + columnWidth - mm(10), lineY)
      .lineWidth(0.75)
      .strokeColor(COLOR.text)
      .stroke()
      .restore();
    doc.font(FONT.regular).fontSize(FONT_SIZE.small).fillColor(COLOR.muted);
    doc.text('Signature', column.x, lineY + 3, { width: columnWidth });
    doc.font(FONT.regular).fontSize(FONT_SIZE.body).fillColor(COLOR.text);
    doc.moveDown(0.4);
    for (const row of column.rows) writeText(doc, row, column.x, doc.y, { width: columnWidth });
    bottom = Math.max(bottom, doc.y);
  }
  doc.x = PAGE_MARGIN;
  doc.y = bottom;
}
