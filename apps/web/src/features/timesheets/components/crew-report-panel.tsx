import { X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { formatDate } from '@/lib/format.ts';

/** What crew entry's Save did (decision 012: report per row). */
export interface CrewReport {
  work_date: string;
  saved: number;
  skipped: Array<{ name: string; message: string }>;
}

interface CrewReportPanelProps {
  report: CrewReport;
  onDismiss(): void;
  /** Said after the skipped rows (the crew page: they stay on the form). */
  children?: ReactNode;
}

/**
 * Crew entry's result: how many were saved and, per skipped row, why. Probe finding 18: it comes into
 * view and takes the focus when it appears, so the result is where the eye is (and a screen reader
 * reads it), not above a list scrolled down to the Save button.
 */
export function CrewReportPanel({ report, onDismiss, children }: CrewReportPanelProps) {
  const ref = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new report is brought into view, by design
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    // Its top below the shell's sticky bar (scroll-mt-20), not under it.
    panel.scrollIntoView({ block: 'start', behavior: 'smooth' });
    panel.focus({ preventScroll: true });
  }, [report]);

  const saved = `${report.saved} ${report.saved === 1 ? 'timesheet' : 'timesheets'} saved for ${formatDate(report.work_date)}`;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label="Crew entry result"
      className="relative scroll-mt-20 rounded-xl focus:outline-none focus-visible:ring-4 focus-visible:ring-accent/30"
    >
      <Alert
        tone={report.skipped.length > 0 ? 'warning' : 'success'}
        title={report.skipped.length > 0 ? `${saved}; ${report.skipped.length} skipped` : saved}
      >
        {report.skipped.length > 0 ? (
          <>
            <ul className="mt-1 list-disc pl-5">
              {report.skipped.map((row) => (
                <li key={`${row.name}-${row.message}`}>
                  {row.message.includes(row.name) ? row.message : `${row.name}: ${row.message}`}
                </li>
              ))}
            </ul>
            {children}
          </>
        ) : (
          'Every worker of the crew has a timesheet for that day.'
        )}
      </Alert>
      <button
        type="button"
        aria-label="Dismiss crew entry report"
        onClick={onDismiss}
        className="absolute top-2 right-2 inline-flex h-7 w-7 items-center justify-center rounded-lg text-ink-muted hover:bg-black/5"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </section>
  );
}
