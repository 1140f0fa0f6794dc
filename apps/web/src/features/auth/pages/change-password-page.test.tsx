import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { AuthProvider } from '../auth-provider.tsx';
import { ChangePasswordPage } from './change-password-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let passwordAnswer: () => Response;
const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
  const url = String(input);
  if (url.endsWith('/api/auth/session')) {
    return json(200, { user: { id: 'u1', name: 'Pat Lim', email: 'pat@example.com' } });
  }
  return passwordAnswer();
});

beforeEach(() => {
  passwordAnswer = () => json(200, { endedSessions: 2 });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={['/account/password']}>
            <Routes>
              <Route path="/account/password" element={<ChangePasswordPage />} />
              <Route path="/dashboard" element={<h1>Dashboard</h1>} />
            </Routes>
          </MemoryRouter>
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

// Password inputs have no textbox role; they are found by their label.
const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}\\b`), { selector: 'input' }) as HTMLInputElement;

describe('ChangePasswordPage (decision 037)', () => {
  it('shows every message at once and sends nothing while the form is wrong', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/For Pat Lim \(pat@example.com\)/)).toBeInTheDocument();
    await user.type(input('New password'), 'short');
    await user.type(input('Repeat the new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('The two new passwords do not match')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/password'))).toHaveLength(0);
    await waitFor(() => expect(input('Current password')).toHaveFocus());
  });

  it('shows the server’s message under the current password', async () => {
    passwordAnswer = () =>
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Current password is incorrect',
          fields: { currentPassword: 'Current password is incorrect' },
        },
      });
    const user = userEvent.setup();
    renderPage();
    await user.type(input('Current password'), 'wrong password');
    await user.type(input('New password'), 'a new long password');
    await user.type(input('Repeat the new password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(input('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the two passwords, then says so in a toast and goes to the dashboard', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(input('Current password'), 'the old password');
    await user.type(input('New password'), 'a new long password');
    await user.type(input('Repeat the new password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    // The toast viewport loads with the first toast (decision 032), so it may appear a moment later.
    expect((await screen.findAllByText('Password changed')).length).toBeGreaterThan(0);
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/password'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      currentPassword: 'the old password',
      newPassword: 'a new long password',
    });
  });
});
