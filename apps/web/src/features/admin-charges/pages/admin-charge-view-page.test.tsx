import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminCharge } from '@td/shared/schemas/admin-charge';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast.tsx';
import { AdminChargeViewPage } from './admin-charge-view-page.tsx';

const CHARGE: AdminCharge = {
  id: '11111111-0000-4000-8000-00000000abcd',
  worker_id: '00000000-0000-4000-8000-000000000001',
  charge_date: '2025-03-14',
  charge_type: 'Attendance',
  amount: 25,
  description: null,
  status: 'Pending',
  approved_by: null,
  approved_at: null,
  created_at: '2025-03-14T02:00:00.000Z',
  updated_at: '2025-03-14T02:00:00.000Z',
  worker: { id: '00000000-0000-4000-8000-000000000001', first_name: 'Rahim', last_name: 'Uddin', worker_id: 'TD-4821' },
  first_name: 'Rahim',
  last_name: 'Uddin',
  worker_code: 'TD-4821',
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  /** The charge as the server holds it: a decision changes it for every later read. */
  let stored: AdminCharge = CHARGE;
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const decision = url.pathname.endsWith('/approve')
      ? 'Approved'
      : url.pathname.endsWith('/reject')
        ? 'Rejected'
        : null;
    if (decision)
      stored = { ...CHARGE, status: decision, approved_by: 'Nur Aisyah', approved_at: '2025-03-15T02:00:00.000Z' };
    return new Response(JSON.stringify(stored), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const decisions = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url).split('/').pop());

function renderPage() {
  const router = createMemoryRouter([{ path: '/admin-charge/view/:id', element: <AdminChargeViewPage /> }], {
    initialEntries: [`/admin-charge/view/${CHARGE.id}`],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('AdminChargeViewPage: Approve and Reject (probe finding 27)', () => {
  it.each([
    ['Approve', 'approve'],
    ['Reject', 'reject'],
  ])('%s asks first; Cancel sends nothing, the dialog’s %s decides', { timeout: 20_000 }, async (label, path) => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: label }));
    const dialog = await screen.findByRole('alertdialog', { name: `${label} this admin charge?` });
    expect(dialog).toHaveTextContent('Rahim Uddin · Attendance');
    expect(dialog).toHaveTextContent('cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(decisions()).toEqual([]);

    await user.click(screen.getByRole('button', { name: label }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: label }));
    await waitFor(() => expect(decisions()).toEqual([path]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
  });
});
