import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { ToastProvider } from './toast.tsx';

interface Item {
  id: string;
  name: string;
}
const ITEM: Item = { id: '1', name: 'Ravi Kumar' };

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

function setup(remove: (item: Item) => Promise<unknown>) {
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  render(
    <ToastProvider>
      <ConfirmDeleteDialog<Item>
        record={ITEM}
        title={(item) => `Delete ${item?.name}?`}
        question="Are you sure you want to delete this worker?"
        detail={(item) => item.id}
        remove={remove}
        deleted={(item) => ({ title: 'Worker deleted', description: item.name })}
        failure="Failed to delete worker"
        onClose={onClose}
        onDeleted={onDeleted}
      />
    </ToastProvider>,
  );
  return { onClose, onDeleted };
}

describe('ConfirmDeleteDialog', () => {
  it('asks the question, deletes on Delete, confirms with a toast and closes', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const { onClose, onDeleted } = setup(remove);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Ravi Kumar?' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this worker?');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith(ITEM);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onDeleted).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Worker deleted', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a failure is logged and said in the dialog, which stays open', async () => {
    const refusal = new ApiError(409, 'The worker has payslips', 'CONFLICT');
    const { onClose } = setup(() => Promise.reject(refusal));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete worker: The worker has payslips');
    expect(onClose).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith('Failed to delete worker', refusal);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('Cancel closes without deleting', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const { onClose } = setup(remove);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(remove).not.toHaveBeenCalled();
  });
});
