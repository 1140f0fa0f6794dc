import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { LevySheet } from '@td/shared/schemas/levy-report';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LevyReportPage } from './levy-report-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** `count` Work Permit holders, each on a full month of the R2 non-traditional-source rate. */
function sheet(month: string, count: number): LevySheet {
  const items = Array.from({ length: count }, (_, index) => ({
    worker_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    worker_code: `W${String(index + 1).padStart(4, '0')}`,
    name: `Worker ${index + 1}`,
    fin: `G****${String(index).padStart(3, '0')}X`,
    levy_tier: 'R2-NTS' as const,
    date_of_issuance: '2025-01-02',
    wp_cancellation_date: null,
    days: 30,
    monthly_rate: 900,
    amount: 900,
  }));
  return { month, items, total: 900 * count, due_date: '2026-12-17', without_tier: [] };
}

let sizeOf: (month: string) => number;
beforeEach(() => {
  sizeOf = () => 3;
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const month = url.searchParams.get('month') ?? '';
    if (url.pathname !== '/api/reports/levy/sheet') return json({ message: 'unexpected' }, 500);
    if (month === '2026-02') return json({ error: { code: 'INTERNAL', message: 'The database is away' } }, 500);
    return json(sheet(month, sizeOf(month)));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/reports/levy', element: <LevyReportPage /> }], {
    initialEntries: ['/reports/levy'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function chooseMonth(month: string) {
  const field = screen.getByLabelText('Month');
  await userEvent.clear(field);
  await userEvent.type(field, month);
}

describe('LevyReportPage', () => {
  it("lists each permit's levy with the total and its GIRO date", async () => {
    renderPage();
    await chooseMonth('2026-11');
    const table = await screen.findByRole('table', { name: 'Foreign Worker Levy, 2026-11' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('row', { name: /Worker 2 \(W0002\)/ })).toHaveTextContent(
      'R2, non-traditional source',
    );
    expect(screen.getByText(/Total levy/)).toHaveTextContent('2,700.00');
    expect(screen.queryByRole('navigation', { name: 'Levy report pages' })).not.toBeInTheDocument();
  });

  it('pages a large month fifty permits at a time, back to the first page on a new month', async () => {
    sizeOf = (month) => (month === '2026-11' ? 120 : 60);
    renderPage();
    await chooseMonth('2026-11');
    const table = await screen.findByRole('table', { name: 'Foreign Worker Levy, 2026-11' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    const pages = screen.getByRole('navigation', { name: 'Levy report pages' });
    expect(pages).toHaveTextContent('Showing 1–50 of 120');
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(pages).toHaveTextContent('Showing 101–120 of 120');
    expect(within(table).getByRole('row', { name: /Worker 120/ })).toBeInTheDocument();
    await chooseMonth('2026-10');
    expect(await screen.findByRole('navigation', { name: 'Levy report pages' })).toHaveTextContent(
      'Showing 1–50 of 60',
    );
  });

  it("says when no permit was valid, and shows the server's error", async () => {
    sizeOf = () => 0;
    renderPage();
    await chooseMonth('2026-11');
    expect(await screen.findByText('No Work Permit holder had a valid permit in 2026-11.')).toBeInTheDocument();
    await chooseMonth('2026-02');
    expect(await screen.findByText('Failed to load the report')).toBeInTheDocument();
  });
});
