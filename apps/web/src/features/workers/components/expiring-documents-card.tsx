import { HardHat, ShieldAlert } from 'lucide-react';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { SummaryTile } from '../../../components/ui/tile.tsx';

interface ExpiringDocumentsCardProps {
  expiringWp: number;
  expiringCoretrade: number;
}

/**
 * SPEC 2, 9: the expiring documents section; its two tiles lead to /expiring-wp and /expiring-coretrade.
 * The window runs from today to 3 months ahead.
 */
export function ExpiringDocumentsCard({ expiringWp, expiringCoretrade }: ExpiringDocumentsCardProps) {
  return (
    <Card className="h-full">
      <CardHeader title="Expiring Documents" description="From today to 3 months ahead" />
      <CardBody>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <li>
            <SummaryTile
              label="Expiring WP"
              value={expiringWp.toLocaleString('en-SG')}
              icon={<ShieldAlert />}
              tone={expiringWp > 0 ? 'red' : 'gray'}
              description="Work permits expiring within the next 3 months"
              className="shadow-none"
              to="/expiring-wp"
            />
          </li>
          <li>
            <SummaryTile
              label="Expiring Coretrade"
              value={expiringCoretrade.toLocaleString('en-SG')}
              icon={<HardHat />}
              tone={expiringCoretrade > 0 ? 'red' : 'gray'}
              description="Coretrade certifications of WP holders expiring within the next 3 months"
              className="shadow-none"
              to="/expiring-coretrade"
            />
          </li>
        </ul>
      </CardBody>
    </Card>
  );
}
