import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { usePageTitle } from '@/lib/page-title.ts';

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center text-center">
      <Compass aria-hidden="true" className="h-12 w-12 text-ink-muted" />
      <h1 className="mt-4 text-2xl font-semibold">Page Not Found</h1>
      <p className="mt-2 max-w-md text-ink-muted">The page you were looking for does not exist or has moved.</p>
      <Link to="/dashboard" className={buttonClasses('primary', 'md', 'mt-6')}>
        Go to Dashboard
      </Link>
    </div>
  );
}
