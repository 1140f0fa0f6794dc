import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lastEmailText, PayslipWorkerDetails } from './payslip-worker-details.tsx';

describe('the payslip last e-mail (decision 088, probe finding 26)', () => {
  it('says where it was sent, that it waits for a retry, or the server reply of a failure', () => {
    expect(lastEmailText(null)).toBeNull();
    expect(lastEmailText({ state: 'sent', to: 'a@example.com', error: null, sent_at: null })).toBe(
      'Sent to a@example.com',
    );
    expect(lastEmailText({ state: 'queued', to: 'a@example.com', error: '421 busy', sent_at: null })).toBe(
      'Queued for a@example.com; will be tried again (421 busy)',
    );
    expect(lastEmailText({ state: 'failed', to: 'a@example.com', error: '550 no such user', sent_at: null })).toBe(
      'Failed for a@example.com: 550 no such user',
    );
  });

  it('shows the address the payslip went to when the worker had none at generation', () => {
    const payslip = {
      worker: { first_name: 'Rahim', last_name: 'Uddin', worker_id: 'TD-1', fin_no: null, wp_no: null, email: null },
      last_email: { state: 'sent', to: 'added.later@example.com', error: null, sent_at: null },
    } as unknown as Parameters<typeof PayslipWorkerDetails>[0]['payslip'];
    render(<PayslipWorkerDetails payslip={payslip} />);
    expect(screen.getByText('added.later@example.com')).toBeTruthy();
  });
});
