/** A page of the app the user can open to act on an error, e.g. the worker already holding a FIN. */
export interface ErrorLink {
  href: string;
  label: string;
}

/** An error the client can act on: its message is shown to the user as it is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly link?: ErrorLink,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'VALIDATION_FAILED', message, fields);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: Record<string, string>, link?: ErrorLink) =>
  new AppError(409, 'CONFLICT', message, fields, link);
export const tooMany = (message: string) => new AppError(429, 'TOO_MANY_REQUESTS', message);
