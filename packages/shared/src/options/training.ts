// SPEC 3: the option lists of the training record form and filters.

/**
 * SPEC 3 "Training names (25)", in the spec's order. The spec counts 25 but lists 26; every listed name
 * is kept, since each is a label the form must offer (decision 014).
 */
export const TRAINING_NAMES = [
  'WSQ Advanced Certificate In Workplace Safety And Health',
  'WSQ Specialist Diploma In Workplace Safety And Health',
  'WSHC (Refresher Training Course)',
  'CSCPM',
  'BCSS',
  'BCSS (Tunneling)',
  'CSOC',
  'CSOC (Tunneling)',
  'RM Course (BizSafe Lvl 2)',
  'Managing WAH',
  'WAH Assessor',
  'WAH Supervisor',
  'Formwork Supervisor Course',
  'Lifting Supervisors Course',
  'Rigger/Signalman Course',
  'Confined Space Safety Assessor Course',
  'Confined Space Supervisor Course',
  'Perform Work in Confined Space',
  'Supervisor of Metal Scaffold Erection',
  'Erection of Metal Scaffold',
  'Occupational First Aid',
  'Fire Patroller (SAA)',
  'Operate Scissors Lift',
  'Boomlift Operator Course',
  'Banksman Safety Course',
  'Traffic Controller Course',
] as const;
export type TrainingName = (typeof TRAINING_NAMES)[number];

/**
 * SPEC 3: "five third-party training organisations are offered; their names are not listed". These
 * are five real Singapore providers of the construction-safety courses above (decision 014). The form
 * offers them; the API keeps whatever provider a record names, so a record outlives a change of list.
 */
export const TRAINING_PROVIDERS = [
  'BCA Academy',
  'SCAL Academy',
  'NTUC LearningHub',
  'Absolute Kinetics Consultancy',
  'Avanta Global',
] as const;
export type TrainingProvider = (typeof TRAINING_PROVIDERS)[number];

/** SPEC 2, 4: the computed status of a training record. */
export const TRAINING_STATUSES = ['Expired', 'Valid', 'No Expiry'] as const;
export type TrainingStatus = (typeof TRAINING_STATUSES)[number];

/** SPEC 9: "Expiring Soon" is a view of Valid records, from today up to 30 days ahead. */
export const EXPIRING_SOON = 'Expiring Soon';
/** What the list can be narrowed to: a status, or the Expiring Soon window. */
export const TRAINING_STATUS_FILTERS = [...TRAINING_STATUSES, EXPIRING_SOON] as const;
export type TrainingStatusFilter = (typeof TRAINING_STATUS_FILTERS)[number];
