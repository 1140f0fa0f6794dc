import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PayslipDocumentActions } from './payslip-document-actions.tsx';

const ID = '0b7f3c2e-6a51-4d0e-9a7c-2f4e8b1d9c33';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const emailed = (method: 'smtp' | 'outbox') => ({
  id: ID,
  status: 'Sent',
  delivery: {
    method,
    to: 'rahim@example.com',
    name: 'Rahim Uddin',
    file: method === 'outbox' ? '2025-04-01T02-15-00-000Z-1a2b3c4d.eml' : null,
  },
});

function renderActions(status = 'Generated') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return render(<PayslipDocumentActions payslip={{ id: ID, status }} />, { wrapper });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:payslip');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('Generate PDF', () => {
  it('shows the PDF in an in-app preview with Download PDF under its file name', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
        status: 200,
        headers: { 'content-disposition': 'inline; filename="Payslip_TD-4821_2025-03-01_2025-03-31.pdf"' },
      }),
    );
    renderActions();

    await userEvent.click(screen.getByRole('button', { name: 'Generate PDF' }));

    expect(await screen.findByTitle('Payslip PDF preview')).toHaveAttribute('src', 'blob:payslip');
    const download = screen.getByRole('link', { name: 'Download PDF' });
    expect(download).toHaveAttribute('download', 'Payslip_TD-4821_2025-03-01_2025-03-31.pdf');
    expect(download).toHaveAttribute('href', 'blob:payslip');
    expect(fetchMock).toHaveBeenCalledWith(`/api/payslips/${ID}/pdf`, expect.anything());

    await userEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    expect(screen.queryByTitle('Payslip PDF preview')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:payslip');
  });

  it('says Generating... while it works', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Generate PDF' }));
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();
  });

  it('shows the server refusal as it is and other failures as Failed to generate PDF', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { error: { code: 'NOT_FOUND', message: 'Payslip data is incomplete' } }));
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Generate PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Payslip data is incomplete$/);

    fetchMock.mockResolvedValueOnce(json(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate PDF' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to generate PDF: Something went wrong'),
    );
  });
});

describe('Email Payslip', () => {
  it('says to whom it was e-mailed', async () => {
    fetchMock.mockResolvedValue(json(200, emailed('smtp')));
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Email Payslip' }));
    expect(await screen.findByText('Payslip has been emailed to Rahim Uddin at rahim@example.com')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledWith(`/api/payslips/${ID}/email`, expect.objectContaining({ method: 'POST' }));
    expect(screen.queryByText(/outbox/)).not.toBeInTheDocument();
  });

  it('says when the message went to the outbox because no mail server is configured', async () => {
    fetchMock.mockResolvedValue(json(200, emailed('outbox')));
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Email Payslip' }));
    expect(
      await screen.findByText(
        "No mail server is configured, so the message was saved to the server's outbox as 2025-04-01T02-15-00-000Z-1a2b3c4d.eml.",
      ),
    ).toBeVisible();
  });

  it('sends once however often it is pressed while sending, and says Sending...', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderActions();
    const button = screen.getByRole('button', { name: 'Email Payslip' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer(json(200, emailed('smtp')));
    await screen.findByText(/Payslip has been emailed to/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    [400, 'Worker does not have an email address'],
    [400, 'Worker information is missing'],
    [409, 'This payslip is being emailed already. Please wait a moment.'],
    [404, 'Payslip data is incomplete'],
  ])('shows the %s refusal %s as it is', async (status, message) => {
    fetchMock.mockResolvedValue(json(status, { error: { code: 'X', message } }));
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Email Payslip' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${message.replace('.', '\\.')}$`));
  });

  it('shows a mail failure as Failed to email payslip: {reason}', async () => {
    fetchMock.mockResolvedValue(
      json(502, {
        error: { code: 'MAIL_FAILED', message: 'the mail server refused the message (550 Mailbox unavailable)' },
      }),
    );
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Email Payslip' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to email payslip: the mail server refused the message (550 Mailbox unavailable)',
    );
  });

  it('is not offered for a Draft pay run payslip, and says why; a Paid one may be e-mailed (decision 082)', () => {
    renderActions('Draft');
    const button = screen.getByRole('button', { name: 'Email Payslip' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'This payslip belongs to a Draft pay run: it can be emailed once the run is approved.',
    );
  });
});
