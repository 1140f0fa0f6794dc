import { useMutation } from '@tanstack/react-query';
import { COULD_NOT_FETCH_WORKER, WORKER_NOT_FOUND } from '@td/shared/rules/employment-letter';
import type { ApiErrorBody } from '@td/shared/schemas/api-error';

/** A failed generation; `reason` follows "Failed to generate employment letter: " when there is one (SPEC 8). */
export class LetterGenerationError extends Error {
  constructor(readonly reason: string | null) {
    super(reason ?? 'No letter was produced');
  }
}

/**
 * Asks the server to issue the worker's letter (`POST /api/workers/{id}/employment-letter`) and answers
 * the PDF. SPEC 8 reasons: Worker not found when the worker is gone, Could not fetch worker data when
 * the server cannot be reached or answers nothing usable, else the server's own message. An empty
 * answer counts as a failure with no reason ("a builder returning nothing counts as failure").
 */
export async function fetchEmploymentLetter(workerId: string): Promise<Blob> {
  let response: Response;
  try {
    // POST issues the letter: the server records who generated it and when (KETs, decision 095).
    response = await fetch(`/api/workers/${encodeURIComponent(workerId)}/employment-letter`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/pdf' },
    });
  } catch {
    throw new LetterGenerationError(COULD_NOT_FETCH_WORKER);
  }
  if (!response.ok) {
    if (response.status === 404) throw new LetterGenerationError(WORKER_NOT_FOUND);
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new LetterGenerationError(body?.error?.message ?? COULD_NOT_FETCH_WORKER);
  }
  const pdf = await response.blob();
  if (pdf.size === 0) throw new LetterGenerationError(null);
  return pdf.type === 'application/pdf' ? pdf : new Blob([pdf], { type: 'application/pdf' });
}

/** SPEC 4 employment letter: idle, generating (`isPending`), PDF ready (`data`). */
export function useGenerateEmploymentLetter() {
  return useMutation({ mutationFn: fetchEmploymentLetter });
}
