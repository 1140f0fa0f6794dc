import { bankName, periodLabel } from '@td/shared/options/pay-runs';
import { csvCell, toCsv } from '@td/shared/rules/csv';
import { centsToText } from '@td/shared/rules/money';
import type { Role } from '@td/shared/rules/permissions';
import { sdlCompanyTotalCents } from '@td/shared/rules/sdl';
import { minutesToHours } from '@td/shared/rules/timesheet-hours';
import type { Db } from '../../db/database.ts';
import type { PayRunRow, PayslipRow } from '../../db/schema.ts';
import { mm, renderPdf } from '../../pdf/pdf-document.ts';
import { drawRule, writeHeading, writeParagraph, writeTableRow } from '../../pdf/pdf-layout.ts';
import { payslipRowFor } from '../payslips/public.ts';
import { payslipsOfRun } from './pay-runs.repository.ts';
import { requirePaidRun, requireRun } from './pay-runs.service.ts';

/**
 * Decision 082: a run's files. The bank file is the GIRO bulk-payment upload of a paid run; the payroll
 * register lists every payslip's lines and the run's totals (what an accountant files each month).
 */

const BANK_FILE_HEADER = ['Beneficiary Name', 'Bank SWIFT Code', 'Account Number', 'Amount', 'Reference'] as const;

/** The payment reference: the worker's TD- id and the period, within the 35 characters banks keep. */
export const paymentReference = (row: Pick<PayslipRow, 'worker_code' | 'pay_period_start' | 'pay_period_end'>) =>
  `${row.worker_code} SAL ${row.pay_period_start.replaceAll('-', '')}-${row.pay_period_end.replaceAll('-', '')}`;

/** Decision 104, 108: a run's payslips with the worker fields as the role asking may see them. */
export async function runRowsFor(db: Db, id: string, role: Role): Promise<PayslipRow[]> {
  return (await payslipsOfRun(db, id)).map(payslipRowFor(role));
}

const fileStem = (run: PayRunRow) => `${run.pay_period_start}_${run.pay_period_end}`;

export interface RunFile {
  fileName: string;
  body: string | Buffer;
}

/**
 * `GET /api/pay-runs/{id}/bank-file`: one row per payslip paid by GIRO (the bank details as paid), the
 * amount to the cent. No byte order mark: it is read by the bank's upload, not a spreadsheet.
 */
export async function bankFile(db: Db, id: string, role: Role): Promise<RunFile> {
  const run = await requirePaidRun(db, id);
  const rows = (await runRowsFor(db, id, role)).filter((row) => row.payment_mode === 'GIRO');
  const lines = [
    BANK_FILE_HEADER.map(csvCell).join(','),
    ...rows.map((row) =>
      [
        `${row.worker_first_name} ${row.worker_last_name}`.toUpperCase(),
        row.paid_bank_swift_code,
        row.paid_bank_account_no,
        centsToText(row.nett_salary),
        paymentReference(row),
      ]
        .map(csvCell)
        .join(','),
    ),
  ];
  return { fileName: `giro_${fileStem(run)}.csv`, body: `${lines.join('\r\n')}\r\n` };
}

const REGISTER_HEADER = [
  'Worker ID',
  'Name',
  'FIN No.',
  'Hours Worked',
  'Overtime Hours',
  'Hourly Rate',
  'Overtime Rate',
  'Basic Salary',
  'Overtime Amount',
  'Gross',
  'Admin Charges',
  'Other Deductions',
  'Nett Salary',
  'Status',
  'Payment Mode',
  'Bank',
  'Payment Date',
  // Decision 103: the additions, CPF, SDL and levy, after the columns of decision 082.
  'Allowances',
  'Bonuses',
  'CPF Employee',
  'CPF Employer',
  'SDL',
  'Levy',
] as const;

// Decision 103: allowances and bonuses count in gross; the employee's CPF is a deduction.
const gross = (row: PayslipRow) =>
  row.basic_salary + row.overtime_amount + Number(row.allowances_amount) + Number(row.bonuses_amount);
const deductions = (row: PayslipRow) => row.admin_charges_deduction + row.other_deductions + Number(row.cpf_employee);
const money = (cents: number) => Number(centsToText(cents));

/** `GET /api/pay-runs/{id}/register.csv`: every payslip's lines, then the totals row. */
export async function registerCsv(db: Db, id: string, role: Role): Promise<RunFile> {
  const run = await requireRun(db, id);
  const rows = await runRowsFor(db, id, role);
  const total = (pick: (row: PayslipRow) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  const body = toCsv(REGISTER_HEADER, [
    ...rows.map((row) => [
      row.worker_code,
      `${row.worker_first_name} ${row.worker_last_name}`,
      row.worker_fin_no,
      minutesToHours(row.total_hours_worked),
      minutesToHours(row.total_overtime_hours),
      money(row.hourly_rate),
      money(row.overtime_rate),
      money(row.basic_salary),
      money(row.overtime_amount),
      money(gross(row)),
      money(row.admin_charges_deduction),
      money(row.other_deductions),
      money(row.nett_salary),
      row.status,
      row.payment_mode,
      bankName(row.paid_bank_swift_code),
      row.payment_date,
      money(Number(row.allowances_amount)),
      money(Number(row.bonuses_amount)),
      money(Number(row.cpf_employee)),
      money(Number(row.cpf_employer)),
      money(Number(row.sdl)),
      money(Number(row.levy)),
    ]),
    [
      'Total',
      `${rows.length} payslips`,
      null,
      minutesToHours(total((row) => row.total_hours_worked)),
      minutesToHours(total((row) => row.total_overtime_hours)),
      null,
      null,
      money(total((row) => row.basic_salary)),
      money(total((row) => row.overtime_amount)),
      money(total(gross)),
      money(total((row) => row.admin_charges_deduction)),
      money(total((row) => row.other_deductions)),
      money(total((row) => row.nett_salary)),
      run.status,
      null,
      null,
      run.payment_date,
      money(total((row) => Number(row.allowances_amount))),
      money(total((row) => Number(row.bonuses_amount))),
      money(total((row) => Number(row.cpf_employee))),
      money(total((row) => Number(row.cpf_employer))),
      // SkillsFuture Singapore: the company's month total of SDL, rounded down to the dollar.
      money(sdlCompanyTotalCents(rows.map((row) => Number(row.sdl)))),
      money(total((row) => Number(row.levy))),
    ],
  ]);
  return { fileName: `payroll-register_${fileStem(run)}.csv`, body };
}

const COLUMNS = [
  { label: 'Worker', width: mm(52), align: 'left' as const },
  { label: 'Hours', width: mm(14), align: 'right' as const },
  { label: 'OT hrs', width: mm(14), align: 'right' as const },
  { label: 'Gross', width: mm(22), align: 'right' as const },
  { label: 'Deductions', width: mm(22), align: 'right' as const },
  { label: 'Nett', width: mm(24), align: 'right' as const },
  { label: 'Mode', width: mm(22), align: 'right' as const },
];

const STATUTORY_COLUMNS = [
  { label: 'Worker', width: mm(52), align: 'left' as const },
  { label: 'Allowances', width: mm(20), align: 'right' as const },
  { label: 'Bonuses', width: mm(20), align: 'right' as const },
  { label: 'CPF (EE)', width: mm(20), align: 'right' as const },
  { label: 'CPF (ER)', width: mm(20), align: 'right' as const },
  { label: 'SDL', width: mm(18), align: 'right' as const },
  { label: 'Levy', width: mm(20), align: 'right' as const },
];

/**
 * Decision 103: the register's second table, the additions and the statutory contributions per payslip (the
 * employee's CPF is in the deductions above; the employer's CPF, SDL and levy are the employer's costs).
 */
function writeStatutoryTable(doc: PDFKit.PDFDocument, rows: readonly PayslipRow[]) {
  const total = (pick: (row: PayslipRow) => number) => rows.reduce((sum, row) => sum + Number(pick(row)), 0);
  doc.moveDown(0.8);
  writeHeading(doc, 'Additions, CPF, SDL and levy');
  writeTableRow(
    doc,
    STATUTORY_COLUMNS,
    STATUTORY_COLUMNS.map((column) => column.label),
    true,
  );
  for (const row of rows) {
    writeTableRow(
      doc,
      STATUTORY_COLUMNS,
      [
        `${row.worker_code} ${row.worker_first_name} ${row.worker_last_name}`,
        centsToText(Number(row.allowances_amount)),
        centsToText(Number(row.bonuses_amount)),
        centsToText(Number(row.cpf_employee)),
        centsToText(Number(row.cpf_employer)),
        centsToText(Number(row.sdl)),
        centsToText(Number(row.levy)),
      ],
      false,
    );
  }
  drawRule(doc);
  doc.moveDown(0.3);
  writeTableRow(
    doc,
    STATUTORY_COLUMNS,
    [
      'Total (SDL rounded down to the dollar)',
      centsToText(total((row) => row.allowances_amount)),
      centsToText(total((row) => row.bonuses_amount)),
      centsToText(total((row) => row.cpf_employee)),
      centsToText(total((row) => row.cpf_employer)),
      centsToText(sdlCompanyTotalCents(rows.map((row) => Number(row.sdl)))),
      centsToText(total((row) => row.levy)),
    ],
    true,
  );
}

/** `GET /api/pay-runs/{id}/register.pdf`: the same register as a printable A4 document. */
export async function registerPdf(db: Db, id: string, company: { name: string }, role: Role): Promise<RunFile> {
  const run = await requireRun(db, id);
  const rows = await runRowsFor(db, id, role);
  const total = (pick: (row: PayslipRow) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  const period = periodLabel(run.pay_period_start, run.pay_period_end);
  const pdf = await renderPdf(
    { title: `Payroll register ${period}`, author: company.name, footer: `Payroll register ${period}` },
    (doc) => {
      writeHeading(doc, `${company.name}: payroll register, ${period}`);
      writeParagraph(
        doc,
        [
          `Status: ${run.status}`,
          `Pay by: ${run.pay_by_date}`,
          run.payment_date ? `Paid on: ${run.payment_date}` : null,
          `Created by ${run.created_by}`,
          run.approved_by ? `approved by ${run.approved_by}` : null,
        ]
          .filter(Boolean)
          .join(' · '),
      );
      drawRule(doc);
      doc.moveDown(0.3);
      writeTableRow(
        doc,
        COLUMNS,
        COLUMNS.map((column) => column.label),
        true,
      );
      for (const row of rows) {
        writeTableRow(doc, COLUMNS, [
          `${row.worker_code} ${row.worker_first_name} ${row.worker_last_name}`,
          minutesToHours(row.total_hours_worked).toFixed(2),
          minutesToHours(row.total_overtime_hours).toFixed(2),
          centsToText(gross(row)),
          centsToText(deductions(row)),
          centsToText(row.nett_salary),
          row.payment_mode ?? '',
        ]);
      }
      drawRule(doc);
      doc.moveDown(0.3);
      writeTableRow(
        doc,
        COLUMNS,
        [
          `Total (${rows.length} payslips)`,
          minutesToHours(total((row) => row.total_hours_worked)).toFixed(2),
          minutesToHours(total((row) => row.total_overtime_hours)).toFixed(2),
          centsToText(total(gross)),
          centsToText(total(deductions)),
          centsToText(total((row) => row.nett_salary)),
          '',
        ],
        true,
      );
      writeStatutoryTable(doc, rows);
    },
  );
  return { fileName: `payroll-register_${fileStem(run)}.pdf`, body: pdf };
}

/** `GET /api/pay-runs/export`: the list of runs (newest first) with their totals, for a spreadsheet. */
export async function payRunListCsv(db: Db): Promise<RunFile> {
  const runs = await db
    .selectFrom('pay_runs')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const body = toCsv(
    [
      'Period Start',
      'Period End',
      'Status',
      'Payslips',
      'Gross',
      'Deductions',
      'Nett Salary',
      'Pay By',
      'Payment Date',
      'Created By',
      'Approved By',
      'Paid At',
    ],
    runs.map((run) => [
      run.pay_period_start,
      run.pay_period_end,
      run.status,
      run.generated,
      money(run.gross),
      money(run.deductions),
      money(run.nett_salary),
      run.pay_by_date,
      run.payment_date,
      run.created_by,
      run.approved_by,
      run.paid_at,
    ]),
  );
  return { fileName: 'pay-runs.csv', body };
}
