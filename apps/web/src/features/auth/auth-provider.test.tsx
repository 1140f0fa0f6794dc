import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession } from './api/session.ts';
import { AuthProvider, onSessionEnd, useAuth } from './auth-provider.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const PAT = { id: 'u1', name: 'Pat Lim', email: 'pat@example.com' };

let answers: Array<() => Response>;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.endsWith('/api/auth/logout')) return new Response(null, { status: 204 });
  const next = answers.shift();
  if (!next) throw new Error(`unexpected request ${url}`);
  return next();
});

beforeEach(() => {
  answers = [];
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function Probe() {
  const { user, loading, signOut } = useAuth();
  return (
    <div>
      <p>{loading ? 'checking' : user ? `signed in as ${user.name}` : 'signed out'}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </div>
  );
}

describe('AuthProvider (decision 033: the session without the query client)', () => {
  it('reads the session once, then ends it and tells whoever holds its data', async () => {
    answers.push(() => json(200, { user: PAT }));
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('checking')).toBeInTheDocument();
    expect(await screen.findByText('signed in as Pat Lim')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/session', '/api/auth/logout']);
    stop();
  });

  it('counts a session that cannot be read as signed out', async () => {
    answers.push(() => json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }));
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('readSession', () => {
  it('asks again after a failure that may pass (5xx, network), twice at most', async () => {
    answers.push(
      () => json(503, {}),
      () => {
        throw new TypeError('network down');
      },
      () => json(200, { user: PAT }),
    );
    await expect(readSession(undefined, 2, 1)).resolves.toEqual({ user: PAT });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up after the retries, and at once on a 4xx', async () => {
    answers.push(
      () => json(500, {}),
      () => json(500, {}),
      () => json(500, {}),
    );
    await expect(readSession(undefined, 2, 1)).rejects.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    fetchMock.mockClear();
    answers.push(() => json(403, {}));
    await expect(readSession(undefined, 2, 1)).rejects.toMatchObject({ status: 403 });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});
