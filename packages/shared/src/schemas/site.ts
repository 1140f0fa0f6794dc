import { z } from 'zod';
import { optional, paging, requiredText, safeText, searchText } from './fields.ts';

/** Decision 090: a site is a client's project where workers clock in (the manpower report's unit). */

export const SITE_FIELD_LABELS = {
  name: 'Site Name',
  client_company: 'Client Company',
  project_reference: 'Project Reference',
  address: 'Address',
  active: 'Active',
} as const;

export const SITE_NOT_FOUND = 'The requested site could not be found.';
export const SITE_NAME_TAKEN = 'A site with this name already exists.';
export const SITE_INVALID = 'Please choose a site from the list';
export const SITE_SAVE_FAILED = 'Failed to save site. Please try again.';
export const SITE_DELETE_FAILED = 'Failed to delete site. Please try again.';

/** `active` as JSON sends it, or as a form or query string does. */
const flag = (label: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: `${label} must be true or false` })
    .transform((value) => value === true || value === 'true');

export const SiteInput = z.object({
  name: requiredText(200, { label: SITE_FIELD_LABELS.name }),
  client_company: requiredText(200, { label: SITE_FIELD_LABELS.client_company }),
  project_reference: optional(safeText(100, { label: SITE_FIELD_LABELS.project_reference })),
  address: optional(safeText(500, { label: SITE_FIELD_LABELS.address, multiline: true })),
  active: flag(SITE_FIELD_LABELS.active).default(true),
});
export type SiteInput = z.output<typeof SiteInput>;
export type SiteFormValues = z.input<typeof SiteInput>;

export const Site = z.object({
  id: z.string(),
  name: z.string(),
  client_company: z.string(),
  project_reference: z.string().nullable(),
  address: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Site = z.infer<typeof Site>;

/** The list: search over name, client and project reference; `active=true` for pickers. */
export const SiteListQuery = z.object({
  q: searchText(),
  active: flag('Active').optional(),
  ...paging({ defaultPageSize: 25, maxPageSize: 500 }),
});
export type SiteListQuery = z.input<typeof SiteListQuery>;

export const SiteList = z.object({ items: z.array(Site), total: z.number().int() });
export type SiteList = z.infer<typeof SiteList>;

/** How a timesheet names its site in answers. */
export const SiteRef = z.object({ id: z.string(), name: z.string() });
export type SiteRef = z.infer<typeof SiteRef>;
