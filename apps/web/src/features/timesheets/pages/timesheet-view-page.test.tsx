import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast.tsx';
import { TimesheetViewPage } from './timesheet-view-page.tsx';

const WORKER_ID = '00000000-0000-4000-8000-000000000001';
const timesheet = (overrides: Record<string, unknown>) => ({
  id: '00000000-0000-4000-8000-0000000000aa',
  worker_id: WORKER_ID,
  work_date: '2025-03-09', // a Sunday
  time_in: '08:00',
  time_out: '17:00',
  hours_worked: 8,
  overtime_hours: 0,
  notes: null,
  site_id: null,
  site: null,
  rest_day_requested_by: 'Employee',
  created_at: '2025-03-09T10:00:00.000Z',
  updated_at: '2025-03-09T10:00:00.000Z',
  worker: { id: WORKER_ID, first_name: 'Ravi', last_name: 'Kumar', worker_id: 'TD-1001' },
  first_name: 'Ravi',
  last_name: 'Kumar',
  worker_code: 'TD-1001',
  ...overrides,
});

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
let answer: Record<string, unknown> = timesheet({});
let restDay = 'Sunday';

beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.startsWith('/api/timesheets/')) return json(answer);
    if (url.pathname === `/api/workers/${WORKER_ID}`) return json({ id: WORKER_ID, rest_day: restDay });
    return json({});
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderView() {
  const router = createMemoryRouter([{ path: '/timesheet/view/:id', element: <TimesheetViewPage /> }], {
    initialEntries: [`/timesheet/view/${answer.id}`],
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

const requestedBy = () => screen.queryByText('Rest day work requested by');

describe('Timesheet Details: rest-day work and site (issues 43, 48)', () => {
  it("shows who asked for the work on the worker's rest day, and the site", async () => {
    answer = timesheet({ site_id: 's1', site: { id: 's1', name: 'Tuas Mega Port' } });
    restDay = 'Sunday';
    renderView();
    expect(await screen.findByText(/Employee \(the worker's own request: half the rest-day pay/)).toBeInTheDocument();
    expect(await screen.findByText(/Sunday is this worker's rest day/)).toBeInTheDocument();
    expect(screen.getByText('Rest day work requested by')).toBeInTheDocument();
    expect(screen.getByText('Tuas Mega Port')).toBeInTheDocument();
  });

  it("says the employer asked when the worker's rest day was worked at the default", async () => {
    answer = timesheet({ rest_day_requested_by: 'Employer' });
    restDay = 'Sunday';
    renderView();
    expect(await screen.findByText(/Employer \(the employer's request: full rest-day pay/)).toBeInTheDocument();
    expect(screen.getByText('No site')).toBeInTheDocument();
  });

  it('leaves the question out on a working day at the default', async () => {
    answer = timesheet({ rest_day_requested_by: 'Employer', work_date: '2025-03-10' });
    restDay = 'Sunday';
    renderView();
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    // The worker's record has arrived (its rest day decides) and still no question.
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`/api/workers/${WORKER_ID}`))).toBe(true),
    );
    expect(requestedBy()).toBeNull();
  });
});
