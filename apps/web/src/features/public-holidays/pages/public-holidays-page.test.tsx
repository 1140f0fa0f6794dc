import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PublicHoliday } from '@td/shared/schemas/public-holiday';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast.tsx';
import { PublicHolidaysPage } from './public-holidays-page.tsx';

const YEAR = new Date().getFullYear();
const VESAK: PublicHoliday = {
  id: '00000000-0000-4000-8000-000000000009',
  date: `${YEAR}-05-31`,
  name: 'Vesak Day',
  observed_date: `${YEAR}-06-01`,
};

const fetchMock = vi.fn<typeof fetch>();
let stored: PublicHoliday[] = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  stored = [VESAK];
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET') {
      const year = url.searchParams.get('year');
      return json({ items: stored.filter((holiday) => holiday.date.startsWith(`${year}-`)) });
    }
    if (method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { date: string; name: string; observed_date: string | null };
      if (!body.name)
        return json(
          { error: { code: 'VALIDATION', message: 'Please correct the fields', fields: { name: 'Name is required' } } },
          400,
        );
      const created = {
        id: '00000000-0000-4000-8000-000000000010',
        ...body,
        observed_date: body.observed_date ?? body.date,
      };
      stored = [...stored, created];
      return json(created, 201);
    }
    if (method === 'DELETE') {
      stored = stored.filter((holiday) => !url.pathname.endsWith(holiday.id));
      return new Response(null, { status: 204 });
    }
    return json({ message: 'unexpected' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/settings/public-holidays', element: <PublicHolidaysPage /> }], {
    initialEntries: ['/settings/public-holidays'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('PublicHolidaysPage', () => {
  it("lists the year's holidays with their observed dates", async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: `Public holidays in ${YEAR}` });
    const row = within(table).getByRole('row', { name: /Vesak Day/ });
    expect(row).toHaveTextContent(new Date(`${YEAR}-06-01T00:00:00`).toLocaleDateString());
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue(String(YEAR));
  });

  it('shows the empty state for a year without holidays', async () => {
    renderPage();
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), String(YEAR + 1));
    expect(await screen.findByText(`No public holidays in ${YEAR + 1}`)).toBeInTheDocument();
  });

  it("adds a holiday, showing the server's message under its field first", async () => {
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Add Public Holiday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Public Holiday' });
    await userEvent.type(within(dialog).getByLabelText(/^Date/), `${YEAR}-12-25`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Holiday' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Christmas Day');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Holiday' }));
    expect(await screen.findByRole('row', { name: /Christmas Day/ })).toBeInTheDocument();
    const post = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      date: `${YEAR}-12-25`,
      name: 'Christmas Day',
      observed_date: null,
    });
  });

  it('deletes a holiday after asking', async () => {
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Vesak Day' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`No public holidays in ${YEAR}`)).toBeInTheDocument();
  });

  it('says when the holidays cannot be loaded', async () => {
    fetchMock.mockImplementation(async () => json({ message: 'Database unavailable' }, 500));
    renderPage();
    expect(await screen.findByText('Failed to load public holidays')).toBeInTheDocument();
  });
});
