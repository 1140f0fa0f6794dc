import { z } from 'zod';

/** How an e-mail left (decision 020): handed to the SMTP server, or written to the outbox folder as `file`. */
export const EmailDelivery = z.object({
  method: z.enum(['smtp', 'outbox']),
  /** The address it was sent to. */
  to: z.string(),
  /** The worker's name as the message greets them. */
  name: z.string(),
  /** The .eml file in the outbox (outbox only). */
  file: z.string().nullable(),
});
export type EmailDelivery = z.infer<typeof EmailDelivery>;
