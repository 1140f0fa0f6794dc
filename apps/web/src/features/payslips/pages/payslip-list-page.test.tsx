import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PAYSLIP_MESSAGES } from '@td/shared/options/payslips';
import type { Payslip } from '@td/shared/schemas/payslip';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast.tsx';
import { PayslipListPage } from './payslip-list-page.tsx';

/** 60 payslips covering November 2026; every tenth is Paid (6 of them). */
const PAYSLIPS: Payslip[] = Array.from({ length: 60 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  worker_id: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  pay_period_start: '2026-11-01',
  pay_period_end: '2026-11-30',
  status: i % 10 === 9 ? 'Paid' : 'Generated',
  generated_by: 'Nur Aisyah',
  generated_at: '2026-12-01T02:00:00.000Z',
  paid_at: null,
  email_requested: false,
  rate_type: 'Daily',
  salary_rate: 80,
  admin_charges: [],
  warnings: [],
  worker: {
    first_name: 'Worker',
    last_name: `No${i}`,
    worker_id: `TD-${1000 + i}`,
    fin_no: null,
    wp_no: null,
    email: null,
  },
  created_at: '2026-12-01T02:00:00.000Z',
  updated_at: '2026-12-01T02:00:00.000Z',
  total_hours_worked: 80,
  total_overtime_hours: 0,
  hourly_rate: 10,
  overtime_rate: 15,
  basic_salary: 800,
  overtime_amount: 0,
  admin_charges_deduction: 0,
  other_deductions: 0,
  nett_salary: 800,
  pay_rules: 'seed',
  rest_day_pay: 0,
  public_holiday_pay: 0,
  declared_salary_topup: 0,
  gross_salary: 800,
  not_deducted: [],
  pay_lines: {
    basic: '80.00 h at $10.00 an hour (SPEC 9)',
    overtime: '0.00 h at $15.00 an hour (SPEC 9)',
    rest_day: 'Not paid under the seed rules',
    public_holiday: 'Not paid under the seed rules',
    declared_topup: 'Not paid under the seed rules',
  },
  last_email: null,
  pay_run_id: null,
  payment_date: null,
  payment_mode: null,
  additions: [],
  cpf_ordinary_wages: 0,
  cpf_additional_wages: 0,
  cpf_employee: 0,
  cpf_employer: 0,
  sdl: 0,
  levy: 0,
}));

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
beforeEach(() => {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/payslips/summary') return json({ total: 60, generated: 54, sent: 0, paid: 6 });
    if (url.pathname === '/api/payslips/mark-paid') {
      const { ids } = JSON.parse(String(init?.body)) as { ids: string[] };
      return json({ payslips: ids.length, admin_charges: 0 });
    }
    if (url.pathname === '/api/payslips') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('pageSize') ?? 25);
      return json({
        items: PAYSLIPS.slice((page - 1) * size, page * size),
        total: PAYSLIPS.length,
        page,
        pageSize: size,
      });
    }
    return json({ items: [], total: 0 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/payslip', element: <PayslipListPage /> }], {
    initialEntries: ['/payslip?month=2026-11'],
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

const markPaidIds = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).includes('/mark-paid'))
    .map(([, init]) => (JSON.parse(String(init?.body)) as { ids: string[] }).ids);

describe('PayslipListPage batch selection', () => {
  it('after Select All offers every payslip of the month, and marks all of them paid (probe finding 29)', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: /^Worker No0$/ });
    await user.click(screen.getByRole('button', { name: 'Batch Select' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Batch actions' });
    await user.click(within(toolbar).getByRole('button', { name: 'Select All' }));
    // Page 1 holds 25, two of them Paid.
    expect(within(toolbar).getByText('23 selected')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Select all 60 in November 2026' }));
    await waitFor(() => expect(within(toolbar).getByText('54 selected')).toBeVisible());
    expect(
      screen.getByText('All 54 payslips not yet paid in November 2026 are selected (6 already paid cannot be).'),
    ).toBeVisible();

    await user.click(within(toolbar).getByRole('button', { name: 'Mark 54 Selected as Paid' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Mark as Paid' }));
    await waitFor(() => expect(markPaidIds()).toHaveLength(1));
    const ids = markPaidIds()[0] ?? [];
    expect(new Set(ids)).toEqual(new Set(PAYSLIPS.filter((p) => p.status !== 'Paid').map((p) => p.id)));
  });

  it('clears "select at least one" once a payslip is selected (probe finding 30)', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: /^Worker No0$/ });
    await user.click(screen.getByRole('button', { name: 'Batch Select' }));
    await user.click(screen.getByRole('button', { name: 'Mark 0 Selected as Paid' }));
    expect(screen.getByText(PAYSLIP_MESSAGES.selectAtLeastOne)).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /Select payslip of Worker No0 / }));
    await user.click(screen.getByRole('checkbox', { name: /Select payslip of Worker No1 / }));
    expect(screen.queryByText(PAYSLIP_MESSAGES.selectAtLeastOne)).not.toBeInTheDocument();
  });
});

describe('PayslipListPage tiles', () => {
  it('count the month the list shows, and say so (probe finding 24)', { timeout: 20_000 }, async () => {
    renderPage();
    const tiles = await screen.findByRole('region', { name: 'Payslip summary' });
    await waitFor(() => expect(within(tiles).getByText('60')).toBeVisible());
    expect(within(tiles).getAllByText('Covering November 2026')).toHaveLength(4);
    const summaryUrls = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/payslips/summary');
    expect(summaryUrls.map((url) => url.searchParams.get('month'))).toContain('2026-11');
  });
});
