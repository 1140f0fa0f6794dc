import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './router.tsx';

afterEach(() => vi.restoreAllMocks());

describe('routes', () => {
  it.each(['/dashboard', '/setup', '/logout'])(
    'say the app is loading while %s loads, without React Router warning of a missing HydrateFallback (probe finding 30)',
    (path) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
      expect(screen.getByRole('status')).toHaveTextContent('Loading TD Workforce…');
      expect(warn.mock.calls.flat().join(' ')).not.toMatch(/HydrateFallback/);
    },
  );
});
