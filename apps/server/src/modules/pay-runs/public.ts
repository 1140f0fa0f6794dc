/**
 * What the pay runs module offers the others (decision 075, 082): the period lock, which the timesheets
 * and admin-charges services call inside their transactions.
 */
export { assertPeriodsOpen, lockedTimesheetDays, type WorkerDay } from './period-lock.ts';
