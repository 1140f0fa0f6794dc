import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PayslipGeneratePage } from './payslip-generate-page.tsx';

const RAHIM = {
  id: '00000000-0000-4000-8000-000000000001',
  worker_id: 'TD-4821',
  first_name: 'Rahim',
  last_name: 'Uddin',
  rate_type: 'Daily',
  salary_rate: 95,
  fin_no: null,
  wp_no: null,
  email: null,
};

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const body = url.pathname === '/api/workers/lookup' ? { items: [RAHIM], total: 1 } : RAHIM;
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  ),
);
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/payslip/generate', element: <PayslipGeneratePage /> },
      { path: '/payslip', element: <h1>Payslips list</h1> },
    ],
    { initialEntries: ['/payslip/generate'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('PayslipGeneratePage leave guard (probe finding 28)', () => {
  it('leaves an untouched form at once', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Payslips list' })).toBeInTheDocument();
  });

  it('asks before leaving with a worker chosen: Stay keeps the worker, Leave goes', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByRole('combobox', { name: 'Worker' }), 'rahim');
    await user.click(await screen.findByRole('option', { name: /Rahim Uddin/ }));
    expect(screen.getByLabelText('Worker ID')).toHaveValue('TD-4821');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByLabelText('Worker ID')).toHaveValue('TD-4821');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Payslips list' })).toBeInTheDocument();
  });

  it('asks before leaving with only a period typed', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText(/^Pay Period Start/), '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeVisible();
  });
});
