import type { Worker } from '@td/shared/schemas/worker';
import { render as renderInPage, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { WorkerDetailsModal } from './worker-details-modal.tsx';

const worker = (overrides: Partial<Worker> = {}): Worker => ({
  id: '6f1c2d4e-0000-4000-8000-000000000001',
  worker_id: 'TD-4821',
  first_name: 'Ali',
  last_name: 'Rahman',
  date_of_birth: '1990-05-17',
  nationality: 'Bangladeshi',
  phone_number: '+65 8123 4567',
  email: 'ali@example.com',
  passport_no: 'BD1234567',
  type_of_pass: 'WP',
  fin_no: 'G1234567X',
  wp_no: 'WP-778',
  date_of_application: '2024-01-10',
  date_of_issuance: '2024-02-01',
  wp_expiry_date: '2026-02-01',
  coretrade_expiry_date: null,
  levy: '$300',
  coretrade: 'R1',
  status: 'Working',
  supplied_to_company: 'Acme Builders',
  designation: null,
  rate_type: 'Daily',
  salary_rate: 95,
  photo_url: null,
  ipa_url: '/api/files/documents/ipa/a.pdf',
  consent_letter_url: null,
  contract_url: '/api/files/documents/contract/c.pdf',
  employment_start_date: null,
  employment_end_date: null,
  bank_swift_code: 'DBSSSGSG',
  bank_account_no: '1234567890',
  payment_mode: 'GIRO',
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

/** The popup links to other pages, so it renders inside a router. */
const render = (element: ReactElement) =>
  renderInPage(<MemoryRouter initialEntries={['/worker-management?page=2']}>{element}</MemoryRouter>);

/** The value shown under a label in the details list. */
const shownValue = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('WorkerDetailsModal', () => {
  it('shows every field of SPEC 2 and links to the uploaded documents in a new tab', () => {
    render(<WorkerDetailsModal worker={worker()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Worker Details' });
    expect(shownValue('Name')).toBe('Ali Rahman');
    expect(shownValue('Worker ID')).toBe('TD-4821');
    expect(shownValue('Nationality')).toBe('Bangladeshi');
    expect(shownValue('Type of Pass')).toBe('WP');
    expect(shownValue('Date of Birth')).toBe(new Date('1990-05-17T00:00:00').toLocaleDateString());
    expect(shownValue('Passport No.')).toBe('BD1234567');
    expect(shownValue('FIN No.')).toBe('G1234567X');
    expect(shownValue('WP No.')).toBe('WP-778');
    expect(shownValue('Levy')).toBe('$300');
    expect(shownValue('Coretrade')).toBe('R1');
    expect(shownValue('Status')).toBe('Working');
    expect(shownValue('Phone Number')).toBe('+65 8123 4567');
    expect(shownValue('Email Address')).toBe('ali@example.com');

    const ipa = within(dialog).getByRole('link', { name: /IPA Document/ });
    expect(ipa).toHaveAttribute('href', '/api/files/documents/ipa/a.pdf');
    expect(ipa).toHaveAttribute('target', '_blank');
    expect(ipa).toHaveAttribute('rel', 'noopener');
    expect(within(dialog).getByRole('link', { name: /Contract/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /Consent Letter/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('No documents uploaded')).not.toBeInTheDocument();

    // SPEC 2: phone and e-mail are links; View and Edit lead on.
    expect(within(dialog).getByRole('link', { name: '+65 8123 4567' })).toHaveAttribute('href', 'tel:+6581234567');
    expect(within(dialog).getByRole('link', { name: 'ali@example.com' })).toHaveAttribute(
      'href',
      'mailto:ali@example.com',
    );
    expect(within(dialog).getByRole('link', { name: 'View' })).toHaveAttribute('href', `/worker/view/${worker().id}`);
    expect(within(dialog).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/worker/edit/${worker().id}`);
  });

  it('shows N/A for missing values and No documents uploaded without documents', () => {
    render(
      <WorkerDetailsModal
        worker={worker({
          date_of_birth: null,
          fin_no: null,
          wp_no: '',
          date_of_issuance: null,
          date_of_application: null,
          levy: null,
          coretrade: null,
          phone_number: null,
          email: null,
          ipa_url: null,
          contract_url: null,
          bank_swift_code: null,
          bank_account_no: null,
          payment_mode: null,
        })}
        onClose={() => undefined}
      />,
    );
    for (const label of [
      'Date of Birth',
      'FIN No.',
      'WP No.',
      'Date of Issuance',
      'Date of Application',
      'Levy',
      'Coretrade',
      'Phone Number',
      'Email Address',
    ]) {
      expect(shownValue(label), label).toBe('N/A');
    }
    expect(screen.getByText('No documents uploaded')).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['View', 'Edit']);
  });

  it('closes by its close button', async () => {
    const onClose = vi.fn();
    render(<WorkerDetailsModal worker={worker()} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('renders nothing while no worker is chosen', () => {
    render(<WorkerDetailsModal worker={null} onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
