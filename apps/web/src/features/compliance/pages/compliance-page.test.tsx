import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { COMPLIANCE_KINDS } from '@td/shared/options/compliance';
import type { ComplianceCalendar } from '@td/shared/schemas/compliance';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompliancePage } from './compliance-page.tsx';

const counts = Object.fromEntries(
  COMPLIANCE_KINDS.map((kind) => [kind, { overdue: 0, due: 0 }]),
) as ComplianceCalendar['counts'];

const calendar = (overrides: Partial<ComplianceCalendar> = {}): ComplianceCalendar => ({
  items: [
    {
      worker: { id: 'w1', worker_id: 'TD-1001', first_name: 'Ali', last_name: 'Rahman' },
      kind: 'work_permit',
      due_date: '2026-12-01',
      state: 'overdue',
      title: 'Work permit',
      nationality: 'Bangladeshi',
    },
    {
      worker: { id: 'w2', worker_id: 'TD-1002', first_name: 'Ravi', last_name: 'Kumar' },
      kind: 'security_bond',
      due_date: '2026-12-16',
      state: 'due',
      title: 'Security bond',
      nationality: 'Indian',
    },
  ],
  counts: { ...counts, work_permit: { overdue: 1, due: 0 }, security_bond: { overdue: 0, due: 1 } },
  total: 2,
  page: 1,
  pageSize: 50,
  from: '2026-12-09',
  to: '2027-03-09',
  today: '2026-12-09',
  ...overrides,
});

function renderPage(answer: () => Response, path = '/compliance') {
  const fetch = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter([{ path: '/compliance', element: <CompliancePage /> }], {
    initialEntries: [path],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetch, router };
}

afterEach(() => vi.unstubAllGlobals());

describe('CompliancePage (decision 099)', () => {
  it('shows the counts by kind, overdue first, then the weeks, each row linking to its worker', async () => {
    const { fetch } = renderPage(() => new Response(JSON.stringify(calendar()), { status: 200 }));
    const overdue = await screen.findByRole('region', { name: /^Overdue/ });
    expect(within(overdue).getByRole('link', { name: 'Ali Rahman' })).toHaveAttribute('href', '/worker/view/w1');
    expect(screen.getByRole('region', { name: /^Next week · 14 Dec – 20 Dec/ })).toHaveTextContent('Security bond');
    const counts = screen.getByRole('list', { name: 'Counts by kind' });
    expect(within(counts).getByRole('button', { name: /Work permit/ })).toHaveTextContent('1 overdue');
    expect(fetch).toHaveBeenCalledWith('/api/compliance?page=1&pageSize=50', expect.anything());
  });

  it('filters by kind from a count card, in the address and the CSV link', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderPage(() => new Response(JSON.stringify(calendar()), { status: 200 }));
    const counts = await screen.findByRole('list', { name: 'Counts by kind' });
    await user.click(within(counts).getByRole('button', { name: /Security bond/ }));
    expect(router.state.location.search).toBe('?kind=security_bond');
    expect(fetch).toHaveBeenLastCalledWith('/api/compliance?kind=security_bond&page=1&pageSize=50', expect.anything());
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/compliance/export?kind=security_bond',
    );
  });

  it('says when nothing is due, and shows a failure with Retry', async () => {
    renderPage(() => new Response(JSON.stringify(calendar({ items: [], counts, total: 0 })), { status: 200 }));
    expect(await screen.findByRole('heading', { name: 'Nothing due' })).toBeInTheDocument();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    renderPage(() => new Response(JSON.stringify({ error: { message: 'Database unavailable' } }), { status: 500 }));
    expect(await screen.findByText(/Database unavailable/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});
