import * as RadixToast from '@radix-ui/react-toast';
import { AlertCircle, CheckCircle2, Info, X } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from './cn.ts';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  tone?: ToastTone;
  /** A button in the toast, e.g. Undo or View. Pressing it also closes the toast. */
  action?: { label: string; altText: string; onAction(): void };
  /** Milliseconds before it closes by itself (paused while hovered or focused). */
  duration?: number;
  /** Called once when the toast closes, with whether its action was pressed. */
  onClose?(actionTaken: boolean): void;
}

export interface UndoableOptions {
  title: string;
  description?: ReactNode;
  /** Does the change for real; runs when the toast closes without Undo, or when the page is left. */
  commit(): Promise<unknown>;
  /** Puts things back as they were (the change was never sent). */
  undo(): void;
  /** The commit failed: tell the user and put things back. */
  onCommitError?(error: unknown): void;
}

interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

interface ToastApi {
  show(options: ToastOptions): number;
  dismiss(id: number): void;
  /**
   * A change with Undo (issue 8 item 6: "delete with Undo where the spec has no confirm"): the caller
   * hides the row at once, the request is sent only when the toast closes without Undo, so Undo needs
   * no way back on the server.
   */
  undoable(options: UndoableOptions): void;
}

export const TOAST_DURATION_MS = 5000;
export const UNDO_DURATION_MS = 8000;

const ToastContext = createContext<ToastApi | null>(null);

const icons: Record<ToastTone, ReactNode> = {
  success: <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0 text-success" />,
  error: <AlertCircle aria-hidden="true" className="h-5 w-5 shrink-0 text-danger" />,
  info: <Info aria-hidden="true" className="h-5 w-5 shrink-0 text-accent" />,
};

/**
 * Toasts for the whole app (CONVENTIONS 14: "a toast after each change"), built on Radix Toast: they
 * are announced politely (errors assertively), pause while hovered or focused, close by swipe, Escape
 * or their close button, and F8 moves focus to them. Mount once above the router so a toast shown
 * right before a navigation stays on screen.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);
  const actionTaken = useRef(new Set<number>());
  /** Undoable changes waiting for their toast to close. */
  const pending = useRef(new Map<number, () => void>());

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

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider swipeDirection="right" label="Notification">
        {children}
        {toasts.map((toast) => {
          const tone = toast.tone ?? 'success';
          return (
            <RadixToast.Root
              key={toast.id}
              open={toast.open}
              duration={toast.duration ?? (toast.action ? UNDO_DURATION_MS : TOAST_DURATION_MS)}
              type={tone === 'error' ? 'foreground' : 'background'}
              onOpenChange={(open) => {
                if (open) return;
                close(toast.id);
                const taken = actionTaken.current.delete(toast.id);
                toast.onClose?.(taken);
                // Removed after the exit animation would have finished.
                setTimeout(() => setToasts((list) => list.filter((entry) => entry.id !== toast.id)), 300);
              }}
              className={cn(
                'pointer-events-auto flex w-full items-start gap-3 rounded-2xl border border-line bg-surface p-4 text-sm text-ink shadow-lg',
                'data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
                'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] transition-[opacity,transform] duration-200',
              )}
            >
              {icons[tone]}
              <div className="min-w-0 flex-1">
                <RadixToast.Title className="font-semibold">{toast.title}</RadixToast.Title>
                {toast.description && (
                  <RadixToast.Description className="mt-0.5 text-ink-muted">{toast.description}</RadixToast.Description>
                )}
              </div>
              {toast.action && (
                <RadixToast.Action
                  altText={toast.action.altText}
                  onClick={() => {
                    actionTaken.current.add(toast.id);
                    toast.action?.onAction();
                  }}
                  className="shrink-0 rounded-lg px-2 py-1 font-semibold text-accent hover:bg-accent/10"
                >
                  {toast.action.label}
                </RadixToast.Action>
              )}
              <RadixToast.Close
                aria-label="Dismiss notification"
                className="-m-1 shrink-0 rounded-full p-1 text-ink-muted hover:bg-black/5 hover:text-ink"
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </RadixToast.Close>
            </RadixToast.Root>
          );
        })}
        <RadixToast.Viewport className="pointer-events-none fixed right-0 bottom-0 z-[60] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** Shows toasts; needs a ToastProvider above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used within a ToastProvider');
  return api;
}
