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
  Users,
} from 'lucide-react';

/**
 * SPEC 2 Shell: the side navigation, in order. `sections` are the paths that belong to an entry, so it
 * stays highlighted (and `aria-current`) on its view, edit, expiring and status pages (SPEC 2).
 */
export const NAVIGATION = [
  { label: 'Dashboard', to: '/dashboard', Icon: LayoutDashboard, sections: [] },
  {
    label: 'Worker Management',
    to: '/worker-management',
    Icon: Users,
    sections: ['/worker/', '/expiring-wp', '/expiring-coretrade', '/workers-by-status'],
  },
  { label: 'Timesheet', to: '/timesheet', Icon: ClipboardList, sections: ['/timesheet/'] },
  { label: 'Payslip', to: '/payslip', Icon: Banknote, sections: ['/payslip/'] },
  { label: 'Training Records', to: '/training-records', Icon: GraduationCap, sections: ['/training-records/'] },
  // Decision 095: every dated item of every worker in one calendar.
  { label: 'Compliance', to: '/compliance', Icon: CalendarClock, sections: [] },
  { label: 'Admin Charge', to: '/admin-charge', Icon: ReceiptText, sections: ['/admin-charge/'] },
  // Decision 090: sites and the manpower report.
  { label: 'Sites', to: '/sites', Icon: MapPin, sections: ['/sites/'] },
  { label: 'Manpower Report', to: '/reports/manpower', Icon: FileBarChart, sections: [] },
  // Issue 44: the month's Foreign Worker Levy.
  { label: 'Levy Report', to: '/reports/levy', Icon: FileBarChart, sections: [] },
  // Issue 43: the public holidays payroll pays (EA s.88).
  { label: 'Public Holidays', to: '/settings/public-holidays', Icon: CalendarDays, sections: [] },
] as const;

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
