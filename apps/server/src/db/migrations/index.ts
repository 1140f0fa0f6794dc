import type { Migration } from 'kysely';
import * as platform from './0001-platform.ts';
import * as workers from './0002-workers.ts';
import * as hardening from './0003-hardening.ts';
import * as timesheets from './0004-timesheets.ts';
import * as adminCharges from './0005-admin-charges.ts';
import * as trainingRecords from './0006-training-records.ts';
import * as payslips from './0007-payslips.ts';
import * as workerUniqueness from './0008-worker-uniqueness.ts';
import * as performanceIndexes from './0009-performance-indexes.ts';
import * as timesheetMonthTotals from './0010-timesheet-month-totals.ts';
import * as tileIndexes from './0011-tile-indexes.ts';
import * as statusTotals from './0012-status-totals.ts';
import * as fileLinkIndexes from './0013-file-link-indexes.ts';
import * as workerSearch from './0014-worker-search.ts';
import * as tableRowCounts from './0015-table-row-counts.ts';
import * as timesheetMonthSummaries from './0016-timesheet-month-summaries.ts';
import * as listOrderIndexes from './0017-list-order-indexes.ts';
import * as dashboardAndTileCounts from './0018-dashboard-and-tile-counts.ts';
import * as workerSearchColumns from './0019-worker-search-columns.ts';
import * as redundantIndexes from './0020-redundant-indexes.ts';
import * as derivedTablesRemoved from './0021-derived-tables-removed.ts';
import * as payslipChargesAndPeriods from './0022-payslip-charges-and-periods.ts';
import * as employmentDates from './0023-employment-dates.ts';
import * as payRuns from './0024-pay-runs.ts';
import * as emailOutboxAndIdempotency from './0026-email-outbox-and-idempotency.ts';
import * as sites from './0027-sites.ts';
import * as lawfulPay from './0028-lawful-pay.ts';
import * as compliance from './0029-compliance.ts';
import * as workerSearchName from './0032-worker-search-name.ts';
import * as cpfSdlLevy from './0033-cpf-sdl-levy.ts';
import * as staffRolesAndTwoFactor from './0034-staff-roles-and-two-factor.ts';
import * as payRunWarnings from './0035-pay-run-warnings.ts';
import * as complianceCalendarIndexes from './0036-compliance-calendar-indexes.ts';
import * as complianceItems from './0037-compliance-items.ts';
import * as tileTotals from './0038-tile-totals.ts';
import * as totpLastStep from './0039-totp-last-step.ts';
import * as complianceMonthCounts from './0040-compliance-month-counts.ts';
import * as workerSearchIndexes from './0041-worker-search-indexes.ts';

/** Listed here rather than read from disk, so the bundled server carries them. Append only. */
export const migrations: Record<string, Migration> = {
  '0001-platform': platform,
  '0002-workers': workers,
  '0003-hardening': hardening,
  '0004-timesheets': timesheets,
  '0005-admin-charges': adminCharges,
  '0006-training-records': trainingRecords,
  '0007-payslips': payslips,
  '0008-worker-uniqueness': workerUniqueness,
  '0009-performance-indexes': performanceIndexes,
  '0010-timesheet-month-totals': timesheetMonthTotals,
  '0011-tile-indexes': tileIndexes,
  '0012-status-totals': statusTotals,
  '0013-file-link-indexes': fileLinkIndexes,
  '0014-worker-search': workerSearch,
  '0015-table-row-counts': tableRowCounts,
  '0016-timesheet-month-summaries': timesheetMonthSummaries,
  '0017-list-order-indexes': listOrderIndexes,
  '0018-dashboard-and-tile-counts': dashboardAndTileCounts,
  '0019-worker-search-columns': workerSearchColumns,
  '0020-redundant-indexes': redundantIndexes,
  '0021-derived-tables-removed': derivedTablesRemoved,
  '0022-payslip-charges-and-periods': payslipChargesAndPeriods,
  '0023-employment-dates': employmentDates,
  '0024-pay-runs': payRuns,
  '0026-email-outbox-and-idempotency': emailOutboxAndIdempotency,
  '0027-sites': sites,
  '0028-lawful-pay': lawfulPay,
  '0029-compliance': compliance,
  '0032-worker-search-name': workerSearchName,
  '0033-cpf-sdl-levy': cpfSdlLevy,
  '0034-staff-roles-and-two-factor': staffRolesAndTwoFactor,
  '0035-pay-run-warnings': payRunWarnings,
  '0036-compliance-calendar-indexes': complianceCalendarIndexes,
  '0037-compliance-items': complianceItems,
  '0038-tile-totals': tileTotals,
  '0039-totp-last-step': totpLastStep,
  '0040-compliance-month-counts': complianceMonthCounts,
  '0041-worker-search-indexes': workerSearchIndexes,
};
