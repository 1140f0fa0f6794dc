/**
 * The parts every list repository shares (SPEC lists: page, pageSize, a search box). Kept here, below
 * the modules, so no module reaches into another's repository for them.
 */

/** The rows skipped before a page; capped so that an absurd page number is still a valid SQL integer. */
export const offsetOf = ({ page, pageSize }: { page: number; pageSize: number }): number =>
  Math.min((page - 1) * pageSize, 2_000_000_000);

/**
 * A `lower(column) like ? escape '\'` pattern matching `text` anywhere: `%`, `_` and the escape
 * character itself match literally.
 */
export const likeContains = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
