import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { payRunWarningMessage } from '@td/shared/options/pay-runs';
import type { PayRun } from '@td/shared/schemas/pay-run';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast.tsx';
import { PayRunPage } from './pay-run-page.tsx';

const RUN_ID = '00000000-0000-4000-8000-000000000001';
const run = (overrides: Partial<PayRun>): PayRun => ({
  id: RUN_ID,
  status: 'Draft',
  pay_period_start: '2026-10-01',
  pay_period_end: '2026-10-31',
  pay_by_date: '2026-11-07',
  progress: { done: 3, total: 3 },
  generated: 3,
  skipped: [],
  warnings: [],
  totals: { gross: 5400, deductions: 0, nett_salary: 5400 },
  created_by: 'Nur Aisyah',
  approved_by: null,
  approved_at: null,
  paid_at: null,
  payment_date: null,
  error: null,
  ...overrides,
});

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
let answer: PayRun = run({});

beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === `/api/pay-runs/${RUN_ID}`) return json(answer);
    if (url.pathname === '/api/payslips') return json({ items: [], total: 0 });
    return json({});
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderRun() {
  const router = createMemoryRouter([{ path: '/payslip/run/:id', element: <PayRunPage /> }], {
    initialEntries: [`/payslip/run/${RUN_ID}`],
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

describe('Pay run: the warnings summary (decision 092)', () => {
  it('lists each warning with how many payslips carry it', async () => {
    answer = run({
      warnings: [
        { code: 'OVERTIME_OVER_72', payslips: 2, message: payRunWarningMessage('OVERTIME_OVER_72', 2) },
        { code: 'CHARGES_NOT_APPROVED', payslips: 1, message: payRunWarningMessage('CHARGES_NOT_APPROVED', 1) },
      ],
    });
    renderRun();
    const summary = (await screen.findByText('Warnings in this run')).closest('[role="status"]');
    if (!(summary instanceof HTMLElement)) throw new Error('no summary');
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2 payslips: more than 72 overtime hours in the month (Employment Act s.38); the hours are paid',
      '1 payslip: admin charges not Approved, not deducted',
    ]);
  });

  it('shows no summary for a run without warnings', async () => {
    answer = run({});
    renderRun();
    expect(await screen.findByText('Nett salary')).toBeInTheDocument();
    expect(screen.queryByText('Warnings in this run')).not.toBeInTheDocument();
  });
});
