/**
 * ARCHITECTURE, Data: money is stored as integer cents and crosses the API as a number with at most
 * 2 decimals. These two helpers are the only place the conversion happens.
 */
export function toCents(amount: number): number {
  // Half-up on the absolute value; the epsilon absorbs binary float noise (1.005 * 100 = 100.49999...).
  const cents = Math.round(Math.abs(amount) * 100 + 1e-7);
  return amount < 0 ? -cents : cents;
}

export function fromCents(cents: number): number {
  return cents / 100;
}

const sgd = new Intl.NumberFormat('en-SG', { style: 'currency', currency: 'SGD', minimumFractionDigits: 2 });

/** SPEC 9: SGD, Singapore-style formatting, 2 decimals. */
export function formatSgd(amount: number): string {
  return sgd.format(amount);
}
