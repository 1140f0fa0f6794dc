import { Banknote, ClipboardList, GraduationCap, LayoutDashboard, ReceiptText, Users } from 'lucide-react';

/** SPEC 2 Shell: the side navigation, in order. */
export const NAVIGATION = [
  { label: 'Dashboard', to: '/dashboard', Icon: LayoutDashboard },
  { label: 'Worker Management', to: '/worker-management', Icon: Users },
  { label: 'Timesheet', to: '/timesheet', Icon: ClipboardList },
  { label: 'Payslip', to: '/payslip', Icon: Banknote },
  { label: 'Training Records', to: '/training-records', Icon: GraduationCap },
  { label: 'Admin Charge', to: '/admin-charge', Icon: ReceiptText },
] as const;
