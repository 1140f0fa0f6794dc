import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type AdminCharge,
  type AdminChargeInput,
  AMOUNT_DECIMALS,
  AMOUNT_POSITIVE,
  AMOUNT_REQUIRED,
  CHARGE_DATE_REQUIRED,
  CHARGE_TYPE_REQUIRED,
  WORKER_REQUIRED,
} from '@td/shared/schemas/admin-charge';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { AdminChargeForm } from './admin-charge-form.tsx';

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

/** The worker lookup the picker asks. */
function fakeServer(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const body = url.pathname === '/api/workers/lookup' ? { items: [RAHIM], total: 1 } : RAHIM;
  return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));
}

beforeEach(() => vi.stubGlobal('fetch', vi.fn(fakeServer)));
afterEach(() => vi.unstubAllGlobals());

const savedCharge = (input: AdminChargeInput): AdminCharge => ({
  ...input,
  id: '11111111-0000-4000-8000-000000000000',
  status: 'Pending',
  approved_by: null,
  approved_at: null,
  created_at: '2025-03-14T02:00:00.000Z',
  updated_at: '2025-03-14T02:00:00.000Z',
  worker: { id: RAHIM.id, first_name: 'Rahim', last_name: 'Uddin', worker_id: 'TD-4821' },
  first_name: 'Rahim',
  last_name: 'Uddin',
  worker_code: 'TD-4821',
});

function renderForm(props: Partial<Parameters<typeof AdminChargeForm>[0]> = {}) {
  const onSave = vi.fn(async (input: AdminChargeInput) => savedCharge(input));
  const onSaved = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <AdminChargeForm
            mode="add"
            today="2025-03-14"
            onSave={onSave}
            onSaved={onSaved}
            onCancel={vi.fn()}
            {...props}
          />
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { onSave, onSaved };
}

const amountField = () => screen.getByLabelText(/^Amount \(SGD\)/);

async function pickRahim(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: 'Worker' }), 'rahim');
  await user.click(await screen.findByRole('option', { name: /Rahim Uddin/ }));
}

describe('AdminChargeForm', () => {
  it('dates a new charge today and offers the amount in steps of 0.01 from 0 (SPEC 5)', () => {
    renderForm();
    expect(screen.getByLabelText(/^Charge Date/)).toHaveValue('2025-03-14');
    expect(amountField()).toHaveAttribute('step', '0.01');
    expect(amountField()).toHaveAttribute('min', '0');
    expect(screen.getByRole('combobox', { name: 'Worker' })).toBeRequired();
  });

  it('shows every required-field message at once, focuses the first, and clears each when edited', async () => {
    const user = userEvent.setup();
    const { onSave } = renderForm({ today: '' });
    await user.click(screen.getByRole('button', { name: 'Save Admin Charge' }));
    for (const message of [WORKER_REQUIRED, CHARGE_DATE_REQUIRED, CHARGE_TYPE_REQUIRED, AMOUNT_REQUIRED]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
    expect(onSave).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Worker' })).toHaveFocus());

    // SPEC 5: a message clears as soon as its field is edited, even before it is valid.
    await user.type(amountField(), '5');
    expect(screen.queryByText(AMOUNT_REQUIRED)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Charge Type/), 'Attendance');
    expect(screen.queryByText(CHARGE_TYPE_REQUIRED)).not.toBeInTheDocument();
    expect(screen.getByText(WORKER_REQUIRED)).toBeVisible();
    await pickRahim(user);
    expect(screen.queryByText(WORKER_REQUIRED)).not.toBeInTheDocument();
    expect(screen.getByText(CHARGE_DATE_REQUIRED)).toBeVisible();
  });

  it.each([
    ['0', AMOUNT_POSITIVE],
    ['0.00', AMOUNT_POSITIVE],
    ['-5', AMOUNT_POSITIVE],
    ['12.345', AMOUNT_DECIMALS],
  ])('refuses the amount %s with "%s"', async (amount, message) => {
    const user = userEvent.setup();
    const { onSave } = renderForm();
    await pickRahim(user);
    await user.selectOptions(screen.getByLabelText(/^Charge Type/), 'Misconduct');
    await user.type(amountField(), amount);
    await user.click(screen.getByRole('button', { name: 'Save Admin Charge' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the parsed charge: worker id, date, type, exact amount, description or null', async () => {
    const user = userEvent.setup();
    const { onSave, onSaved } = renderForm();
    await pickRahim(user);
    await user.selectOptions(screen.getByLabelText(/^Charge Type/), 'Equipment Damage');
    await user.type(amountField(), '99999.99');
    await user.click(screen.getByRole('button', { name: 'Save Admin Charge' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({
      worker_id: RAHIM.id,
      charge_date: '2025-03-14',
      charge_type: 'Equipment Damage',
      amount: 99_999.99,
      description: null,
      // Decision 092: a damage charge asks when the worker was heard; left blank it is null.
      inquiry_date: null,
    });
  });

  it("asks a fine for the worker's written consent, and a damage charge for its inquiry (decision 092)", async () => {
    const user = userEvent.setup();
    const { onSave, onSaved } = renderForm();
    await pickRahim(user);
    expect(screen.queryByLabelText(/Written Consent Date/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Charge Type/), 'Equipment Damage');
    expect(screen.getByLabelText(/^Inquiry Date/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Written Consent Date/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Charge Type/), 'Safety Violation');
    expect(screen.queryByLabelText(/^Inquiry Date/)).not.toBeInTheDocument();
    expect(screen.getByText('Signed Consent')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Written Consent Date/), '2025-03-01');
    await user.type(amountField(), '50');
    await user.click(screen.getByRole('button', { name: 'Save Admin Charge' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({
      worker_id: RAHIM.id,
      charge_date: '2025-03-14',
      charge_type: 'Safety Violation',
      amount: 50,
      description: null,
      consent_date: '2025-03-01',
      consent_url: null,
    });
  });

  it("shows the server's refusal above the form and under its field", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {
      throw new ApiError(400, 'Worker not found. Please choose a worker from the list.', 'VALIDATION_FAILED', {
        worker_id: 'Worker not found. Please choose a worker from the list.',
      });
    });
    renderForm({ onSave });
    await pickRahim(user);
    await user.selectOptions(screen.getByLabelText(/^Charge Type/), 'Other');
    await user.type(amountField(), '10');
    await user.click(screen.getByRole('button', { name: 'Save Admin Charge' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save admin charge: Worker not found. Please choose a worker from the list.',
    );
    expect(screen.getByRole('combobox', { name: 'Worker' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a stored charge with its values and worker shown', () => {
    renderForm({
      mode: 'edit',
      charge: savedCharge({
        worker_id: RAHIM.id,
        charge_date: '2025-02-03',
        charge_type: 'Attendance',
        amount: 12.5,
        description: 'Late three times',
      }),
    });
    expect(screen.getByRole('combobox', { name: 'Worker' })).toHaveValue('Rahim Uddin (TD-4821)');
    expect(screen.getByLabelText(/^Charge Date/)).toHaveValue('2025-02-03');
    expect(amountField()).toHaveValue(12.5);
    expect(screen.getByLabelText('Description')).toHaveValue('Late three times');
    expect(screen.getByRole('button', { name: 'Update Admin Charge' })).toBeVisible();
  });
});
