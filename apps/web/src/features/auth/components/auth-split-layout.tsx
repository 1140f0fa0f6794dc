import { PRODUCT_NAME } from '@td/shared/options/product';
import { CalendarClock, FileText, HardHat, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';

const HIGHLIGHTS = [
  { Icon: ShieldCheck, text: 'Worker passes, permits and documents kept private' },
  { Icon: CalendarClock, text: 'Daily timesheets, overtime and expiring permits at a glance' },
  { Icon: FileText, text: 'Payslips and employment letters as PDF in a click' },
];

/** SPEC 2 Login: split screen, brand panel beside the card, copyright footer. */
export function AuthSplitLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <section
        aria-label={`${PRODUCT_NAME} brand`}
        className="relative hidden flex-col justify-between overflow-hidden bg-gradient-to-br from-[#0a3d91] via-[#0a66d6] to-[#3b9bff] p-12 text-white lg:flex"
      >
        <div className="flex items-center gap-3">
          <span className="flex h-11 w-11 items-center justify-center rounded-2xl bg-white/15 backdrop-blur">
            <HardHat aria-hidden="true" className="h-6 w-6" />
          </span>
          <span className="text-xl font-semibold tracking-tight">{PRODUCT_NAME}</span>
        </div>
        <div>
          <p className="max-w-md text-4xl font-semibold leading-tight tracking-tight">
            The back office for Singapore's construction workforce.
          </p>
          <ul className="mt-8 flex flex-col gap-4">
            {HIGHLIGHTS.map(({ Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-white/90">
                <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-white/70">Workers · Timesheets · Payroll · Training</p>
      </section>

      <div className="flex flex-col">
        <main className="flex flex-1 items-center justify-center px-6 py-12">{children}</main>
        <footer className="px-6 pb-6 text-center text-xs text-ink-muted">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </footer>
      </div>
    </div>
  );
}
