/**
 * What the timesheets module offers the other modules (decision 072): the attendance import checks its
 * rows with the same rules as single entry, reads the existing timesheets, saves in bulk and replaces a
 * conflicting timesheet through the ordinary update (decision 091).
 */
export { findTimesheetsOf, insertTimesheetsUnlessExist, type TimesheetValues } from './timesheets.repository.ts';
export {
  type TimesheetProblem,
  type TimesheetToCheck,
  timesheetRuleProblems,
  timesheetValuesOf,
  updateTimesheet,
} from './timesheets.service.ts';
