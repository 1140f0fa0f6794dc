/** What a toast is, shared by the provider (toast.tsx) and the lazily loaded viewport (toast-viewport.tsx). */
import type { ReactNode } from 'react';

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

export interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

export const TOAST_DURATION_MS = 5000;
export const UNDO_DURATION_MS = 8000;
