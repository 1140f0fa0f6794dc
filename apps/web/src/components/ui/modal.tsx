import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { cn } from './cn.ts';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The dialog's heading and accessible name. */
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions shown in a bar under the content, right-aligned (stacked on small screens). */
  footer?: ReactNode;
  size?: ModalSize;
  /** 'alertdialog' for a question that needs an answer (see ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

const widths: Record<ModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
};

/**
 * A modal dialog: focus stays inside while it is open and returns to the opener afterwards; Escape,
 * a click on the backdrop and the Close button all ask to close it through onOpenChange(false).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  role = 'dialog',
  className,
}: ModalProps) {
  // Radix returns focus only to a Dialog.Trigger; this modal is opened from anywhere, so it remembers
  // the element that had focus when it opened (layout effects run before Radix moves focus in).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-modal-overlay="" className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px]" />
        <Dialog.Content
          role={role}
          onCloseAutoFocus={(event) => {
            const element = opener.current;
            opener.current = null;
            if (element?.isConnected) {
              event.preventDefault();
              element.focus();
            }
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-2xl border border-black/5 bg-surface text-ink shadow-2xl focus:outline-none',
            widths[size],
            className,
          )}
        >
          <div className="shrink-0 px-6 pt-5 pr-14 pb-4">
            <Dialog.Title className="text-lg font-semibold tracking-tight">{title}</Dialog.Title>
            {description && (
              <Dialog.Description asChild>
                <div className="mt-1 text-sm text-ink-muted">{description}</div>
              </Dialog.Description>
            )}
          </div>
          {children !== null && children !== undefined && children !== false && (
            <div className="min-h-0 flex-1 overflow-y-auto px-6 pb-5">{children}</div>
          )}
          {footer && (
            <div className="flex shrink-0 flex-col-reverse gap-2 rounded-b-2xl border-t border-line bg-canvas/60 px-6 py-4 sm:flex-row sm:justify-end">
              {footer}
            </div>
          )}
          {/* Last in the DOM so focus starts on the first field or action, first on screen at the top right. */}
          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 inline-flex h-8 w-8 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-black/5 hover:text-ink"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
