import type { ApiErrorBody } from '@td/shared/schemas/api-error';

/** An error answered by the API; `message` is meant for the user (ARCHITECTURE, API conventions). */
export class ApiError extends Error {
  /**
   * Probe finding 30: logged errors say what they are. Without its own name an ApiError inherits
   * `Error`'s, and the console names it after the minified class ("Ke: Please correct ...").
   */
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fields: Record<string, string> = {},
    /** A page that helps resolve the error (e.g. the worker already holding a FIN). */
    readonly link?: { href: string; label: string },
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | undefined | null>;

export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Sends a request to the API with the session cookie; JSON in, JSON out, errors as ApiError. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const isForm = init.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined || isForm ? {} : { 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach the server. Please check your connection and try again.', 'NETWORK');
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as ApiErrorBody | null)?.error;
    throw new ApiError(
      response.status,
      error?.message ?? `The server answered ${response.status}.`,
      error?.code ?? 'HTTP',
      error?.fields,
      error?.link,
    );
  }
  return body as T;
}

export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError ? error.message : fallback;
