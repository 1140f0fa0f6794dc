import { QueryClientProvider } from '@tanstack/react-query';
import type { ActiveSession } from '@td/shared/schemas/auth';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { AuthProvider } from '../auth-provider.tsx';
import { browserOf, SessionsPage } from './sessions-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const HERE: ActiveSession = {
  id: 'c3Vic2NyaWJlZC1oZXJl',
  current: true,
  user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  ip: '10.0.0.5',
  created_at: '2026-12-01T01:00:00.000Z',
  last_seen_at: '2026-12-07T02:00:00.000Z',
};
const PHONE: ActiveSession = {
  id: 'cGhvbmUtc2Vzc2lvbg',
  current: false,
  user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1',
  ip: '203.0.113.9',
  created_at: '2026-11-30T01:00:00.000Z',
  last_seen_at: null,
};

let sessions: ActiveSession[];
let endAnswer: () => Response;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.endsWith('/api/auth/session'))
    return json(200, { user: { id: 'u1', name: 'Pat Lim', email: 'pat@example.com' } });
  if (url.endsWith('/api/auth/sessions')) return json(200, { items: sessions });
  if (init?.method === 'DELETE') {
    const answer = endAnswer();
    if (answer.ok) sessions = sessions.filter((session) => !url.endsWith(session.id));
    return answer;
  }
  return json(500, { error: { code: 'INTERNAL', message: 'unexpected' } });
});

beforeEach(() => {
  sessions = [HERE, PHONE];
  endAnswer = () => new Response(null, { status: 204 });
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
          <MemoryRouter initialEntries={['/account/sessions']}>
            <Routes>
              <Route path="/account/sessions" element={<SessionsPage />} />
            </Routes>
          </MemoryRouter>
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('SessionsPage (decision 104)', () => {
  it('names each browser from its user agent', () => {
    expect(browserOf(HERE.user_agent)).toBe('Chrome on Windows');
    expect(browserOf(PHONE.user_agent)).toBe('Safari on iOS');
    expect(browserOf(null)).toBe('Unknown browser');
  });

  it('lists the sessions with this browser marked, and ends another one', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Your active sessions' });
    expect(within(table).getByRole('row', { name: /Chrome on Windows/ })).toHaveTextContent('This browser');
    expect(within(table).getByRole('row', { name: /Safari on iOS/ })).toHaveTextContent('203.0.113.9');
    await userEvent.click(screen.getByRole('button', { name: 'End session: Safari on iOS' }));
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Chrome on Windows/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Safari on iOS/ })).not.toBeInTheDocument();
  });

  it('says so when a session could not be ended, and keeps it listed', async () => {
    endAnswer = () => json(404, { error: { code: 'NOT_FOUND', message: 'Session not found' } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'End session: Safari on iOS' }));
    expect(await screen.findByText('Not ended')).toBeInTheDocument();
    expect(screen.getByText('Session not found')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Safari on iOS/ })).toBeInTheDocument();
  });
});
