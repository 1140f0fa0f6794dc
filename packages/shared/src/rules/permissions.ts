/**
 * Decision 104: the one permission table. The server checks a route's declared permission
 * against it before the handler; the web app hides what the role cannot do from the same table (the
 * session answers the role's permissions). Names are `<area>.<verb>`: `read` to see, `write` to
 * change, and a few field permissions (`workers.identity`, `workers.contact`, `workers.pay`) that
 * unmask fields inside answers the role may read anyway.
 */

export const ROLES = ['admin', 'hr', 'payroll', 'supervisor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  hr: 'HR',
  payroll: 'Payroll',
  supervisor: 'Supervisor',
  viewer: 'Viewer',
};

export const PERMISSIONS = [
  // Workers: the list and the worker view with names, worker ids, photo, designation and pass type.
  'workers.read',
  'workers.write',
  // Field permissions: without them the fields are masked (`G****567X`) in every answer.
  'workers.identity', // FIN, passport and work pass numbers (and searching by them)
  'workers.contact', // phone and e-mail
  'workers.pay', // salary, rate and bank details
  'workers.history', // the worker's change history (it holds the fields above as they were)
  // Worker documents (IPA, contract, consent letter, certificates) and employment letters.
  'documents.read',
  'documents.write',
  'training.read',
  'training.write',
  'compliance.read',
  'compliance.write',
  'timesheets.read',
  'timesheets.write',
  'charges.read',
  'charges.write',
  'charges.approve',
  // Payslips, pay runs, bank files, statutory documents of a run.
  'payroll.read',
  'payroll.write',
  'reports.read',
  'sites.read',
  'sites.write',
  'holidays.read',
  'holidays.write',
  // Staff accounts and their settings (compulsory two-factor sign-in).
  'users.manage',
  // The installation's own tools an admin uses to check a setup (the compliance digest's send-now).
  'settings.manage',
  'audit.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What a route declares beside itself (`config: { permission }`): a permission of the table, or
 * `signed-in` (any staff account: its own password, sessions, two-factor sign-in), or `public` (no
 * session: health, sign-in).
 */
export type RoutePermission = Permission | 'signed-in' | 'public';

const READ_ALL = PERMISSIONS.filter((permission) => permission.endsWith('.read') && permission !== 'documents.read');

/** Role -> permissions. Decision 104 says why each role holds what it holds. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  hr: [
    'workers.read',
    'workers.write',
    'workers.identity',
    'workers.contact',
    'workers.history',
    'documents.read',
    'documents.write',
    'training.read',
    'training.write',
    'compliance.read',
    'compliance.write',
    'timesheets.read',
    'charges.read',
    'reports.read',
    'sites.read',
    'sites.write',
    'holidays.read',
  ],
  payroll: [
    'workers.read',
    'workers.identity',
    'workers.pay',
    'workers.history',
    'timesheets.read',
    'timesheets.write',
    'charges.read',
    'charges.write',
    'charges.approve',
    'payroll.read',
    'payroll.write',
    'reports.read',
    'sites.read',
    'holidays.read',
    'holidays.write',
  ],
  supervisor: ['workers.read', 'timesheets.read', 'timesheets.write', 'sites.read', 'holidays.read'],
  viewer: [...READ_ALL, 'workers.identity', 'workers.contact', 'workers.pay', 'workers.history'],
};

export function permissionsOf(role: Role): readonly Permission[] {
  return ROLE_PERMISSIONS[role];
}

export function roleCan(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Whether a route's declared permission lets this role in (`public` and `signed-in` let every role in). */
export function roleMayUse(role: Role, declared: RoutePermission): boolean {
  return declared === 'public' || declared === 'signed-in' || roleCan(role, declared);
}

export const FORBIDDEN_MESSAGE = 'Your role does not allow this. Ask an admin if you need it.';

/**
 * `G****567X`: the first character and the last four, as MOM's NRIC/FIN masking guidance shows it;
 * short values are masked whole. Used for every masked field (numbers, e-mail, phone, bank account).
 */
export function maskValue(value: string | null): string | null {
  if (value === null) return null;
  const compact = value.replace(/\s+/g, '');
  if (compact.length === 0) return compact;
  if (compact.length <= 5) return '*'.repeat(compact.length);
  return `${compact.slice(0, 1)}${'*'.repeat(compact.length - 5)}${compact.slice(-4)}`;
}

/**
 * Decision 104: the worker fields each field permission unmasks. Without the permission a text field is
 * answered masked (`G****567X`) and an amount as null, in every list, detail, export and PDF; searching
 * by a masked field finds nothing.
 */
export const WORKER_FIELD_PERMISSIONS = {
  fin_no: 'workers.identity',
  passport_no: 'workers.identity',
  wp_no: 'workers.identity',
  phone_number: 'workers.contact',
  email: 'workers.contact',
  salary_rate: 'workers.pay',
  declared_monthly_salary: 'workers.pay',
  bank_account_no: 'workers.pay',
} as const satisfies Record<string, Permission>;
export type GuardedWorkerField = keyof typeof WORKER_FIELD_PERMISSIONS;

/**
 * One guarded field's value as the role may see it: as stored, or masked (text) / null (amounts). Answers
 * that carry a worker field under another name (a payslip's snapshot, a report's `fin`, a register's
 * column) pass it through here, so they follow the table exactly as the worker answers do.
 */
export function guardedValue<V>(field: GuardedWorkerField, value: V, role: Role): V | string | null {
  if (roleCan(role, WORKER_FIELD_PERMISSIONS[field])) return value;
  return typeof value === 'string' ? maskValue(value) : null;
}

/** The fields of a worker answer the role may see, the others masked (strings) or emptied (amounts). */
export function maskWorkerFields<T extends Partial<Record<GuardedWorkerField, unknown>>>(record: T, role: Role): T {
  let masked: T | null = null;
  for (const field of Object.keys(WORKER_FIELD_PERMISSIONS) as GuardedWorkerField[]) {
    if (!(field in record) || roleCan(role, WORKER_FIELD_PERMISSIONS[field])) continue;
    masked ??= { ...record };
    (masked as Record<string, unknown>)[field] = guardedValue(field, record[field], role);
  }
  return masked ?? record;
}
