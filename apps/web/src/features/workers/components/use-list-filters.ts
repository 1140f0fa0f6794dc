import { useEffect, useState } from 'react';
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

/**
 * Search text, nationality and page of a worker list, kept in the address (`?q=&nationality=&page=`)
 * so Back, reload and shared links return to the same view. Other parameters (`status`) are kept.
 * The text field answers at once; the search reaches the address, and so the server, when typing pauses.
 */
export function useListFilters() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const nationality = params.get('nationality') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [searchText, setSearchText] = useState(q);
  const debouncedSearch = useDebouncedValue(searchText.trim());

  const update = (changes: Record<string, string>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '' || (key === 'page' && value === '1')) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  // A changed search starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text writes the address
  useEffect(() => {
    if (debouncedSearch !== q) update({ q: debouncedSearch, page: '1' });
  }, [debouncedSearch]);

  return {
    searchText,
    setSearchText,
    /** The search as sent to the server (settled). */
    q,
    nationality,
    setNationality: (value: string) => update({ nationality: value, page: '1' }),
    page,
    setPage: (value: number) => update({ page: String(value) }),
    filtersActive: q !== '' || nationality !== '',
  };
}

/** A page past the end (the last worker of the last page was deleted) moves back to the last page. */
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
