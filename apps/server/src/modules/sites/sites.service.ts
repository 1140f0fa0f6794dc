import {
  SITE_NAME_TAKEN,
  SITE_NOT_FOUND,
  type Site,
  type SiteInput,
  type SiteList,
  type SiteListQuery as SiteListQueryParser,
} from '@td/shared/schemas/site';
import type { z } from 'zod';
import { type Actor, recordAudit } from '../../audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { SiteRow } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import * as repo from './sites.repository.ts';

type ListQuery = z.output<typeof SiteListQueryParser>;

/** The row as the API answers it, field by field (`active` 1/0 to a boolean, name_key left out). */
export function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    name: row.name,
    client_company: row.client_company,
    project_reference: row.project_reference,
    address: row.address,
    active: Number(row.active) === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const nameTaken = () => conflict(SITE_NAME_TAKEN, { name: SITE_NAME_TAKEN });

export async function listSites(db: Db, query: ListQuery): Promise<SiteList> {
  const { rows, total } = await repo.listSites(
    db,
    { q: query.q, active: query.active },
    { page: query.page, pageSize: query.pageSize },
  );
  return { items: rows.map(toSite), total };
}

export async function getSite(db: Db, id: string): Promise<Site> {
  const row = await repo.findSiteById(db, id);
  if (!row) throw notFound(SITE_NOT_FOUND);
  return toSite(row);
}

/** Decision 090: one site per name (any case); checked first for the message, the unique index settles a race. */
export async function createSite(db: Db, input: SiteInput, actor: Actor, now = new Date()): Promise<Site> {
  if (await repo.findSiteIdByName(db, input.name)) throw nameTaken();
  try {
    return await db.transaction().execute(async (trx) => {
      const id = newId();
      const timestamp = nowIso(now);
      await repo.insertSite(trx, { id, ...input, created_at: timestamp, updated_at: timestamp });
      const site = await getSite(trx, id);
      await recordAudit(trx, actor, { action: 'create', entity: 'site', entityId: id, after: site });
      return site;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateSite(db: Db, id: string, input: SiteInput, actor: Actor, now = new Date()): Promise<Site> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await getSite(trx, id);
      const taken = await repo.findSiteIdByName(trx, input.name);
      if (taken && taken !== id) throw nameTaken();
      await repo.updateSite(trx, id, input, nowIso(now));
      const after = await getSite(trx, id);
      await recordAudit(trx, actor, { action: 'update', entity: 'site', entityId: id, before, after });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Decision 090: the site's timesheets stay, without a site (the foreign key sets it null). */
export async function deleteSite(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await getSite(trx, id);
    await repo.deleteSite(trx, id);
    await recordAudit(trx, actor, { action: 'delete', entity: 'site', entityId: id, before });
  });
}
