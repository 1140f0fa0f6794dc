import { z } from 'zod';

/** The `:id` path parameter of every record route. */
export const IdParams = z.object({ id: z.string() });
