import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { duplicateTimesheetMessage } from '@td/shared/schemas/timesheet';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast.tsx';
import { TimesheetCrewPage } from './timesheet-crew-page.tsx';
import { TimesheetListPage } from './timesheet-list-page.tsx';

const worker = (n: number, first: string, last: string) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  worker_id: `TD-100${n}`,
  first_name: first,
  last_name: last,
  rate_type: 'Daily',
  salary_rate: 95,
  fin_no: null,
  wp_no: null,
  email: null,
});
const RAVI = worker(1, 'Ravi', 'Kumar');
// Decision 092: a worker whose rest day is not the contract's Sunday.
const AUNG = { ...worker(2, 'Aung', 'Thu'), rest_day: 'Saturday' };

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
/** The workers the server says already have a timesheet on the date asked. */
let recorded: string[] = [];
const crewPosts = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/timesheets/crew' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as { work_date: string; rows: Array<{ worker_id: string }> });

beforeEach(() => {
  recorded = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/workers/lookup') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const items = [RAVI, AUNG].filter((w) => `${w.first_name} ${w.last_name}`.toLowerCase().includes(q));
      return json({ items, total: items.length });
    }
    if (url.pathname === '/api/timesheets/crew/companies') return json({ items: [] });
    if (url.pathname === '/api/timesheets/crew/recorded') {
      return json({ work_date: url.searchParams.get('work_date'), worker_ids: recorded });
    }
    if (url.pathname === '/api/timesheets/crew' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { work_date: string; rows: Array<{ worker_id: string }> };
      const skipped = body.rows
        .filter((row) => recorded.includes(row.worker_id))
        .map((row) => ({ worker_id: row.worker_id, message: duplicateTimesheetMessage('Aung Thu', body.work_date) }));
      return json({ saved: body.rows.length - skipped.length, skipped });
    }
    if (url.pathname === '/api/timesheets/summary') {
      return json({ month: '2025-03', workers: 0, timesheets: 0, total_hours: 0, total_overtime_hours: 0 });
    }
    if (url.pathname === '/api/timesheets') return json({ items: [], total: 0, month: '2025-03' });
    return json({});
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderCrew() {
  const router = createMemoryRouter(
    [
      { path: '/timesheet/crew', element: <TimesheetCrewPage /> },
      { path: '/timesheet', element: <TimesheetListPage /> },
    ],
    { initialEntries: ['/timesheet/crew'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}

async function addCrew(user: ReturnType<typeof userEvent.setup>) {
  const date = screen.getByLabelText(/^Work Date/);
  await user.clear(date);
  await user.type(date, '2025-03-10');
  for (const name of ['ravi', 'aung']) {
    await user.type(screen.getByRole('combobox', { name: 'Add a worker' }), name);
    await user.click(await screen.findByRole('option', { name: new RegExp(name, 'i') }));
  }
  await screen.findByRole('button', { name: 'Save 2 Timesheets' });
}

describe('TimesheetCrewPage (probe finding 18)', () => {
  it('says before Save which workers already have that day', { timeout: 20_000 }, async () => {
    recorded = [AUNG.id];
    const user = userEvent.setup();
    renderCrew();
    await addCrew(user);
    const warning = await screen.findByText(/^1 of 2 already has a timesheet on .+ and will be skipped$/);
    expect(warning.closest('[role="status"]')).toHaveTextContent('Aung Thu');
    const rows = screen.getByRole('list', { name: 'Crew rows' });
    expect(within(rows).getAllByText('Already has a timesheet that day')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remove this worker from the crew' }));
    expect(screen.getByRole('button', { name: 'Save 1 Timesheet' })).toBeVisible();
    expect(screen.queryByText(/already has a timesheet on/)).not.toBeInTheDocument();
  });

  it('keeps the skipped rows with their times, and brings the result into view and focus', {
    timeout: 20_000,
  }, async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const user = userEvent.setup();
    renderCrew();
    await addCrew(user);
    const aungIn = screen.getByLabelText('Time In for Aung Thu');
    await user.clear(aungIn);
    await user.type(aungIn, '09:15');
    // Someone else records Aung's day after the form last asked.
    recorded = [AUNG.id];
    await user.click(screen.getByRole('button', { name: 'Save 2 Timesheets' }));

    const result = await screen.findByRole('region', { name: 'Crew entry result' });
    expect(result).toHaveTextContent(/1 timesheet saved for .+; 1 skipped/);
    expect(result).toHaveTextContent(duplicateTimesheetMessage('Aung Thu', '2025-03-10'));
    await waitFor(() => expect(result).toHaveFocus());
    expect(scrolled).toHaveBeenCalled();
    expect(crewPosts()).toHaveLength(1);
    // The saved row left the form; the skipped one stays with the time typed.
    const rows = screen.getByRole('list', { name: 'Crew rows' });
    expect(within(rows).queryByText('Ravi Kumar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Time In for Aung Thu')).toHaveValue('09:15');
    expect(screen.getByRole('button', { name: 'Save 1 Timesheet' })).toBeVisible();
  });

  it('opens the month with the result in view and focused when every row was saved', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const router = renderCrew();
    await addCrew(user);
    await user.click(screen.getByRole('button', { name: 'Save 2 Timesheets' }));
    const result = await screen.findByRole('region', { name: 'Crew entry result' });
    expect(router.state.location.pathname).toBe('/timesheet');
    expect(result).toHaveTextContent(/2 timesheets saved for/);
    await waitFor(() => expect(result).toHaveFocus());
  });

  it("asks who requested the work when the day is a Sunday, the contract's rest day (decision 092)", {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    renderCrew();
    await addCrew(user);
    expect(screen.queryByLabelText('Rest day work requested by')).not.toBeInTheDocument();
    const date = screen.getByLabelText(/^Work Date/);
    await user.clear(date);
    // Sunday 9 March 2025.
    await user.type(date, '2025-03-09');
    await user.selectOptions(screen.getByLabelText('Rest day work requested by'), 'Employee');
    await user.click(screen.getByRole('button', { name: 'Save 2 Timesheets' }));
    await waitFor(() => expect(crewPosts()).toHaveLength(1));
    expect(crewPosts()[0]).toMatchObject({ work_date: '2025-03-09', rest_day_requested_by: 'Employee' });
  });

  it("asks on each worker's own rest day, naming the workers it is the rest day of (decision 092)", {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    renderCrew();
    await addCrew(user);
    const date = screen.getByLabelText(/^Work Date/);
    await user.clear(date);
    // Saturday 8 March 2025: Aung's rest day, not Ravi's.
    await user.type(date, '2025-03-08');
    const question = screen.getByLabelText('Rest day work requested by');
    expect(question).toHaveAccessibleDescription(/^Saturday is the rest day of Aung Thu \(/);
    await user.clear(date);
    // Sunday 9 March 2025: Ravi's (the contract's rest day when the record says none).
    await user.type(date, '2025-03-09');
    expect(screen.getByLabelText('Rest day work requested by')).toHaveAccessibleDescription(
      /^Sunday is the rest day of Ravi Kumar \(/,
    );
  });
});

describe('TimesheetCrewPage (probe finding 16)', () => {
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

  it('asks before saving shifts over 16 hours, naming them', { timeout: 20_000 }, async () => {
    recorded = [];
    const user = userEvent.setup();
    renderCrew();
    await addCrew(user);
    const aungOut = screen.getByLabelText('Time Out for Aung Thu');
    await user.clear(aungOut);
    await user.type(aungOut, '05:45');
    await user.click(screen.getByRole('button', { name: 'Save 2 Timesheets' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Save shifts over 16 hours?' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    expect(dialog).toHaveTextContent('Aung Thu:');
    await user.click(within(dialog).getByRole('button', { name: 'Check the Times' }));
    expect(posts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save 2 Timesheets' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save Anyway' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
  });

  it('refuses a row without times and a date after today before sending', { timeout: 20_000 }, async () => {
    recorded = [];
    const user = userEvent.setup();
    renderCrew();
    await addCrew(user);
    await user.clear(screen.getByLabelText('Time In for Ravi Kumar'));
    const date = screen.getByLabelText(/^Work Date/);
    await user.clear(date);
    await user.type(date, new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10));
    await user.click(screen.getByRole('button', { name: 'Save 2 Timesheets' }));
    expect(await screen.findByText('Time In is required')).toBeVisible();
    expect(screen.getByText('Work date cannot be after today: a timesheet records work already done')).toBeVisible();
    expect(posts()).toHaveLength(0);
  });
});
