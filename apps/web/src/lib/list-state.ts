import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing pauses before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** A page past the end (the last row of the last page was deleted) moves back to the last page. */
export function useClampPage(
  page: number,
  pageSize: number,
  total: number | undefined,
  setPage: (page: number) => void,
) {
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  // biome-ignore lint/correctness/useExhaustiveDependencies: setPage changes identity on every render
  useEffect(() => {
    if (total !== undefined && page > lastPage) setPage(lastPage);
  }, [page, lastPage, total]);
}

/**
 * A row picked from a list (for its details popup) as the list has it now: the list refetches after a
 * save, and the popup then shows the saved values instead of those of the moment it was opened. A row
 * the list no longer has stays as it was picked.
 */
export function currentRow<Row extends { id: string }>(
  rows: readonly Row[] | undefined,
  picked: Row | null,
): Row | null {
  return picked ? (rows?.find((row) => row.id === picked.id) ?? picked) : null;
}

export type SortOrder = 'asc' | 'desc';
export interface SortState<S extends string = string> {
  key: S;
  order: SortOrder;
}

export interface ListStateOptions<F extends string, S extends string> {
  /** Names of the filters kept in the address (`?nationality=Thai`). */
  filters?: readonly F[];
  /** Sort keys the list accepts (`?sort=name&order=asc`); anything else in the address is ignored. */
  sorts?: readonly S[];
}

/** Reads `?page=` as a whole number of at least 1. */
export function pageOf(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/** Reads `?sort=&order=` when the key is one the list knows. */
export function sortOf<S extends string>(params: URLSearchParams, sorts: readonly S[]): SortState<S> | null {
  const key = params.get('sort');
  if (!key || !(sorts as readonly string[]).includes(key)) return null;
  return { key: key as S, order: params.get('order') === 'desc' ? 'desc' : 'asc' };
}

/**
 * Sets or removes parameters: empty values and page 1 are left out, so the address stays short and a
 * list without choices is just its path.
 */
export function withParams(previous: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '' || (key === 'page' && value === '1')) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * The state of a server-side list (page, search, filters, sort) kept in the address, so Back, reload
 * and a shared link return to the same view (CONVENTIONS 14).
 *
 * - Page, filter and sort changes push a history entry: Back after Next shows the previous page again.
 * - The search box answers at once; the search reaches the address (and so the server) when typing
 *   pauses, and replaces the entry instead of adding one per word typed. Back to an entry with another
 *   search puts that search back in the box.
 * - Parameters the list does not own (e.g. `status` of the Worker Status Dashboard) are kept.
 */
export function useListState<F extends string = never, S extends string = never>(options: ListStateOptions<F, S> = {}) {
  const filterNames = options.filters ?? (NO_NAMES as readonly F[]);
  const sortKeys = options.sorts ?? (NO_NAMES as readonly S[]);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageOf(params);
  // The same objects while the address does not change (given `filters` and `sorts` as constants, not
  // arrays made in each render), so a list's memoized parts skip a render that changed nothing of
  // theirs (decision 040).
  const filters = useMemo(
    () => Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Record<F, string>,
    [params, filterNames],
  );
  const sort = useMemo(() => sortOf(params, sortKeys), [params, sortKeys]);

  const [searchText, setSearchText] = useState(q);
  const debouncedSearch = useDebouncedValue(searchText.trim());
  /** The search this hook last wrote, to tell its own writes from Back/Forward and links. */
  const written = useRef(q);

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) =>
      setParams((previous) => withParams(previous, changes), { replace }),
    [setParams],
  );

  // A settled search starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text writes the address
  useEffect(() => {
    if (debouncedSearch === q) return;
    written.current = debouncedSearch;
    update({ q: debouncedSearch, page: null }, true);
  }, [debouncedSearch]);

  // Back, Forward or a link changed the search: show it in the box.
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setSearchText(q);
  }, [q]);

  const filtersActive = q !== '' || filterNames.some((name) => filters[name] !== '');

  return useMemo(
    () => ({
      /** What the search box shows. */
      searchText,
      setSearchText,
      /** The search as sent to the server (settled). */
      q,
      page,
      setPage: (value: number, { replace = false }: { replace?: boolean } = {}) =>
        update({ page: String(value) }, replace),
      filters,
      setFilter: (name: F, value: string) => update({ [name]: value, page: null }),
      sort,
      /** Sorts as asked (the table's headers and the Sort by control say which order); the page goes back to 1. */
      setSort: (next: SortState<S> | null) =>
        update({ sort: next?.key ?? null, order: next?.order ?? null, page: null }),
      /** Clears the search and every filter (sort and other parameters stay). */
      clear: () => {
        written.current = '';
        setSearchText('');
        update({ q: null, page: null, ...Object.fromEntries(filterNames.map((name) => [name, null])) });
      },
      /** True while a search or filter narrows the list. */
      filtersActive,
    }),
    [searchText, q, page, filters, sort, filtersActive, update, filterNames],
  );
}

const NO_NAMES: readonly never[] = [];

export type ListState<F extends string = never, S extends string = never> = ReturnType<typeof useListState<F, S>>;
