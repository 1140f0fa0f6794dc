import { type Location, useLocation, useNavigate } from 'react-router';

/**
 * Where an action began, carried in the history entry's state of the page it opened
 * (`<Link to="/worker/edit/1" state={fromHere(location)}>`). A form returns there after saving, with
 * the list's page, search and filters as they were (CONVENTIONS 14, decision 022).
 */
export interface FromState {
  from?: string;
}

/** The path and query of a location, e.g. `/worker-management?page=2&q=ali`. */
export const pathOf = (location: Pick<Location, 'pathname' | 'search'>) => `${location.pathname}${location.search}`;

/** The state to give a link so the page it opens can return here. */
export const fromHere = (location: Pick<Location, 'pathname' | 'search'>): FromState => ({ from: pathOf(location) });

/** The `from` a page was opened with, if any (state from another source is ignored). */
export function originOf(location: Pick<Location, 'state'>): string | null {
  const from = (location.state as FromState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

/**
 * Leaves the page for where it was opened from: one step back in history when the previous entry is
 * that place (so its scroll position and entry are reused and Back does not return to the form), or
 * to `fallback` (replacing this entry) when the page was opened directly.
 */
export function useReturnTo(fallback: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const origin = originOf(location);
  return {
    /** Where leaving will go. */
    target: origin ?? fallback,
    leave: () => {
      if (origin && location.key !== 'default') navigate(-1);
      else navigate(origin ?? fallback, { replace: true });
    },
  };
}
