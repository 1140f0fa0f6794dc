/** SPEC 2, 8: the employment letter screen's file name and messages, shared by the server and the app. */

export const NO_WORKER_ID = 'No worker ID provided';
export const FETCH_WORKER_FAILED = 'Failed to fetch worker details';
export const COULD_NOT_FETCH_WORKER = 'Could not fetch worker data';
export const WORKER_NOT_FOUND = 'Worker not found';
export const GENERATE_LETTER_FAILED = 'Failed to generate employment letter';

/** SPEC 8: "Failed to generate employment letter (with a colon and the reason when one exists)". */
export function generateLetterFailedMessage(reason?: string | null): string {
  const trimmed = reason?.trim();
  return trimmed ? `${GENERATE_LETTER_FAILED}: ${trimmed}` : GENERATE_LETTER_FAILED;
}

/**
 * SPEC 2: the download is named `Employment_Letter_{first}_{last}.pdf`, words joined by `_` as in the
 * pattern (`Employment_Letter_Nguyễn_Văn_Ánh.pdf`). Characters no file system accepts (path separators,
 * quotes, control characters ...) become `_` too; letters of any script are kept as written (the
 * download's ASCII fallback name is made by `contentDisposition`).
 */
export function employmentLetterFileName(firstName: string, lastName: string): string {
  const safe = (part: string) =>
    part
      .trim()
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove.
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
      .replace(/\s+/g, '_');
  return `Employment_Letter_${safe(firstName)}_${safe(lastName)}.pdf`;
}
