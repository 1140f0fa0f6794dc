import { FILE_TOO_LARGE, INVALID_DOCUMENT_TYPE, MAX_UPLOAD_BYTES } from '@td/shared/schemas/file';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkerFileField, type WorkerFileFieldProps } from './worker-file-field.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(overrides: Partial<WorkerFileFieldProps> = {}) {
  const props: WorkerFileFieldProps = {
    label: 'IPA Document',
    kind: 'ipa',
    url: null,
    onUploaded: vi.fn(),
    onRemoved: vi.fn(),
    ...overrides,
  };
  render(<WorkerFileField {...props} />);
  return props;
}

const pdf = (size = 1000, name = 'ipa.pdf', type = 'application/pdf') => {
  const file = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

// Failures are logged on purpose (SPEC 8); keep the test output quiet.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WorkerFileField', () => {
  it('refuses a file over 5 MB before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const props = setup();
    await userEvent.upload(screen.getByLabelText('Upload IPA Document'), pdf(MAX_UPLOAD_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(FILE_TOO_LARGE);
    expect(fetch).not.toHaveBeenCalled();
    expect(props.onUploaded).not.toHaveBeenCalled();
  });

  it('refuses a type other than PDF, DOC, DOCX, JPG or PNG', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    setup();
    // applyAccept off: the browser's picker filter can be bypassed (drag and drop, "All files").
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText('Upload IPA Document'), pdf(10, 'notes.txt', 'text/plain'));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_DOCUMENT_TYPE);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uploads a good file at once and hands the stored URL to the form', async () => {
    const fetch = vi.fn().mockResolvedValue(json(201, { url: '/api/files/documents/ipa/x.pdf' }));
    vi.stubGlobal('fetch', fetch);
    const props = setup();
    await userEvent.upload(screen.getByLabelText('Upload IPA Document'), pdf());
    await vi.waitFor(() => expect(props.onUploaded).toHaveBeenCalledWith('/api/files/documents/ipa/x.pdf'));
    const [path, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/files');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('kind')).toBe('ipa');
  });

  it('shows the server message when the upload fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json(400, { error: { code: 'BAD_FILE', message: 'Not a real PDF' } })),
    );
    const props = setup();
    await userEvent.upload(screen.getByLabelText('Upload IPA Document'), pdf());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload document: Not a real PDF');
    expect(props.onUploaded).not.toHaveBeenCalled();
  });

  it('Remove only clears the link: the stored file stays until the form is saved (decision 024)', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const props = setup({ url: '/api/files/documents/ipa/x.pdf' });
    expect(screen.getByRole('link', { name: /IPA Document/ })).toHaveAttribute(
      'href',
      '/api/files/documents/ipa/x.pdf',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove IPA Document' }));
    expect(props.onRemoved).toHaveBeenCalledOnce();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says a removed saved file goes on save, and can keep it', async () => {
    const props = setup({ url: null, savedUrl: '/api/files/documents/ipa/x.pdf', onRestored: vi.fn() });
    expect(screen.getByText('The saved file is removed when you save.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep the saved IPA Document' }));
    expect(props.onRestored).toHaveBeenCalledOnce();
  });
});
