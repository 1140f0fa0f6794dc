import { AlertCircle, CheckCircle2, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export type AlertTone = 'error' | 'success' | 'warning' | 'info';

const tones: Record<AlertTone, { box: string; Icon: typeof Info }> = {
  error: { box: 'bg-red-50 border-red-200 text-red-800', Icon: AlertCircle },
  success: { box: 'bg-green-50 border-green-200 text-green-800', Icon: CheckCircle2 },
  warning: { box: 'bg-amber-50 border-amber-200 text-amber-900', Icon: TriangleAlert },
  info: { box: 'bg-blue-50 border-blue-200 text-blue-900', Icon: Info },
};

interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children: ReactNode;
  className?: string;
}

/** A message banner; errors are announced to screen readers at once. */
export function Alert({ tone = 'info', title, children, className }: AlertProps) {
  const { box, Icon } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-xl border px-4 py-3 text-sm', box, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <div>
        {title && <p className="font-semibold">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  );
}
