import { Download } from 'lucide-react';
import { buttonClasses } from './button.tsx';

interface ExportCsvLinkProps {
  /** The list's export address with its search and filters (decision 024). */
  href: string;
  size?: 'sm' | 'md';
}

/**
 * Decision 024, probe finding 25: a list's search and filters, every page, as a spreadsheet. A plain
 * link the browser saves; the server names the file and neutralises formula-looking text.
 */
export function ExportCsvLink({ href, size = 'sm' }: ExportCsvLinkProps) {
  return (
    <a href={href} download className={buttonClasses('secondary', size)}>
      <Download aria-hidden="true" className="h-4 w-4" />
      Export CSV
    </a>
  );
}
