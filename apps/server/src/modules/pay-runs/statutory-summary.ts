import { periodLabel } from '@td/shared/options/pay-runs';
import { toCsv } from '@td/shared/rules/csv';
import { dueDateAfter, levyRateTable } from '@td/shared/rules/levy';
import { centsToText } from '@td/shared/rules/money';
import type { Role } from '@td/shared/rules/permissions';
import { sdlCompanyTotalCents } from '@td/shared/rules/sdl';
import { CPF_DUE_DAY_OF_NEXT_MONTH } from '@td/shared/rules/statutory-rates';
import type { Db } from '../../db/database.ts';
import type { PayRunRow, PayslipRow } from '../../db/schema.ts';
import { mm, renderPdf } from '../../pdf/pdf-document.ts';
import {
  drawRule,
  sectionGap,
  type TableColumn,
  writeHeading,
  writeParagraph,
  writeTableRow,
} from '../../pdf/pdf-layout.ts';
import { type RunFile, runRowsFor } from './pay-run-documents.ts';
import { requireRun } from './pay-runs.service.ts';

/**
 * Decision 103: a pay run's monthly statutory summary, read from its payslips so that it adds
 * up to them: CPF by worker (NRIC/FIN, name, ordinary and additional wages, the employee's and the
 * employer's shares; due by the 14th of the next month), SDL (every employee; the company's total rounded
 * down to the dollar, paid with CPF) and the levy (WP holders; paid by GIRO on the 17th).
 */

interface Summary {
  run: PayRunRow;
  period: string;
  cpf: PayslipRow[];
  sdl: PayslipRow[];
  levy: PayslipRow[];
  cpfDue: string;
  levyDue: string;
  totals: {
    ordinary: number;
    additional: number;
    employee: number;
    employer: number;
    sdl: number;
    sdlPayable: number;
    levy: number;
  };
}

const sum = (rows: readonly PayslipRow[], pick: (row: PayslipRow) => number) =>
  rows.reduce((total, row) => total + Number(pick(row)), 0);
const nameOf = (row: PayslipRow) => `${row.worker_first_name} ${row.worker_last_name}`;

async function summaryOf(db: Db, id: string, role: Role): Promise<Summary> {
  const run = await requireRun(db, id);
  const rows = await runRowsFor(db, id, role);
  const month = run.pay_period_end.slice(0, 7);
  const cpf = rows.filter((row) => Number(row.cpf_employee) + Number(row.cpf_employer) > 0);
  const sdl = rows.filter((row) => Number(row.sdl) > 0);
  return {
    run,
    period: periodLabel(run.pay_period_start, run.pay_period_end),
    cpf,
    sdl,
    levy: rows.filter((row) => Number(row.levy) > 0),
    // PAYROLL-SG 5 and 6: CPF (and SDL, paid with it) by the 14th, the levy on the 17th of the next month.
    cpfDue: dueDateAfter(month, CPF_DUE_DAY_OF_NEXT_MONTH),
    levyDue: dueDateAfter(month, levyRateTable(month).dueDayOfNextMonth),
    totals: {
      ordinary: sum(cpf, (row) => row.cpf_ordinary_wages),
      additional: sum(cpf, (row) => row.cpf_additional_wages),
      employee: sum(cpf, (row) => row.cpf_employee),
      employer: sum(cpf, (row) => row.cpf_employer),
      sdl: sum(sdl, (row) => row.sdl),
      sdlPayable: sdlCompanyTotalCents(sdl.map((row) => Number(row.sdl))),
      levy: sum(rows, (row) => row.levy),
    },
  };
}

const fileStem = (run: PayRunRow) => `${run.pay_period_start}_${run.pay_period_end}`;
const money = (cents: number) => Number(centsToText(cents));

export const STATUTORY_HEADER = [
  'Section',
  'Worker ID',
  'NRIC/FIN',
  'Name',
  'Ordinary Wages',
  'Additional Wages',
  'Employee CPF',
  'Employer CPF',
  'Total CPF',
  'SDL',
  'Levy',
  'Due Date',
] as const;

/** `GET /api/pay-runs/{id}/statutory.csv`: one row per worker and section, then each section's total. */
export async function statutoryCsv(db: Db, id: string, role: Role): Promise<RunFile> {
  const s = await summaryOf(db, id, role);
  const worker = (row: PayslipRow) => [row.worker_code, row.worker_fin_no, nameOf(row)];
  const body = toCsv(STATUTORY_HEADER, [
    ...s.cpf.map((row) => [
      'CPF',
      ...worker(row),
      money(row.cpf_ordinary_wages),
      money(row.cpf_additional_wages),
      money(row.cpf_employee),
      money(row.cpf_employer),
      money(Number(row.cpf_employee) + Number(row.cpf_employer)),
      null,
      null,
      s.cpfDue,
    ]),
    [
      'CPF total',
      null,
      null,
      `${s.cpf.length} workers`,
      money(s.totals.ordinary),
      money(s.totals.additional),
      money(s.totals.employee),
      money(s.totals.employer),
      money(s.totals.employee + s.totals.employer),
      null,
      null,
      s.cpfDue,
    ],
    ...s.sdl.map((row) => ['SDL', ...worker(row), null, null, null, null, null, money(row.sdl), null, s.cpfDue]),
    [
      'SDL total',
      null,
      null,
      `${s.sdl.length} workers`,
      null,
      null,
      null,
      null,
      null,
      money(s.totals.sdl),
      null,
      s.cpfDue,
    ],
    // The company's month total, rounded down to the dollar (SkillsFuture Singapore).
    ['SDL payable', null, null, null, null, null, null, null, null, money(s.totals.sdlPayable), null, s.cpfDue],
    ...s.levy.map((row) => ['Levy', ...worker(row), null, null, null, null, null, null, money(row.levy), s.levyDue]),
    [
      'Levy total',
      null,
      null,
      `${s.levy.length} workers`,
      null,
      null,
      null,
      null,
      null,
      null,
      money(s.totals.levy),
      s.levyDue,
    ],
  ]);
  return { fileName: `statutory-summary_${fileStem(s.run)}.csv`, body };
}

const CPF_COLUMNS: TableColumn[] = [
  { label: 'NRIC/FIN', width: mm(24), align: 'left' },
  { label: 'Name', width: mm(44), align: 'left' },
  { label: 'OW', width: mm(21), align: 'right' },
  { label: 'AW', width: mm(20), align: 'right' },
  { label: 'Employee', width: mm(20), align: 'right' },
  { label: 'Employer', width: mm(20), align: 'right' },
  { label: 'Total', width: mm(21), align: 'right' },
];
const AMOUNT_COLUMNS = (label: string): TableColumn[] => [
  { label: 'NRIC/FIN', width: mm(24), align: 'left' },
  { label: 'Name', width: mm(44), align: 'left' },
  { label: 'Worker ID', width: mm(30), align: 'left' },
  { label, width: mm(30), align: 'right' },
];

/** `GET /api/pay-runs/{id}/statutory.pdf`: the same summary as a printable A4 document. */
export async function statutoryPdf(db: Db, id: string, company: { name: string }, role: Role): Promise<RunFile> {
  const s = await summaryOf(db, id, role);
  const pdf = await renderPdf(
    {
      title: `Statutory summary ${s.period}`,
      author: company.name,
      footer: `Statutory summary ${s.period}`,
    },
    (doc) => {
      writeHeading(doc, `${company.name}: statutory summary, ${s.period}`);
      writeParagraph(
        doc,
        `CPF and SDL due by ${s.cpfDue} · Levy due by ${s.levyDue} (GIRO) · Pay run status: ${s.run.status}`,
      );
      drawRule(doc);
      writeHeading(doc, `CPF contributions (due by ${s.cpfDue})`);
      writeTableRow(
        doc,
        CPF_COLUMNS,
        CPF_COLUMNS.map((column) => column.label),
        true,
      );
      for (const row of s.cpf) {
        writeTableRow(doc, CPF_COLUMNS, [
          row.worker_fin_no ?? '',
          nameOf(row),
          centsToText(row.cpf_ordinary_wages),
          centsToText(row.cpf_additional_wages),
          centsToText(row.cpf_employee),
          centsToText(row.cpf_employer),
          centsToText(Number(row.cpf_employee) + Number(row.cpf_employer)),
        ]);
      }
      writeTableRow(
        doc,
        CPF_COLUMNS,
        [
          'Total',
          `${s.cpf.length} workers`,
          centsToText(s.totals.ordinary),
          centsToText(s.totals.additional),
          centsToText(s.totals.employee),
          centsToText(s.totals.employer),
          centsToText(s.totals.employee + s.totals.employer),
        ],
        true,
      );
      sectionGap(doc);
      writeHeading(doc, `Skills Development Levy (due by ${s.cpfDue})`);
      const sdlColumns = AMOUNT_COLUMNS('SDL');
      writeTableRow(
        doc,
        sdlColumns,
        sdlColumns.map((column) => column.label),
        true,
      );
      for (const row of s.sdl) {
        writeTableRow(doc, sdlColumns, [row.worker_fin_no ?? '', nameOf(row), row.worker_code, centsToText(row.sdl)]);
      }
      writeTableRow(doc, sdlColumns, ['Total', `${s.sdl.length} workers`, '', centsToText(s.totals.sdl)], true);
      writeTableRow(
        doc,
        sdlColumns,
        ['Payable', 'rounded down to the dollar', '', centsToText(s.totals.sdlPayable)],
        true,
      );
      sectionGap(doc);
      writeHeading(doc, `Foreign Worker Levy (due by ${s.levyDue}, never deducted from pay)`);
      const levyColumns = AMOUNT_COLUMNS('Levy');
      writeTableRow(
        doc,
        levyColumns,
        levyColumns.map((column) => column.label),
        true,
      );
      for (const row of s.levy) {
        writeTableRow(doc, levyColumns, [row.worker_fin_no ?? '', nameOf(row), row.worker_code, centsToText(row.levy)]);
      }
      writeTableRow(doc, levyColumns, ['Total', `${s.levy.length} workers`, '', centsToText(s.totals.levy)], true);
    },
  );
  return { fileName: `statutory-summary_${fileStem(s.run)}.pdf`, body: pdf };
}
