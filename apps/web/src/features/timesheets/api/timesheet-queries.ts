import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CrewRecorded, Timesheet, TimesheetList, TimesheetSummary } from '@td/shared/schemas/timesheet';
import { api, withQuery } from '@/lib/api-client.ts';

/** SPEC 2 timesheet list filters (SPEC 9: month, worker, worker name), answered by the server. */
export interface TimesheetListFilters {
  /** `YYYY-MM`; omitted for the server's current month (business time zone). */
  month?: string | undefined;
  worker_id?: string | undefined;
  q?: string | undefined;
  /** Decision 090: one site's timesheets. */
  site_id?: string | undefined;
  page: number;
  pageSize: number;
}

export interface CrewCompany {
  company: string;
  workers: number;
}
export interface CrewWorker {
  id: string;
  first_name: string;
  last_name: string;
  worker_id: string;
  /** Decision 092: the worker's rest day (a weekday name); Sunday when not known. */
  rest_day?: string;
}

export const TIMESHEET_PAGE_SIZE = 25;

/** Probe finding 25 (decision 024): the CSV of what the list's month and filters show, every page. */
export const timesheetExportUrl = (filters: Omit<TimesheetListFilters, 'page' | 'pageSize'>) =>
  withQuery('/api/timesheets/export', { ...filters });

/**
 * Query-key factory for everything the timesheets feature reads. Every key starts with `timesheets`,
 * so one invalidation of `timesheetQueries.all()` refreshes lists, summaries and details after a write.
 */
export const timesheetQueries = {
  all: () => ['timesheets'] as const,
  list: (filters: TimesheetListFilters) =>
    queryOptions({
      queryKey: [...timesheetQueries.all(), 'list', filters] as const,
      queryFn: ({ signal }) => api<TimesheetList>(withQuery('/api/timesheets', { ...filters }), { signal }),
      // Keep the current page on screen while the next page, month or search answers.
      placeholderData: keepPreviousData,
    }),
  /** Probe finding 24: the cards follow the list's filters. */
  summary: (filters: Omit<TimesheetListFilters, 'page' | 'pageSize'>) =>
    queryOptions({
      queryKey: [...timesheetQueries.all(), 'summary', filters] as const,
      queryFn: ({ signal }) => api<TimesheetSummary>(withQuery('/api/timesheets/summary', { ...filters }), { signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...timesheetQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api<Timesheet>(`/api/timesheets/${encodeURIComponent(id)}`, { signal }),
    }),
  /** Which workers already have a timesheet on a date (crew entry, before Save: probe finding 18). */
  crewRecorded: (workDate: string) =>
    queryOptions({
      queryKey: [...timesheetQueries.all(), 'crew', 'recorded', workDate] as const,
      queryFn: ({ signal }) =>
        api<CrewRecorded>(withQuery('/api/timesheets/crew/recorded', { work_date: workDate }), { signal }),
    }),
  crewCompanies: () =>
    queryOptions({
      queryKey: [...timesheetQueries.all(), 'crew', 'companies'] as const,
      queryFn: ({ signal }) => api<{ items: CrewCompany[] }>('/api/timesheets/crew/companies', { signal }),
    }),
};

/** The Working workers supplied to one company (crew entry's "add the whole site"). */
export const fetchCrewWorkers = (company: string) =>
  api<{ items: CrewWorker[] }>(withQuery('/api/timesheets/crew/workers', { company }));
