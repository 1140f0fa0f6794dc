/** Both databases accept this many bound values in one statement with room to spare. */
const IN_LIST_CHUNK = 1000;

/**
 * `values` in slices of at most `size`, for `where column in (...)` lists that may be long (a batch of
 * 10,000 payslips, their admin charges): each slice is one statement.
 */
export function chunks<T>(values: readonly T[], size = IN_LIST_CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < values.length; i += size) result.push(values.slice(i, i + size));
  return result;
}
