import type { Worker } from '@td/shared/schemas/worker';
import type { ReactNode } from 'react';
import { Card, CardBody, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { DetailList } from '@/components/ui/detail-list.tsx';
import { letterWorkerDetails } from './letter-worker-details.ts';

/** SPEC 2: the worker the letter is for, with the screen's actions under it. */
export function WorkerDetailsCard({ worker, actions }: { worker: Worker; actions: ReactNode }) {
  return (
    <Card>
      <CardHeader title="Worker Details" />
      <CardBody>
        <DetailList columns={3} fallback="N/A" items={letterWorkerDetails(worker)} />
      </CardBody>
      <CardFooter className="justify-start">{actions}</CardFooter>
    </Card>
  );
}
