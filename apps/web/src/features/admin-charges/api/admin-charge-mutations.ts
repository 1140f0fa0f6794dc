import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCharge, AdminChargeInput } from '@td/shared/schemas/admin-charge';
import { api } from '@/lib/api-client.ts';
import { adminChargeQueries } from './admin-charge-queries.ts';

const byId = (id: string) => `/api/admin-charges/${encodeURIComponent(id)}`;

export const createAdminCharge = (input: AdminChargeInput) =>
  api<AdminCharge>('/api/admin-charges', { method: 'POST', body: input });

export const updateAdminCharge = (id: string, input: AdminChargeInput) =>
  api<AdminCharge>(byId(id), { method: 'PUT', body: input });

export const deleteAdminCharge = (id: string) => api<void>(byId(id), { method: 'DELETE' });

export type ChargeDecision = 'approve' | 'reject';

export const decideAdminCharge = (id: string, decision: ChargeDecision) =>
  api<AdminCharge>(`${byId(id)}/${decision}`, { method: 'POST' });

/** Lists, tiles and details all change with any write, so every admin charge query is refreshed. */
function useInvalidateCharges() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminChargeQueries.all() });
}

export function useCreateAdminCharge() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCharges();
  return useMutation({
    mutationFn: createAdminCharge,
    onSuccess: (charge) => {
      queryClient.setQueryData(adminChargeQueries.detail(charge.id).queryKey, charge);
      return invalidate();
    },
  });
}

export function useUpdateAdminCharge(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCharges();
  return useMutation({
    mutationFn: (input: AdminChargeInput) => updateAdminCharge(id, input),
    onSuccess: (charge) => {
      queryClient.setQueryData(adminChargeQueries.detail(id).queryKey, charge);
      return invalidate();
    },
  });
}

/** SPEC 4: Approve or Reject on the detail page. A 409 (someone decided first) refreshes the charge too. */
export function useDecideAdminCharge(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCharges();
  return useMutation({
    mutationFn: (decision: ChargeDecision) => decideAdminCharge(id, decision),
    onSuccess: (charge) => queryClient.setQueryData(adminChargeQueries.detail(id).queryKey, charge),
    onSettled: () => invalidate(),
  });
}

export function useDeleteAdminCharge() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCharges();
  return useMutation({
    mutationFn: (charge: Pick<AdminCharge, 'id'>) => deleteAdminCharge(charge.id),
    onSuccess: (_result, charge) => {
      queryClient.removeQueries({ queryKey: adminChargeQueries.detail(charge.id).queryKey });
    },
    onSettled: () => invalidate(),
  });
}
