import type { Permission } from '@td/shared/rules/permissions';
import {
  Banknote,
  CalendarClock,
  CalendarDays,
  ClipboardList,
  FileBarChart,
  GraduationCap,
  LayoutDashboard,
  MapPin,
  ReceiptText,
  ScrollText,
  UserCog,
  Users,
} from 'lucide-react';

/**
 * SPEC 2 Shell: the side navigation, in order; decision 104: each entry shows only to the roles holding
 * its permission, and its pages answer "not allowed" to the others. `sections` are the paths that belong to an entry, so it
 * stays highlighted (and `aria-current`) on its view, edit, expiring and status pages (SPEC 2).
 */
export const NAVIGATION = [
  { label: 'Dashboard', permission: 'workers.read', to: '/dashboard', Icon: LayoutDashboard, sections: [] },
  {
    label: 'Worker Management',
    permission: 'workers.read',
    to: '/worker-management',
    Icon: Users,
    sections: ['/worker/', '/expiring-wp', '/expiring-coretrade', '/workers-by-status'],
  },
  {
    label: 'Timesheet',
    permission: 'timesheets.read',
    to: '/timesheet',
    Icon: ClipboardList,
    sections: ['/timesheet/'],
  },
  { label: 'Payslip', permission: 'payroll.read', to: '/payslip', Icon: Banknote, sections: ['/payslip/'] },
  {
    label: 'Training Records',
    permission: 'training.read',
    to: '/training-records',
    Icon: GraduationCap,
    sections: ['/training-records/'],
  },
  // Decision 095: every dated item of every worker in one calendar.
  { label: 'Compliance', permission: 'compliance.read', to: '/compliance', Icon: CalendarClock, sections: [] },
  {
    label: 'Admin Charge',
    permission: 'charges.read',
    to: '/admin-charge',
    Icon: ReceiptText,
    sections: ['/admin-charge/'],
  },
  // Decision 090: sites and the manpower report.
  { label: 'Sites', permission: 'sites.read', to: '/sites', Icon: MapPin, sections: ['/sites/'] },
  { label: 'Manpower Report', permission: 'reports.read', to: '/reports/manpower', Icon: FileBarChart, sections: [] },
  // Decision 103: the month's Foreign Worker Levy.
  { label: 'Levy Report', permission: 'payroll.read', to: '/reports/levy', Icon: FileBarChart, sections: [] },
  // Decision 092: the public holidays payroll pays (EA s.88).
  {
    label: 'Public Holidays',
    permission: 'holidays.read',
    to: '/settings/public-holidays',
    Icon: CalendarDays,
    sections: [],
  },
  // Decision 104: staff accounts, their roles and two-factor sign-in (admin).
  { label: 'Staff Accounts', permission: 'users.manage', to: '/settings/staff', Icon: UserCog, sections: [] },
  { label: 'Audit Log', permission: 'audit.read', to: '/settings/audit', Icon: ScrollText, sections: [] },
] as const satisfies ReadonlyArray<{
  label: string;
  permission: Permission;
  to: string;
  Icon: unknown;
  sections: readonly string[];
}>;

/** The navigation entry a path belongs to, or undefined. */
export function navigationEntryOf(pathname: string) {
  return NAVIGATION.find(
    (entry) =>
      pathname === entry.to ||
      (entry.sections as readonly string[]).some((section) =>
        section.endsWith('/') ? pathname.startsWith(section) : pathname === section,
      ),
  );
}

/**
 * Decision 108: the pages that only change things, by the permission their save needs: a role that may
 * read the entry but not write is told the page is not for its role (as for an entry it may not read),
 * rather than shown a form the server then refuses. A path ending in `/` covers the pages under it.
 */
export const WRITE_PAGES = [
  { path: '/worker/add', permission: 'workers.write' },
  { path: '/worker/edit/', permission: 'workers.write' },
  { path: '/worker/employment-letter', permission: 'documents.read' },
  { path: '/worker/employment-letter/', permission: 'documents.read' },
  { path: '/timesheet/add', permission: 'timesheets.write' },
  { path: '/timesheet/edit/', permission: 'timesheets.write' },
  { path: '/timesheet/crew', permission: 'timesheets.write' },
  { path: '/timesheet/import', permission: 'timesheets.write' },
  { path: '/payslip/generate', permission: 'payroll.write' },
  { path: '/training-records/add', permission: 'training.write' },
  { path: '/training-records/edit/', permission: 'training.write' },
  { path: '/admin-charge/add', permission: 'charges.write' },
  { path: '/admin-charge/edit/', permission: 'charges.write' },
  { path: '/sites/add', permission: 'sites.write' },
  { path: '/sites/edit/', permission: 'sites.write' },
] as const satisfies ReadonlyArray<{ path: string; permission: Permission }>;

/** The permission a write-only page needs beyond its entry's, or undefined. */
export function writePermissionOf(pathname: string): Permission | undefined {
  return WRITE_PAGES.find((page) => (page.path.endsWith('/') ? pathname.startsWith(page.path) : pathname === page.path))
    ?.permission;
}
