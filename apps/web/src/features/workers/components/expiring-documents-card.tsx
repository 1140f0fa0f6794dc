import { HardHat, ShieldAlert } from 'lucide-react';
import { Card } from '@/components/ui/card.tsx';
import { SummaryTile } from '@/components/ui/tile.tsx';
import { formatCount } from '@/lib/format.ts';

interface ExpiringDocumentsCardProps {
  expiringWp: number;
  expiringCoretrade: number;
  /** Decision 024: already expired (workers not terminated). */
  expiredWp: number;
  expiredCoretrade: number;
}

const expiredLine = (expired: number) =>
  expired > 0 ? (
    <span className="font-semibold text-danger">{formatCount(expired)} already expired</span>
  ) : (
    'None expired'
  );

/**
 * SPEC 2, 9: the expiring documents section; its two tiles lead to /expiring-wp and /expiring-coretrade.
 * The window runs from today to 3 months ahead; what has already expired is said too (decision 024).
 */
export function ExpiringDocumentsCard({
  expiringWp,
  expiringCoretrade,
  expiredWp,
  expiredCoretrade,
}: ExpiringDocumentsCardProps) {
  return (
    <Card className="h-full p-4">
      <h2 className="text-base font-semibold">Expiring Documents</h2>
      <p className="text-xs text-ink-muted">From today to 3 months ahead</p>
      <ul className="mt-3 grid grid-cols-2 gap-3">
        <li>
          <SummaryTile
            compact
            label="Expiring WP"
            value={formatCount(expiringWp)}
            icon={<ShieldAlert />}
            tone={expiringWp + expiredWp > 0 ? 'red' : 'gray'}
            description={expiredLine(expiredWp)}
            className="shadow-none"
            to="/expiring-wp"
          />
        </li>
        <li>
          <SummaryTile
            compact
            label="Expiring Coretrade"
            value={formatCount(expiringCoretrade)}
            icon={<HardHat />}
            tone={expiringCoretrade + expiredCoretrade > 0 ? 'red' : 'gray'}
            description={expiredLine(expiredCoretrade)}
            className="shadow-none"
            to="/expiring-coretrade"
          />
        </li>
      </ul>
    </Card>
  );
}
