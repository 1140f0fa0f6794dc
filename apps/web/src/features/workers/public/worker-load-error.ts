import { FETCH_WORKER_FAILED } from '@td/shared/rules/employment-letter';
import { UserX } from 'lucide-react';
import type { RecordLoadTexts } from '@/components/ui/record-load-error.tsx';

/**
 * SPEC 2, 8: a worker that does not exist shows Worker not found; any other failure Failed to fetch
 * worker details. Public: the employment letter's page loads a worker too.
 */
export const WORKER_LOAD_ERROR: RecordLoadTexts = {
  notFound: { icon: UserX, title: 'Worker not found', description: 'The worker may have been deleted.' },
  failure: FETCH_WORKER_FAILED,
};
