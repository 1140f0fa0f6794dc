import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesDialog } from '@/components/ui/unsaved-changes-dialog.tsx';
import { useUnsavedChangesGuard } from './unsaved-changes.ts';

function FormPage() {
  const [value, setValue] = useState('');
  const guard = useUnsavedChangesGuard(value !== '');
  return (
    <div>
      <label>
        Name
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/form?tab=2">Same page</Link>
      <UnsavedChangesDialog open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
    </div>
  );
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <FormPage /> },
      { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useUnsavedChangesGuard', () => {
  it('lets an unchanged form go at once', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
  });

  it('asks before leaving a changed form: Stay keeps it, Leave goes', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Name'), 'Ali');
    await user.click(screen.getByRole('link', { name: 'Same page' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ali');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
  });

  it('asks the browser before the tab is closed with changes', async () => {
    const user = userEvent.setup();
    renderForm();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    await user.type(screen.getByLabelText('Name'), 'Ali');
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });
});
