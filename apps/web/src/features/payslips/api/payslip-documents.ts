import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiErrorBody } from '@td/shared/schemas/api-error';
import type { EmailDelivery } from '@td/shared/schemas/email-delivery';
import { ApiError, api } from '@/lib/api-client.ts';

/** Decisions 021, 025: the payslip PDF and e-mail calls (ARCHITECTURE differs 1: built and sent by our server). */

const base = (id: string) => `/api/payslips/${encodeURIComponent(id)}`;

/** The PDF's address; `download` asks the browser to save it (Content-Disposition: attachment). */
export const payslipPdfUrl = (id: string, download = false) => `${base(id)}/pdf${download ? '?download=1' : ''}`;

export interface PayslipPdfFile {
  blob: Blob;
  /** From the server's Content-Disposition: the worker id and the period start and end (SPEC 7). */
  fileName: string;
}

/** Fetches the PDF for the in-app preview; errors answer the server's message as ApiError. */
export async function fetchPayslipPdf(id: string, signal?: AbortSignal): Promise<PayslipPdfFile> {
  let response: Response;
  try {
    response = await fetch(payslipPdfUrl(id), { credentials: 'same-origin', signal: signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach the server. Please check your connection and try again.', 'NETWORK');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(
      response.status,
      body?.error?.message ?? `The server answered ${response.status}.`,
      body?.error?.code ?? 'HTTP',
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'Payslip.pdf';
  return { blob: await response.blob(), fileName };
}

/** The answer of `POST /api/payslips/{id}/email`: the payslip (Sent unless Paid) and how the message left. */
export interface EmailedPayslipAnswer {
  id: string;
  status: string;
  delivery: EmailDelivery;
}

/** SPEC 2 Email Payslip: sends it and answers the payslip (Sent unless Paid) and how the message left. */
export const emailPayslip = (id: string) => api<EmailedPayslipAnswer>(`${base(id)}/email`, { method: 'POST' });

/** Every payslip query starts with this key (the list, the tiles, the detail): all change with a status. */
export const PAYSLIP_QUERY_ROOT = ['payslips'] as const;

/** Email Payslip as a mutation; afterwards every payslip query is refreshed (status, tiles). */
export function useEmailPayslip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emailPayslip,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAYSLIP_QUERY_ROOT }),
  });
}
