import { CERTIFICATE_UPLOAD_FAILED } from '@td/shared/schemas/training-record';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CertificateField } from './certificate-field.tsx';

const SAVED = '/api/files/certificates/saved.pdf';
const NEW = '/api/files/certificates/new.png';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The field inside a form that holds its value, as the training form does. */
function Harness({ savedUrl, onChange }: { savedUrl: string | null; onChange(url: string | null): void }) {
  const [url, setUrl] = useState<string | null>(savedUrl);
  return (
    <CertificateField
      url={url}
      savedUrl={savedUrl}
      onChange={(next) => {
        setUrl(next);
        onChange(next);
      }}
      onBusyChange={() => undefined}
    />
  );
}

const calls = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([path, init]) => `${(init as RequestInit).method} ${path as string}`);

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CertificateField (ARCHITECTURE differs 11)', () => {
  it('removing the saved certificate deletes nothing until Save, and can be undone', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const onChange = vi.fn();
    render(<Harness savedUrl={SAVED} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Certificate' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('The saved file is removed when you save.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep the saved Certificate' }));
    expect(onChange).toHaveBeenLastCalledWith(SAVED);
    expect(screen.getByRole('link', { name: /Certificate/ })).toHaveAttribute('href', SAVED);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a replacement uploaded and then dropped is deleted at once, since nothing links it', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(201, { url: NEW }))
      .mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const onChange = vi.fn();
    render(<Harness savedUrl={SAVED} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Certificate' }));
    await userEvent.upload(
      screen.getByLabelText('Upload Certificate'),
      new File(['png'], 'scan.png', { type: 'image/png' }),
    );
    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith(NEW));
    expect(screen.getByText('Replaces the saved file when you save.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep the saved Certificate' }));
    expect(onChange).toHaveBeenLastCalledWith(SAVED);
    await vi.waitFor(() =>
      expect(calls(fetch)).toEqual(['POST /api/files', `DELETE /api/files?url=${encodeURIComponent(NEW)}`]),
    );
  });

  it('says SPEC 8 "Failed to upload certificate. Please try again." when the upload fails, or the server\'s reason', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    render(<Harness savedUrl={null} onChange={vi.fn()} />);
    const input = screen.getByLabelText('Upload Certificate');
    await userEvent.upload(input, new File(['%PDF'], 'c.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CERTIFICATE_UPLOAD_FAILED);

    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json(400, { error: { code: 'VALIDATION_FAILED', message: 'Not a real PDF' } })),
    );
    await userEvent.upload(input, new File(['%PDF'], 'c.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not a real PDF');
  });
});
