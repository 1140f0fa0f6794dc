import { queryOptions } from '@tanstack/react-query';
import type { SiteList } from '@td/shared/schemas/site';
import { api } from '@/lib/api-client.ts';

/** Sites read at once by the screens that offer them (a supplier has tens, not thousands). */
const ALL_SITES = 500;

/**
 * What the sites feature offers the others (decision 090): the site lists their pickers and filters
 * read, under one key each, so every screen shares one answer.
 */
export const siteQueries = {
  /** Every site, for filters over records that may name an inactive one. */
  all: () =>
    queryOptions({
      queryKey: ['sites', 'all'] as const,
      queryFn: ({ signal }) => api<SiteList>(`/api/sites?pageSize=${ALL_SITES}`, { signal }),
    }),
  /** The active sites, for choosing where new work happens. */
  active: () =>
    queryOptions({
      queryKey: ['sites', 'active'] as const,
      queryFn: ({ signal }) => api<SiteList>(`/api/sites?active=true&pageSize=${ALL_SITES}`, { signal }),
    }),
};
