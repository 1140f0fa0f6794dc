import { maskWorkerFields, type Role, roleCan, WORKER_FIELD_PERMISSIONS } from '@td/shared/rules/permissions';

/**
 * Decision 104: the one place where worker answers meet the role asking. Every answer kind that carries
 * worker fields (list, detail, picker, expiring lists, CSV exports) passes its workers through
 * `workerFieldsFor`; the searches ask `searchableBy` which fields they may match, so a role that sees a
 * FIN masked cannot find a worker by it either.
 */
export function workerFieldsFor<T extends object>(role: Role): (worker: T) => T {
  return (worker) => maskWorkerFields(worker as Record<string, unknown>, role) as T;
}

/** Which identity fields the search box may match for this role (the name and TD- id always). */
export function searchableBy(role: Role): { identity: boolean; contact: boolean } {
  return { identity: roleCan(role, 'workers.identity'), contact: roleCan(role, 'workers.contact') };
}

/**
 * On a save, the fields the role cannot see keep their stored value: the form showed them masked or
 * empty, and sending that back must not overwrite the real number. Text fields take the stored text;
 * amounts are left out of the save (the repository keeps what it holds; they are stored in cents).
 */
export function keepHiddenFields<T extends object>(input: T, stored: object, role: Role): T {
  const kept: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [field, permission] of Object.entries(WORKER_FIELD_PERMISSIONS)) {
    if (!(field in input) || roleCan(role, permission)) continue;
    const storedValue = (stored as Record<string, unknown>)[field];
    kept[field] = typeof storedValue === 'number' ? undefined : storedValue;
  }
  return kept as T;
}
