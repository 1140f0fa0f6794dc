import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  GeneratedPayslip,
  GeneratePayslipInput,
  MarkPaidResult,
  PayslipPreview,
  PayslipPreviewInput,
} from '@td/shared/schemas/payslip';
import { api } from '@/lib/api-client.ts';
import { payslipQueries } from './payslip-queries.ts';

export const previewPayslip = (input: PayslipPreviewInput) =>
  api<PayslipPreview>('/api/payslips/preview', { method: 'POST', body: input });

export const generatePayslip = (input: GeneratePayslipInput) =>
  api<GeneratedPayslip>('/api/payslips', { method: 'POST', body: input });

export const markPayslipsPaid = (ids: readonly string[]) =>
  api<MarkPaidResult>('/api/payslips/mark-paid', { method: 'POST', body: { ids } });

export const deletePayslip = (id: string) => api<void>(`/api/payslips/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Any write changes the list, the tiles and maybe a detail: every payslip query is refreshed. */
export function useInvalidatePayslips() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: payslipQueries.all() });
}

export function useGeneratePayslip() {
  const invalidate = useInvalidatePayslips();
  return useMutation({ mutationFn: generatePayslip, onSuccess: invalidate });
}

export function useMarkPayslipsPaid() {
  const invalidate = useInvalidatePayslips();
  return useMutation({ mutationFn: markPayslipsPaid, onSettled: invalidate });
}
