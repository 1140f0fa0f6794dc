// SPEC 3: option lists for the worker form, filters and badges.
export const NATIONALITIES = [
  'Bangladeshi',
  'Burmese',
  'Chinese',
  'Indian',
  'Malaysian',
  'Singaporean',
  'Thai',
  'Vietnamese',
] as const;

export const PASS_TYPES = ['Singapore Citizen', 'PR', 'EP', 'SPass', 'WP'] as const;

export const LEVIES = ['$300', '$500', '$700', '$900'] as const;

export const CORETRADES = ['R1', 'R2', 'Abv 6 Years'] as const;

export const RATE_TYPES = ['Hourly', 'Daily', 'Monthly'] as const;

export const WORKER_STATUSES = [
  'WP Approved',
  'Onboarding',
  'IPA Issued',
  'Undergoing Training',
  'WP Issued',
  'Working',
  'Terminated',
] as const;

export type Nationality = (typeof NATIONALITIES)[number];
export type PassType = (typeof PASS_TYPES)[number];
export type Levy = (typeof LEVIES)[number];
export type Coretrade = (typeof CORETRADES)[number];
export type RateType = (typeof RATE_TYPES)[number];
export type WorkerStatus = (typeof WORKER_STATUSES)[number];

/** SPEC 4: active workers are all statuses except Terminated. */
export const ACTIVE_WORKER_STATUSES = WORKER_STATUSES.filter(
  (status): status is Exclude<WorkerStatus, 'Terminated'> => status !== 'Terminated',
);

/** SPEC 2, 9: default designation when a worker has none. */
export const DEFAULT_DESIGNATION = 'Construction Worker';
