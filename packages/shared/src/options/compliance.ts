/** Decision 094: the kinds of dated item on the compliance calendar, in the order the screen shows them. */
export const COMPLIANCE_KINDS = [
  'work_permit',
  'passport',
  'security_bond',
  'medical_insurance',
  'sip',
  'coretrade',
  'training',
  'employment_letter',
] as const;
export type ComplianceKind = (typeof COMPLIANCE_KINDS)[number];

export const COMPLIANCE_KIND_LABELS: Record<ComplianceKind, string> = {
  work_permit: 'Work permit',
  passport: 'Passport',
  security_bond: 'Security bond',
  medical_insurance: 'Medical insurance',
  sip: 'Settling-In Programme',
  coretrade: 'CoreTrade',
  training: 'Training certificate',
  employment_letter: 'Employment letter (KETs)',
};

export const COMPLIANCE_STATES = ['overdue', 'due'] as const;
export type ComplianceState = (typeof COMPLIANCE_STATES)[number];

/** The items a renewal gives a new expiry (a training certificate is renewed by a new training record). */
export const RENEWABLE_KINDS = ['work_permit', 'passport', 'security_bond', 'medical_insurance', 'coretrade'] as const;
export type RenewableKind = (typeof RENEWABLE_KINDS)[number];

/** The worker column each renewable kind's expiry is kept in. */
export const RENEWABLE_EXPIRY_COLUMNS = {
  work_permit: 'wp_expiry_date',
  passport: 'passport_expiry_date',
  security_bond: 'security_bond_expiry_date',
  medical_insurance: 'medical_insurance_expiry_date',
  coretrade: 'coretrade_expiry_date',
} as const satisfies Record<RenewableKind, string>;

/** The number a renewal may replace with the expiry (a new passport, bond or policy has a new number). */
export const RENEWABLE_REFERENCE_COLUMNS = {
  work_permit: 'wp_no',
  passport: 'passport_no',
  security_bond: 'security_bond_number',
  medical_insurance: 'medical_policy_number',
  coretrade: null,
} as const satisfies Record<RenewableKind, string | null>;

/** The calendar's default window: today and the next 90 days (plus everything overdue). */
export const DEFAULT_WINDOW_DAYS = 90;
/** The digest's window: what falls due in the next 30 days, and what is overdue. */
export const DIGEST_WINDOW_DAYS = 30;

/** The worker fields of this round (migration 0029), with their labels on the form and view. */
export const COMPLIANCE_FIELD_LABELS = {
  passport_expiry_date: 'Passport Expiry Date',
  security_bond_number: 'Security Bond / Guarantee No.',
  security_bond_issuer: 'Security Bond Issuer',
  security_bond_amount: 'Security Bond Amount',
  security_bond_expiry_date: 'Security Bond Expiry Date',
  medical_insurer: 'Medical Insurer',
  medical_policy_number: 'Medical Policy No.',
  medical_insurance_expiry_date: 'Medical Insurance Expiry Date',
  sip_required: 'Settling-In Programme Required',
  sip_attended_date: 'SIP Attended On',
  probation_months: 'Probation (months)',
} as const;
export type ComplianceField = keyof typeof COMPLIANCE_FIELD_LABELS;
