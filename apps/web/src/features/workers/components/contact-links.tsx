import type { Worker } from '@td/shared/schemas/worker';

const linkClasses = 'font-medium text-accent hover:underline';

/** SPEC 2: a phone number to call from a phone (`tel:`), or N/A. */
export function PhoneLink({ worker }: { worker: Pick<Worker, 'phone_number'> }) {
  if (!worker.phone_number) return 'N/A';
  return (
    <a href={`tel:${worker.phone_number.replace(/\s+/g, '')}`} className={linkClasses}>
      {worker.phone_number}
    </a>
  );
}

/** SPEC 2: an e-mail address to write to (`mailto:`), or N/A. */
export function EmailLink({ worker }: { worker: Pick<Worker, 'email'> }) {
  if (!worker.email) return 'N/A';
  return (
    <a href={`mailto:${worker.email}`} className={`${linkClasses} break-all`}>
      {worker.email}
    </a>
  );
}
