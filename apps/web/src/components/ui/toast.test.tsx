import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, UNDO_DURATION_MS, useToast } from './toast.tsx';

function Harness({ onReady }: { onReady(api: ReturnType<typeof useToast>): void }) {
  onReady(useToast());
  return null;
}

function renderToasts() {
  let api: ReturnType<typeof useToast> | undefined;
  render(
    <ToastProvider>
      <Harness
        onReady={(value) => {
          api = value;
        }}
      />
    </ToastProvider>,
  );
  if (!api) throw new Error('no toast api');
  return api;
}

afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('shows a titled toast that the close button dismisses', async () => {
    const user = userEvent.setup();
    const api = renderToasts();
    act(() => {
      api.show({ title: 'Worker added', description: 'Ali Rahman · TD-1234' });
    });
    expect(await screen.findByText('Worker added')).toBeInTheDocument();
    expect(screen.getByText('Ali Rahman · TD-1234')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await vi.waitFor(() => expect(screen.queryByText('Worker added')).not.toBeInTheDocument());
  });

  it('Undo puts things back and never commits', async () => {
    const user = userEvent.setup();
    const api = renderToasts();
    const commit = vi.fn(() => Promise.resolve());
    const undo = vi.fn();
    act(() => api.undoable({ title: 'Charge deleted', commit, undo }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(screen.queryByText('Charge deleted')).not.toBeInTheDocument());
    expect(commit).not.toHaveBeenCalled();
  });

  it('commits once when the toast closes by itself, and reports a failed commit', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = renderToasts();
    const failure = new Error('offline');
    const commit = vi.fn(() => Promise.reject(failure));
    const onCommitError = vi.fn();
    act(() => api.undoable({ title: 'Charge deleted', commit, undo: vi.fn(), onCommitError }));
    expect(screen.getByText('Charge deleted')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNDO_DURATION_MS + 500);
    });
    expect(commit).toHaveBeenCalledTimes(1);
    expect(onCommitError).toHaveBeenCalledWith(failure);
  });

  it('commits what is still waiting when the page is left', () => {
    const api = renderToasts();
    const commit = vi.fn(() => Promise.resolve());
    act(() => api.undoable({ title: 'Payslip deleted', commit, undo: vi.fn() }));
    window.dispatchEvent(new Event('pagehide'));
    expect(commit).toHaveBeenCalledTimes(1);
  });
});
