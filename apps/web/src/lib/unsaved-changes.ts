import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';

/**
 * Asks before leaving a form with unsaved changes (CONVENTIONS 15, decision 022): in-app navigation
 * (links, the sidebar, Back, Cancel) is held by React Router's blocker until the user answers; closing
 * or reloading the tab gets the browser's own question (`beforeunload`). Changing only the query of the
 * same page is not leaving it.
 *
 * Call `release()` right before navigating away on purpose (after a successful save), since the form
 * still counts as changed until it unmounts.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const released = useRef(false);

  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        dirtyRef.current && !released.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return {
    /** True while a navigation waits for the user's answer. */
    asking: blocker.state === 'blocked',
    /** Stay on the form. */
    stay: () => {
      if (blocker.state === 'blocked') blocker.reset();
    },
    /** Leave and lose the changes. */
    leave: () => {
      if (blocker.state === 'blocked') blocker.proceed();
    },
    /** Lets the next navigation through without asking (the changes were saved). */
    release: () => {
      released.current = true;
    },
  };
}

export type UnsavedChangesGuard = ReturnType<typeof useUnsavedChangesGuard>;
