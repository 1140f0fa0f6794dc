import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileUploadField, type FileUploadFieldProps } from './file-upload-field.tsx';

function setup(overrides: Partial<FileUploadFieldProps> = {}) {
  const props: FileUploadFieldProps = {
    label: 'Certificate',
    url: null,
    accept: '.pdf',
    hint: 'PDF, max 5MB',
    upload: vi.fn().mockResolvedValue('/api/files/certificates/x.pdf'),
    uploadFailure: () => 'Failed to upload certificate. Please try again.',
    onUploaded: vi.fn(),
    onRemoved: vi.fn(),
    ...overrides,
  };
  const view = render(<FileUploadField {...props} />);
  return { props, view };
}

const pdf = () => new File(['%PDF-1.4'], 'cert.pdf', { type: 'application/pdf' });

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe('FileUploadField', () => {
  it('labels the input, shows the hint, and hands the stored URL to the form', async () => {
    const { props } = setup();
    expect(screen.getByText('PDF, max 5MB')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Upload Certificate'), pdf());
    await vi.waitFor(() => expect(props.onUploaded).toHaveBeenCalledWith('/api/files/certificates/x.pdf'));
  });

  it('shows the check message and sends nothing when the check refuses the file', async () => {
    const { props } = setup({ check: () => 'Wrong type' });
    await userEvent.upload(screen.getByLabelText('Upload Certificate'), pdf());
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong type');
    expect(screen.getByLabelText('Upload Certificate')).toHaveAttribute('aria-invalid', 'true');
    expect(props.upload).not.toHaveBeenCalled();
  });

  it('shows the failure message when the upload fails', async () => {
    const { props } = setup({ upload: vi.fn().mockRejectedValue(new Error('offline')) });
    await userEvent.upload(screen.getByLabelText('Upload Certificate'), pdf());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload certificate. Please try again.');
    expect(props.onUploaded).not.toHaveBeenCalled();
  });

  it('without a remove step, Remove only clears the link', async () => {
    const { props } = setup({ url: '/api/files/certificates/x.pdf' });
    expect(screen.getByRole('link', { name: /Certificate/ })).toHaveAttribute('href', '/api/files/certificates/x.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Certificate' }));
    expect(props.onRemoved).toHaveBeenCalledOnce();
  });

  it('with a remove step, keeps the link and says so when it fails', async () => {
    const { props } = setup({
      url: '/api/files/certificates/x.pdf',
      remove: vi.fn().mockRejectedValue(new Error('busy')),
      removeFailure: () => 'Could not remove it',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Certificate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not remove it');
    expect(props.onRemoved).not.toHaveBeenCalled();
  });
});
