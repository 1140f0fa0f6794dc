import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button.tsx';
import { usePageTitle } from './page-title.ts';

/**
 * Shown for a navigation entry whose module has not been released yet (timesheets, payslips, training,
 * admin charges each arrive in their own issue); it says so plainly rather than pretending.
 */
export function ModuleUnavailablePage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center text-center">
      <Construction aria-hidden="true" className="h-12 w-12 text-ink-muted" />
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-2 max-w-md text-ink-muted">This module is not available in this version yet.</p>
      <Link to="/dashboard" className={buttonClasses('secondary', 'md', 'mt-6')}>
        Go to Dashboard
      </Link>
    </div>
  );
}
