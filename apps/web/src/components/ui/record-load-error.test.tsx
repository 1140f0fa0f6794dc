import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserX } from 'lucide-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { RecordLoadError, type RecordLoadTexts } from './record-load-error.tsx';

const TEXTS: RecordLoadTexts = {
  notFound: { icon: UserX, title: 'Worker not found', description: 'The worker may have been deleted.' },
  failure: 'Failed to fetch worker details',
};
const missing = new ApiError(404, 'Worker not found', 'NOT_FOUND');
const broken = new ApiError(500, 'Something went wrong', 'INTERNAL');

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe('RecordLoadError', () => {
  it('a missing record shows its not-found card with Back, and logs nothing', async () => {
    const onBack = vi.fn();
    render(<RecordLoadError {...TEXTS} error={missing} onBack={onBack} />);
    expect(screen.getByRole('heading', { name: 'Worker not found' })).toBeInTheDocument();
    expect(screen.getByText('The worker may have been deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(logged).not.toHaveBeenCalled();
  });

  it('any other failure says SPEC 8’s message in a red alert, and logs it', () => {
    render(<RecordLoadError {...TEXTS} error={broken} onBack={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to fetch worker details$/);
    expect(screen.queryByRole('heading', { name: 'Worker not found' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to fetch worker details', broken);
  });

  it('with a reason, the alert is titled and says the server’s reason; Retry when offered', async () => {
    const run = vi.fn();
    render(
      <RecordLoadError
        {...TEXTS}
        failure="Failed to load the admin charge"
        reason="Please try again."
        backLabel="Back to Admin Charges"
        error={broken}
        onBack={() => undefined}
        retry={{ busy: false, run }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load the admin charge');
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Back to Admin Charges' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('cardOnFailure shows the not-found card under the failure’s alert (SPEC 8, timesheets)', () => {
    render(<RecordLoadError {...TEXTS} cardOnFailure error={broken} onBack={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch worker details');
    expect(screen.getByRole('heading', { name: 'Worker not found' })).toBeInTheDocument();
  });
});
