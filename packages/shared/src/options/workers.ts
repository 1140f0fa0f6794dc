import { COMPLIANCE_FIELD_LABELS } from './compliance.ts';

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

/** Field labels as the form shows them; messages are built from them. */
export const WORKER_FIELD_LABELS = {
  first_name: 'First Name',
  last_name: 'Last Name',
  date_of_birth: 'Date of Birth',
  nationality: 'Nationality',
  phone_number: 'Phone Number',
  email: 'Email Address',
  passport_no: 'Passport No.',
  type_of_pass: 'Type of Pass',
  fin_no: 'FIN No.',
  wp_no: 'WP No.',
  date_of_application: 'Date of Application',
  date_of_issuance: 'Date of Issuance',
  wp_expiry_date: 'WP Expiry Date',
  coretrade_expiry_date: 'Coretrade Expiry Date',
  levy: 'Levy',
  coretrade: 'Coretrade',
  status: 'Status',
  supplied_to_company: 'Supplied to Company',
  designation: 'Designation',
  rate_type: 'Rate Type',
  salary_rate: 'Salary Rate',
  photo_url: 'Photo',
  ipa_url: 'IPA Document',
  consent_letter_url: 'Consent Letter',
  contract_url: 'Contract',
  employment_start_date: 'Employment Start Date',
  employment_end_date: 'Employment End Date',
  // Decision 083: where the salary is paid.
  bank_swift_code: 'Bank',
  bank_account_no: 'Bank Account No.',
  payment_mode: 'Payment Mode',
  // Decision 092: what the Employment Act's pay reads.
  rest_day: 'Rest Day',
  working_days_per_week: 'Working Days per Week',
  normal_hours_per_day: 'Normal Hours per Day',
  declared_monthly_salary: 'Declared Monthly Salary (IPA)',
  // Decision 094: the dated items of migration 0029.
  ...COMPLIANCE_FIELD_LABELS,
  // Decision 103: CPF's PR rates and the levy.
  pr_start_date: 'PR Start Date',
  pr_cpf_scheme: 'PR CPF Rates',
  wp_cancellation_date: 'WP Cancellation Date',
  levy_tier: 'Levy Tier',
} as const;
export type WorkerField = keyof typeof WORKER_FIELD_LABELS;

/** SPEC 2: the columns a worker list sorts by (`created_at` newest first is the default). */
export const WORKER_SORTS = ['name', 'worker_id', 'type_of_pass', 'status', 'created_at'] as const;
export type WorkerSort = (typeof WORKER_SORTS)[number];
