import { toCsv } from '@td/shared/rules/csv';
import { dueDateAfter, levyForMonth, levyRateTable, levyTierOf } from '@td/shared/rules/levy';
import { fromCents } from '@td/shared/rules/money';
import type { LevyTier } from '@td/shared/rules/statutory-rates';
import { minutesToHours } from '@td/shared/rules/timesheet-hours';
import type { SessionUser } from '@td/shared/schemas/auth';
import type { LevyQuery, LevyReport, LevySheet } from '@td/shared/schemas/levy-report';
import {
  MANPOWER_COLUMNS,
  type ManpowerQuery,
  type ManpowerReport,
  type ManpowerSheet,
} from '@td/shared/schemas/manpower-report';
import type { Db } from '../../db/database.ts';
import { CONTENT_WIDTH, FONT, FONT_SIZE, renderPdf } from '../../pdf/pdf-document.ts';
import { ensureSpace } from '../../pdf/pdf-layout.ts';
import { writeText } from '../../pdf/script-text.ts';
import { getSite } from '../sites/public.ts';
import { finForViewer } from './fin-masking.ts';
import * as repo from './reports.repository.ts';

/** The contract's answer (`GET /api/reports/manpower`). */
export async function manpowerReport(db: Db, query: ManpowerQuery): Promise<ManpowerReport> {
  await getSite(db, query.site_id);
  const rows = await repo.manpowerOfSite(db, query.site_id, query.month);
  return {
    items: rows.map((row) => ({
      worker_id: row.id,
      days: Number(row.days),
      hours: minutesToHours(Number(row.minutes)),
    })),
  };
}

/** The report with what it prints of each worker, the FIN as the viewer may see it. */
export async function manpowerSheet(db: Db, query: ManpowerQuery, viewer: SessionUser): Promise<ManpowerSheet> {
  const site = await getSite(db, query.site_id);
  const rows = await repo.manpowerOfSite(db, query.site_id, query.month);
  return {
    site: {
      id: site.id,
      name: site.name,
      client_company: site.client_company,
      project_reference: site.project_reference,
    },
    month: query.month,
    items: rows.map((row) => ({
      worker_id: row.id,
      fin: finForViewer(row.fin_no, viewer),
      name: `${row.first_name} ${row.last_name}`,
      nationality: row.nationality,
      trade: row.designation,
      pass_type: row.type_of_pass,
      days: Number(row.days),
      hours: minutesToHours(Number(row.minutes)),
    })),
  };
}

const cellsOf = (sheet: ManpowerSheet) =>
  sheet.items.map((item, index) => [
    index + 1,
    item.fin ?? '',
    item.name,
    item.nationality ?? '',
    item.trade ?? '',
    item.pass_type ?? '',
    item.days,
    item.hours.toFixed(2),
  ]);

const fileBase = (sheet: ManpowerSheet) =>
  `manpower-${sheet.site.name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'site'}-${sheet.month}`;

export async function manpowerCsv(db: Db, query: ManpowerQuery, viewer: SessionUser) {
  const sheet = await manpowerSheet(db, query, viewer);
  return { fileName: `${fileBase(sheet)}.csv`, body: toCsv([...MANPOWER_COLUMNS], cellsOf(sheet)) };
}

/** Column widths of the PDF table in points, in MANPOWER_COLUMNS order (they add up to the page's text width). */
const PDF_WIDTHS = [22, 62, 120, 62, 70, 52, 40, 54];

export async function manpowerPdf(db: Db, query: ManpowerQuery, viewer: SessionUser) {
  const sheet = await manpowerSheet(db, query, viewer);
  const scale = CONTENT_WIDTH / PDF_WIDTHS.reduce((a, b) => a + b, 0);
  const widths = PDF_WIDTHS.map((width) => width * scale);
  const pdf = await renderPdf(
    {
      title: `Manpower report ${sheet.site.name} ${sheet.month}`,
      author: sheet.site.client_company,
      footer: `Manpower report, ${sheet.month}`,
    },
    (doc) => {
      doc.font(FONT.bold).fontSize(FONT_SIZE.heading);
      writeText(doc, `Monthly manpower report: ${sheet.site.name}`);
      doc.font(FONT.regular).fontSize(FONT_SIZE.body);
      writeText(
        doc,
        `Client: ${sheet.site.client_company}${sheet.site.project_reference ? `   Project: ${sheet.site.project_reference}` : ''}   Month: ${sheet.month}   Workers: ${sheet.items.length}`,
      );
      doc.moveDown(0.5);
      const drawRow = (cells: ReadonlyArray<string | number>, bold: boolean) => {
        doc.font(bold ? FONT.bold : FONT.regular).fontSize(FONT_SIZE.small);
        ensureSpace(doc, 14);
        const top = doc.y;
        let x = doc.page.margins.left;
        let bottom = top;
        cells.forEach((cell, index) => {
          const width = widths[index] ?? 40;
          writeText(doc, String(cell), x, top, { width: width - 4 });
          bottom = Math.max(bottom, doc.y);
          x += width;
        });
        doc.x = doc.page.margins.left;
        doc.y = bottom + 2;
      };
      drawRow([...MANPOWER_COLUMNS], true);
      for (const cells of cellsOf(sheet)) drawRow(cells, false);
    },
  );
  return { fileName: `${fileBase(sheet)}.pdf`, body: pdf };
}

/** Decision 103: the month's levy of every WP holder whose tier is known, and those whose is not. */
async function levyOfMonth(db: Db, month: string) {
  const workers = await repo.workPermitHoldersOfMonth(db, month);
  const items: Array<{ row: (typeof workers)[number]; tier: LevyTier; levy: ReturnType<typeof levyForMonth> }> = [];
  const withoutTier: typeof workers = [];
  for (const row of workers) {
    const tier = levyTierOf({
      typeOfPass: 'WP',
      nationality: row.nationality,
      coretrade: row.coretrade,
      levy: row.levy,
      override: row.levy_tier,
    });
    if (tier === null) {
      withoutTier.push(row);
      continue;
    }
    const levy = levyForMonth(tier, { issuedOn: row.date_of_issuance, cancelledOn: row.wp_cancellation_date }, month);
    if (levy.days > 0) items.push({ row, tier, levy });
  }
  const totalCents = items.reduce((sum, item) => sum + item.levy.amountCents, 0);
  // MOM: the levy is paid by GIRO on the 17th of the next month.
  const dueDate = dueDateAfter(month, levyRateTable(month).dueDayOfNextMonth);
  return { items, withoutTier, totalCents, dueDate };
}

/** `GET /api/reports/levy?month=`: the contract's answer. */
export async function levyReport(db: Db, query: LevyQuery): Promise<LevyReport> {
  const { items, totalCents, dueDate } = await levyOfMonth(db, query.month);
  return {
    items: items.map(({ row, levy }) => ({
      worker_id: row.id,
      days: levy.days,
      monthly_rate: fromCents(levy.monthlyCents),
      amount: fromCents(levy.amountCents),
    })),
    total: fromCents(totalCents),
    due_date: dueDate,
  };
}

/** The levy report with what the screen shows of each worker (the FIN as the viewer may see it). */
export async function levySheet(db: Db, query: LevyQuery, viewer: SessionUser): Promise<LevySheet> {
  const { items, withoutTier, totalCents, dueDate } = await levyOfMonth(db, query.month);
  return {
    month: query.month,
    items: items.map(({ row, tier, levy }) => ({
      worker_id: row.id,
      worker_code: row.worker_id,
      name: `${row.first_name} ${row.last_name}`,
      fin: finForViewer(row.fin_no, viewer),
      levy_tier: tier,
      date_of_issuance: row.date_of_issuance,
      wp_cancellation_date: row.wp_cancellation_date,
      days: levy.days,
      monthly_rate: fromCents(levy.monthlyCents),
      amount: fromCents(levy.amountCents),
    })),
    total: fromCents(totalCents),
    due_date: dueDate,
    without_tier: withoutTier.map((row) => ({
      worker_id: row.id,
      worker_code: row.worker_id,
      name: `${row.first_name} ${row.last_name}`,
    })),
  };
}
