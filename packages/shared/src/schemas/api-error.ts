import { z } from 'zod';

/** ARCHITECTURE, API conventions: every error answers this shape; the UI shows `message`. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** A page that helps resolve it, e.g. the worker already holding a FIN (a 409 of decision 023). */
    link: z.object({ href: z.string(), label: z.string() }).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
