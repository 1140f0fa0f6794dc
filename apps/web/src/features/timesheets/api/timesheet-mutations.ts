import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CrewTimesheetRequest,
  CrewTimesheetResult,
  Timesheet,
  TimesheetInput,
} from '@td/shared/schemas/timesheet';
import { api } from '@/lib/api-client.ts';
import { timesheetQueries } from './timesheet-queries.ts';

export const createTimesheet = (input: TimesheetInput) =>
  api<Timesheet>('/api/timesheets', { method: 'POST', body: input });

export const updateTimesheet = (id: string, input: TimesheetInput) =>
  api<Timesheet>(`/api/timesheets/${encodeURIComponent(id)}`, { method: 'PUT', body: input });

export const deleteTimesheet = (id: string) =>
  api<void>(`/api/timesheets/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const createCrewTimesheets = (input: CrewTimesheetRequest) =>
  api<CrewTimesheetResult>('/api/timesheets/crew', { method: 'POST', body: input });

/** Lists and summaries change with any write, so every timesheet query is refreshed. */
function useInvalidateTimesheets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: timesheetQueries.all() });
}

export function useCreateTimesheet() {
  const invalidate = useInvalidateTimesheets();
  return useMutation({ mutationFn: createTimesheet, onSuccess: invalidate });
}

export function useUpdateTimesheet(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTimesheets();
  return useMutation({
    mutationFn: (input: TimesheetInput) => updateTimesheet(id, input),
    onSuccess: (timesheet) => {
      queryClient.setQueryData(timesheetQueries.detail(id).queryKey, timesheet);
      return invalidate();
    },
  });
}

export function useDeleteTimesheet() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTimesheets();
  return useMutation({
    mutationFn: (timesheet: Pick<Timesheet, 'id'>) => deleteTimesheet(timesheet.id),
    onSuccess: (_result, timesheet) => {
      queryClient.removeQueries({ queryKey: timesheetQueries.detail(timesheet.id).queryKey });
      return invalidate();
    },
  });
}

export function useCreateCrewTimesheets() {
  const invalidate = useInvalidateTimesheets();
  return useMutation({ mutationFn: createCrewTimesheets, onSuccess: invalidate });
}
