import { QueryClientProvider } from '@tanstack/react-query';
import type { Worker } from '@td/shared/schemas/worker';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { EmploymentLetterPage } from './employment-letter-page.tsx';

const WORKER_ID = '6f1c2d4e-0000-4000-8000-000000000001';

const worker = (overrides: Partial<Worker> = {}): Worker => ({
  id: WORKER_ID,
  worker_id: 'TD-4821',
  first_name: 'Ali',
  last_name: 'Rahman',
  date_of_birth: '1990-05-17',
  nationality: 'Bangladeshi',
  phone_number: null,
  email: null,
  passport_no: 'BD1234567',
  type_of_pass: 'WP',
  fin_no: 'G1234567X',
  wp_no: 'WP-778',
  date_of_application: null,
  date_of_issuance: null,
  wp_expiry_date: null,
  coretrade_expiry_date: null,
  levy: null,
  coretrade: 'R1',
  status: 'Working',
  supplied_to_company: null,
  designation: 'Rigger',
  rate_type: 'Daily',
  salary_rate: 95,
  photo_url: null,
  ipa_url: null,
  consent_letter_url: null,
  contract_url: null,
  employment_start_date: null,
  employment_end_date: null,
  bank_swift_code: null,
  bank_account_no: null,
  payment_mode: null,
  rest_day: 'Sunday',
  working_days_per_week: 6,
  normal_hours_per_day: 8,
  declared_monthly_salary: null,
  created_at: '2024-01-10T02:00:00.000Z',
  updated_at: '2024-01-10T02:00:00.000Z',
  passport_expiry_date: null,
  security_bond_number: null,
  security_bond_issuer: null,
  security_bond_amount: null,
  security_bond_expiry_date: null,
  medical_insurer: null,
  medical_policy_number: null,
  medical_insurance_expiry_date: null,
  sip_required: false,
  sip_required_override: null,
  sip_attended_date: null,
  probation_months: null,
  compliance_flags: [],
  pr_start_date: null,
  pr_cpf_scheme: 'G/G',
  wp_cancellation_date: null,
  levy_tier: null,
  levy_tier_override: null,
  ...overrides,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const pdf = (bytes = '%PDF-1.7 letter') =>
  new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/pdf' } });

type Answer = Response | Promise<Response> | Error;
let answers: { worker: () => Answer; letter: () => Answer };
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  const answer = url.endsWith('/employment-letter') ? answers.letter() : answers.worker();
  if (answer instanceof Error) throw answer;
  return answer;
});

beforeEach(() => {
  answers = { worker: () => json(200, worker()), letter: () => pdf() };
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/letter-1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockClear();
});

function renderPage(path = `/worker/employment-letter/${WORKER_ID}`) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/worker/employment-letter/:id" element={<EmploymentLetterPage />} />
          <Route path="/worker/employment-letter" element={<EmploymentLetterPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const shownValue = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('EmploymentLetterPage', () => {
  it('says No worker ID provided without an id, and asks the server nothing', () => {
    renderPage('/worker/employment-letter');
    expect(screen.getByRole('alert')).toHaveTextContent('No worker ID provided');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the Worker Details card with N/A for missing values and the default designation', async () => {
    answers.worker = () =>
      json(200, worker({ fin_no: null, wp_no: null, designation: null, salary_rate: null, rate_type: null }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Worker Details' })).toBeInTheDocument();
    expect(shownValue('Name')).toBe('Ali Rahman');
    expect(shownValue('Worker ID')).toBe('TD-4821');
    expect(shownValue('FIN No.')).toBe('N/A');
    expect(shownValue('WP No.')).toBe('N/A');
    expect(shownValue('Designation')).toBe('Construction Worker');
    expect(shownValue('Salary')).toBe('N/A');
    expect(screen.getByRole('heading', { name: 'No letter generated yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
  });

  it('shows the salary as rate type and amount to 2 decimals', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Worker Details' });
    expect(shownValue('Salary')).toBe('Daily: $95.00');
    expect(shownValue('FIN No.')).toBe('G1234567X');
    expect(shownValue('WP No.')).toBe('WP-778');
    expect(shownValue('Designation')).toBe('Rigger');
  });

  it('says Worker not found for an unknown worker', async () => {
    answers.worker = () => json(404, { error: { code: 'NOT_FOUND', message: 'Worker not found' } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Worker not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('shows Failed to fetch worker details in a red alert when the worker cannot be loaded', async () => {
    answers.worker = () => json(403, { error: { code: 'FORBIDDEN', message: 'No' } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch worker details');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('generates (Generating... while busy), previews the PDF and downloads Employment_Letter_{first}_{last}.pdf', async () => {
    const user = userEvent.setup();
    let deliver: (response: Response) => void = () => undefined;
    answers.letter = () => new Promise<Response>((resolve) => (deliver = resolve));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate Employment Letter' }));

    const busy = screen.getByRole('button', { name: 'Generating...' });
    expect(busy).toBeDisabled();
    expect(fetchMock).toHaveBeenLastCalledWith(
      `/api/workers/${WORKER_ID}/employment-letter`,
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    deliver(pdf());

    const preview = await screen.findByTitle('Employment letter for Ali Rahman');
    expect(preview.tagName).toBe('IFRAME');
    expect(preview).toHaveAttribute('src', 'blob:http://localhost/letter-1#view=FitH');
    expect(preview).toHaveClass('h-[800px]');
    expect(screen.getByRole('button', { name: 'Generate Employment Letter' })).toBeEnabled();

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('Employment_Letter_Ali_Rahman.pdf');
    expect(link.href).toBe('blob:http://localhost/letter-1');
  });

  it.each([
    [
      'the worker is gone',
      () => json(404, { error: { code: 'NOT_FOUND', message: 'Worker not found' } }),
      ': Worker not found',
    ],
    ['the server cannot be reached', () => new TypeError('Failed to fetch'), ': Could not fetch worker data'],
    [
      'the server fails',
      () => json(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } }),
      ': Something went wrong',
    ],
    ['the builder returns nothing', () => pdf(''), ''],
  ] as const)('says Failed to generate employment letter when %s', async (_, answer, reason) => {
    const user = userEvent.setup();
    answers.letter = answer;
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate Employment Letter' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(new RegExp(`^Failed to generate employment letter${reason}$`));
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
    expect(within(document.body).queryByTitle('Employment letter for Ali Rahman')).not.toBeInTheDocument();
  });
});
