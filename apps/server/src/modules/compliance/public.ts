/**
 * What the compliance module offers the others (decision 072): the weekly digest's job app.ts registers
 * under its background jobs, and its interval.
 */
export { DIGEST_TICK_MS, runDigestJob } from './compliance-digest.ts';
