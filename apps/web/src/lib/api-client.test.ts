import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('refuses with an ApiError that is named so in logs, whatever the minifier calls the class (probe finding 30)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: { code: 'VALIDATION', message: 'Please correct the fields', fields: { a: 'b' } } }),
            { status: 400 },
          ),
      ),
    );
    const error = await api('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).name).toBe('ApiError');
    expect(String(error)).toBe('ApiError: Please correct the fields');
    expect((error as ApiError).fields).toEqual({ a: 'b' });
  });
});
