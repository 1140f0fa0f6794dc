// SPEC 3 option lists and SPEC 4 states of an admin charge.

/** SPEC 3: charge types, in the order the form and the filter offer them. */
export const CHARGE_TYPES = ['Safety Violation', 'Attendance', 'Equipment Damage', 'Misconduct', 'Other'] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];

/** SPEC 4: a new charge is Pending; the detail page approves or rejects it; payroll deducts it. */
export const CHARGE_STATUSES = ['Pending', 'Approved', 'Rejected', 'Deducted'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export const isChargeType = (value: string): value is ChargeType => (CHARGE_TYPES as readonly string[]).includes(value);
export const isChargeStatus = (value: string): value is ChargeStatus =>
  (CHARGE_STATUSES as readonly string[]).includes(value);
