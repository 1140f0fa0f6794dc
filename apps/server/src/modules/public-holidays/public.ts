/**
 * What the public holidays module offers the others (decision 072): payroll reads a period's observed
 * holidays through this file only (decision 092).
 */
export { listObservedHolidays } from './public-holidays.repository.ts';
