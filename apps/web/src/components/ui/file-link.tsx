import { ExternalLink, FileText } from 'lucide-react';
import { cn } from './cn.ts';

/** A stored file: a private app URL opened in a new tab (ARCHITECTURE differs 2). */
export function FileLink({ href, label, className }: { href: string; label: string; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-accent hover:underline',
        className,
      )}
    >
      <FileText aria-hidden="true" className="h-4 w-4 shrink-0" />
      {label}
      <ExternalLink aria-hidden="true" className="h-3.5 w-3.5 shrink-0 opacity-70" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
