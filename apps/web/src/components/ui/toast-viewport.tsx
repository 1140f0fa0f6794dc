import * as RadixToast from '@radix-ui/react-toast';
import { AlertCircle, CheckCircle2, Info, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import { TOAST_DURATION_MS, type ToastEntry, type ToastTone, UNDO_DURATION_MS } from './toast-model.ts';

const icons: Record<ToastTone, ReactNode> = {
  success: <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0 text-success" />,
  error: <AlertCircle aria-hidden="true" className="h-5 w-5 shrink-0 text-danger" />,
  info: <Info aria-hidden="true" className="h-5 w-5 shrink-0 text-accent" />,
};

export interface ToastViewportProps {
  toasts: ToastEntry[];
  close(id: number): void;
  remove(id: number): void;
  actionTaken: Set<number>;
}

/**
 * The toasts on screen, built on Radix Toast: announced politely (errors assertively), paused while
 * hovered or focused, closed by swipe, Escape or their close button; F8 moves focus to them. Loaded
 * with the first toast (toast.tsx), so the sign-in screen does not carry Radix Toast (decision 032).
 */
export default function ToastViewport({ toasts, close, remove, actionTaken }: ToastViewportProps) {
  return (
    <RadixToast.Provider swipeDirection="right" label="Notification">
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
              const taken = actionTaken.delete(toast.id);
              toast.onClose?.(taken);
              // Removed after the exit animation would have finished.
              setTimeout(() => remove(toast.id), 300);
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
                  actionTaken.add(toast.id);
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
  );
}
