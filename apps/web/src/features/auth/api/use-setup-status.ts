import type { SetupStatus } from '@td/shared/schemas/auth';
import { useEffect, useState } from 'react';
import { readSetupStatus } from './session.ts';

/**
 * The setup status for the sign-in and first-account screens, read once per visit without the query
 * client: both screens load before TanStack Query, which comes with the signed-in shell (decision
 * 033). `pending` until answered; a failed read counts as "no setup needed" (`data`
 * stays undefined), so the sign-in form still shows.
 */
export function useSetupStatus(): { pending: boolean; data: SetupStatus | undefined } {
  const [state, setState] = useState<{ pending: boolean; data: SetupStatus | undefined }>({
    pending: true,
    data: undefined,
  });
  useEffect(() => {
    const controller = new AbortController();
    readSetupStatus(controller.signal).then(
      (data) => setState({ pending: false, data }),
      () => {
        if (!controller.signal.aborted) setState({ pending: false, data: undefined });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
