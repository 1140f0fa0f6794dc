import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

import {
  TOAST_DURATION_MS,
  type ToastEntry,
  type ToastOptions,
  type ToastTone,
  UNDO_DURATION_MS,
  type UndoableOptions,
} from './toast-model.ts';

export type { ToastEntry, ToastOptions, ToastTone, UndoableOptions };
export { TOAST_DURATION_MS, UNDO_DURATION_MS };

const ToastViewport = lazy(() => import('./toast-viewport.tsx'));

interface ToastApi {
  show(options: ToastOptions): number;
  dismiss(id: number): void;
  /**
   * A change with Undo (decision 022: "delete with Undo where the spec has no confirm"): the caller
   * hides the row at once, the request is sent only when the toast closes without Undo, so Undo needs
   * no way back on the server.
   */
  undoable(options: UndoableOptions): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Toasts for the whole app (CONVENTIONS 14: "a toast after each change"); toast-viewport.tsx shows
 * them (Radix Toast). Mount once above the router so a toast shown right before a navigation stays on
 * screen.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);
  const actionTaken = useRef(new Set<number>());
  /** Undoable changes waiting for their toast to close. */
  const pending = useRef(new Map<number, () => void>());
  const viewportLoaded = useRef(false);
  if (toasts.length > 0) viewportLoaded.current = true;

  const close = useCallback((id: number) => {
    setToasts((list) => list.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
  }, []);

  const show = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    setToasts((list) => [...list.slice(-3), { ...options, id, open: true }]);
    return id;
  }, []);

  const undoable = useCallback(
    ({ title, description, commit, undo, onCommitError }: UndoableOptions) => {
      let settled = false;
      const run = () => {
        if (settled) return;
        settled = true;
        commit().catch((error: unknown) => onCommitError?.(error));
      };
      const id = show({
        title,
        description,
        tone: 'success',
        duration: UNDO_DURATION_MS,
        action: {
          label: 'Undo',
          altText: `Undo: ${title}`,
          onAction: () => {
            settled = true;
            undo();
          },
        },
        onClose: () => {
          pending.current.delete(id);
          run();
        },
      });
      pending.current.set(id, run);
    },
    [show],
  );

  // Leaving or reloading the page sends what is still waiting, so a change is never silently lost.
  useEffect(() => {
    const flush = () => {
      for (const run of pending.current.values()) run();
      pending.current.clear();
    };
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, []);

  const api = useMemo<ToastApi>(() => ({ show, dismiss: close, undoable }), [show, close, undoable]);

  const remove = useCallback((id: number) => setToasts((list) => list.filter((entry) => entry.id !== id)), []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Loaded with the first toast and kept from then on (decision 032: not on the sign-in screen). */}
      {(toasts.length > 0 || viewportLoaded.current) && (
        <Suspense fallback={null}>
          <ToastViewport toasts={toasts} close={close} remove={remove} actionTaken={actionTaken.current} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

/** Shows toasts; needs a ToastProvider above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used within a ToastProvider');
  return api;
}
