import { PRODUCT_NAME } from '@td/shared/options/product';
import { ArrowRight, Banknote, ClipboardList, GraduationCap, ReceiptText, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { useCan } from '@/features/auth/public/access.ts';
import { usePageTitle } from '@/lib/page-title.ts';

/** SPEC 1: the five module cards, each with a short description and View Details. */
const MODULES = [
  {
    title: 'Worker Management',
    permission: 'workers.read',
    description: 'Worker profiles, passes, permits and documents, with expiring permits and status views.',
    to: '/worker-management',
    Icon: Users,
    tint: 'bg-blue-50 text-blue-700',
  },
  {
    title: 'Timesheet',
    permission: 'timesheets.read',
    description: 'Record daily time in and out; hours and overtime are worked out for you.',
    to: '/timesheet',
    Icon: ClipboardList,
    tint: 'bg-emerald-50 text-emerald-700',
  },
  {
    title: 'Payslip',
    permission: 'payroll.read',
    description: 'Generate payslips from timesheets and charges, e-mail them and mark them paid.',
    to: '/payslip',
    Icon: Banknote,
    tint: 'bg-violet-50 text-violet-700',
  },
  {
    title: 'Training Records',
    permission: 'training.read',
    description: 'Safety courses and certificates, with what is expiring soon or already expired.',
    to: '/training-records',
    Icon: GraduationCap,
    tint: 'bg-amber-50 text-amber-700',
  },
  {
    title: 'Admin Charge',
    permission: 'charges.read',
    description: 'Penalties and deductions, their approval, and what has been deducted from pay.',
    to: '/admin-charge',
    Icon: ReceiptText,
    tint: 'bg-rose-50 text-rose-700',
  },
] as const;

export function DashboardPage() {
  usePageTitle(null);
  // Decision 104: the modules the role may open.
  const can = useCan();
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight">Welcome to {PRODUCT_NAME}</h1>
      <p className="mt-2 text-ink-muted">
        Manage your construction workforce: workers, timesheets, payroll, training and admin charges in one place.
      </p>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {MODULES.filter((module) => can(module.permission)).map(({ title, description, to, Icon, tint }) => (
          <li key={to}>
            <Card className="flex h-full flex-col p-6">
              <span className={`flex h-11 w-11 items-center justify-center rounded-2xl ${tint}`}>
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <h2 className="mt-4 text-lg font-semibold">{title}</h2>
              <p className="mt-1 flex-1 text-sm text-ink-muted">{description}</p>
              <Link
                to={to}
                className={buttonClasses('secondary', 'md', 'mt-5 self-start')}
                aria-label={`View Details: ${title}`}
              >
                View Details
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
