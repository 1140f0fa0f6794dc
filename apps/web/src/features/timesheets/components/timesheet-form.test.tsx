import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Timesheet, TimesheetInput } from '@td/shared/schemas/timesheet';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { TimesheetForm } from './timesheet-form.tsx';

const RAVI = {
  id: '00000000-0000-4000-8000-000000000002',
  worker_id: 'TD-1002',
  first_name: 'Ravi',
  last_name: 'Kumar',
  rate_type: 'Daily',
  salary_rate: 95,
  fin_no: null,
  wp_no: null,
  email: null,
  rest_day: 'Sunday',
};

const saved: Timesheet = {
  id: '11111111-0000-4000-8000-000000000001',
  worker_id: RAVI.id,
  work_date: '2025-03-10',
  time_in: '19:00',
  time_out: '07:30',
  hours_worked: 8,
  overtime_hours: 3.5,
  notes: null,
  site_id: null,
  site: null,
  created_at: '2025-03-10T12:00:00.000Z',
  updated_at: '2025-03-10T12:00:00.000Z',
  worker: { id: RAVI.id, first_name: 'Ravi', last_name: 'Kumar', worker_id: 'TD-1002' },
  first_name: 'Ravi',
  last_name: 'Kumar',
  worker_code: 'TD-1002',
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ items: [RAVI], total: 1 }), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(onSave: (input: TimesheetInput) => Promise<Timesheet>, timesheet?: Timesheet) {
  const onSaved = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/form',
        element: (
          <TimesheetForm
            mode={timesheet ? 'edit' : 'add'}
            timesheet={timesheet}
            onSave={onSave}
            onSaved={onSaved}
            onCancel={() => undefined}
          />
        ),
      },
    ],
    { initialEntries: ['/form'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { onSaved };
}

describe('TimesheetForm', () => {
  it('computes the hours live from the times (SPEC 9) in read-only fields', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn());
    const hours = screen.getByLabelText('Hours Worked');
    expect(hours).toHaveAttribute('readonly');
    expect(hours).toHaveValue('0.00');
    await user.type(screen.getByLabelText('Time In'), '19:00');
    await user.type(screen.getByLabelText('Time Out'), '07:30');
    expect(hours).toHaveValue('8.00');
    expect(screen.getByLabelText('Overtime Hours')).toHaveValue('3.50');
  });

  it('shows both SPEC 5 messages at once and saves nothing', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderForm(onSave);
    await user.clear(screen.getByLabelText(/^Work Date/));
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }));
    expect(await screen.findByText('Worker is required')).toBeInTheDocument();
    expect(screen.getByText('Work date is required')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the parsed values without hours, and shows the server refusal in the red banner', async () => {
    const user = userEvent.setup();
    const message =
      'A timesheet for Ravi Kumar already exists for 10/03/2025. Please edit the existing timesheet instead.';
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, message, 'CONFLICT'))
      .mockResolvedValueOnce(saved);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { onSaved } = renderForm(onSave);
    await user.type(screen.getByRole('combobox', { name: /^Worker/ }), 'ravi');
    await user.click(await screen.findByRole('option', { name: /Ravi Kumar/ }));
    await user.clear(screen.getByLabelText(/^Work Date/));
    await user.type(screen.getByLabelText(/^Work Date/), '2025-03-10');
    await user.type(screen.getByLabelText('Time In'), '19:00');
    // Probe finding 16: a missing time is a field error, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }));
    expect(await screen.findByText('Time Out is required')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Time Out'), '07:00');
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onSave).toHaveBeenCalledWith({
      worker_id: RAVI.id,
      work_date: '2025-03-10',
      time_in: '19:00',
      time_out: '07:00',
      notes: null,
      site_id: null,
      // Decision 092: left blank, the employer asked for the rest-day work.
      rest_day_requested_by: 'Employer',
      // Decision 094: sent true only after the lapsed-certificate warning was confirmed.
      confirm_lapsed_certificates: false,
    });
    // Monday 10 March 2025 is not Ravi's rest day: the question is not asked.
    expect(screen.queryByLabelText(/Rest day work requested by/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
  });

  it('asks before saving a shift over 16 hours, and refuses a date after today (probe finding 16)', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    const onSave = vi.fn().mockResolvedValue(saved);
    const { onSaved } = renderForm(onSave);
    await user.type(screen.getByRole('combobox', { name: /^Worker/ }), 'ravi');
    await user.click(await screen.findByRole('option', { name: /Ravi Kumar/ }));
    const date = screen.getByLabelText(/^Work Date/);
    await user.clear(date);
    // Two days ahead: after today in any time zone.
    await user.type(date, new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10));
    await user.type(screen.getByLabelText('Time In'), '06:00');
    await user.type(screen.getByLabelText('Time Out'), '05:45');
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }));
    expect(
      await screen.findByText('Work date cannot be after today: a timesheet records work already done'),
    ).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(date);
    await user.type(date, '2025-03-10');
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Save a shift over 16 hours?' });
    expect(dialog).toHaveTextContent('06:00 to 05:45 is 23.75 hours, past midnight.');
    await user.click(screen.getByRole('button', { name: 'Check the Times' }));
    expect(onSave).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByLabelText('Time Out')).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }));
    await user.click(await screen.findByRole('button', { name: 'Save Anyway' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it("asks who requested the work only on the worker's rest day, and sends the answer (decision 092, EA s.37)", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn().mockResolvedValue(saved);
    renderForm(onSave);
    await user.type(screen.getByRole('combobox', { name: /^Worker/ }), 'ravi');
    await user.click(await screen.findByRole('option', { name: /Ravi Kumar/ }));
    const date = screen.getByLabelText(/^Work Date/);
    await user.clear(date);
    await user.type(date, '2025-03-08');
    expect(screen.queryByLabelText(/Rest day work requested by/)).not.toBeInTheDocument();
    await user.clear(date);
    // Sunday 9 March 2025: Ravi's rest day.
    await user.type(date, '2025-03-09');
    const question = screen.getByLabelText(/Rest day work requested by/);
    expect(question).toHaveValue('Employer');
    await user.selectOptions(question, 'Employee');
    await user.type(screen.getByLabelText(/^Time In/), '08:00');
    await user.type(screen.getByLabelText(/^Time Out/), '12:00');
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({ work_date: '2025-03-09', rest_day_requested_by: 'Employee' }),
      ),
    );
  });

  it('takes the duplicate banner away once the date or the worker changes (probe finding 30)', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    const message =
      'A timesheet for Ravi Kumar already exists for 10/03/2025. Please edit the existing timesheet instead.';
    const onSave = vi.fn().mockRejectedValue(new ApiError(409, message, 'CONFLICT', { work_date: message }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderForm(onSave);
    await user.type(screen.getByRole('combobox', { name: /^Worker/ }), 'ravi');
    await user.click(await screen.findByRole('option', { name: /Ravi Kumar/ }));
    const date = screen.getByLabelText(/^Work Date/);
    await user.clear(date);
    await user.type(date, '2025-03-10');
    await user.type(screen.getByLabelText(/^Time In/), '08:00');
    await user.type(screen.getByLabelText(/^Time Out/), '17:00');
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // A change elsewhere leaves it: the clash is still there.
    await user.type(screen.getByLabelText('Notes'), 'x');
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    await user.clear(date);
    await user.type(date, '2025-03-11');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('shows the stored timesheet when editing, its worker named without a search', () => {
    renderForm(vi.fn(), saved);
    expect(screen.getByRole('combobox', { name: /^Worker/ })).toHaveValue('Ravi Kumar (TD-1002)');
    expect(screen.getByLabelText('Time In')).toHaveValue('19:00');
    expect(screen.getByLabelText('Overtime Hours')).toHaveValue('3.50');
    expect(screen.getByRole('button', { name: 'Update Timesheet' })).toBeInTheDocument();
  });
  it('asks to confirm a lapsed safety certificate and saves with the confirmation (decision 094)', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    const warning = "Ravi Kumar's CSOC certificate lapsed on 2025-03-01. Confirm to record the timesheet anyway.";
    const onSave = vi
      .fn<(input: TimesheetInput) => Promise<Timesheet>>()
      .mockRejectedValueOnce(new ApiError(409, warning, 'CERTIFICATE_LAPSED', { work_date: warning }))
      .mockResolvedValueOnce(saved);
    const { onSaved } = renderForm(onSave);
    await user.type(screen.getByRole('combobox', { name: /^Worker/ }), 'ravi');
    await user.click(await screen.findByRole('option', { name: /Ravi Kumar/ }));
    await user.clear(screen.getByLabelText(/^Work Date/));
    await user.type(screen.getByLabelText(/^Work Date/), '2025-03-10');
    await user.type(screen.getByLabelText(/^Time In/), '08:00');
    await user.type(screen.getByLabelText(/^Time Out/), '17:00');
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Safety certificate lapsed' });
    expect(dialog).toHaveTextContent(warning);
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Record anyway' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ confirm_lapsed_certificates: true }));
  });

  it('names the site of the work (decision 090): an edit keeps an inactive site and may change it', async () => {
    const TUAS = { id: '22222222-0000-4000-8000-000000000001', name: 'Tuas Mega Port', active: true };
    const OLD = { id: '22222222-0000-4000-8000-000000000002', name: 'Old Yard' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        const body = url.startsWith('/api/sites') ? { items: [TUAS], total: 1 } : { items: [RAVI], total: 1, ...RAVI };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    const user = userEvent.setup();
    const onSave = vi.fn(async () => saved);
    renderForm(onSave, { ...saved, time_in: '08:00', time_out: '17:00', site_id: OLD.id, site: OLD });
    const site = screen.getByLabelText('Site');
    expect(site).toHaveValue(OLD.id);
    await screen.findByRole('option', { name: 'Tuas Mega Port' });
    expect(site).toHaveValue(OLD.id);
    await user.selectOptions(site, TUAS.id);
    await user.click(screen.getByRole('button', { name: 'Update Timesheet' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ site_id: TUAS.id })));
  });
});
