import { type CsvCell, toCsv } from '@td/shared/rules/csv';
import { dateInTimeZone } from '@td/shared/rules/dates';
import {
  ADMIN_CHARGE_NOT_FOUND,
  type AdminCharge,
  type AdminChargeFilters,
  type AdminChargeInput,
  CHARGE_DEDUCTED_DELETE,
  CHARGE_DEDUCTED_EDIT,
  chargeNotPending,
  chargeReference,
} from '@td/shared/schemas/admin-charge';
import { UNKNOWN_WORKER } from '@td/shared/schemas/timesheet';
import { type Actor, recordAudit } from '../../audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { assertStoredFiles, type StoredFileField } from '../../files/stored-file-links.ts';
import { newId, nowIso } from '../../lib/clock.ts';
import { MAX_EXPORT_ROWS } from '../../lib/csv-download.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertPeriodsOpen } from '../pay-runs/public.ts';
import { findWorkerById } from '../workers/public.ts';
import * as repo from './admin-charges.repository.ts';

export const AUDIT_ENTITY = 'admin_charge';
export const WORKER_NOT_FOUND = 'Worker not found. Please choose a worker from the list.';
/** Decision 081: the charge is part of a payslip's figures until that payslip is deleted or regenerated. */
export const CHARGE_ON_PAYSLIP_EDIT =
  'This admin charge is deducted on a generated payslip and cannot be changed. Delete or regenerate that payslip first.';
export const CHARGE_ON_PAYSLIP_DELETE =
  'This admin charge is deducted on a generated payslip and cannot be deleted. Delete or regenerate that payslip first.';

/** Decision 092: the worker's signed consent (EA s.27) is a private file stored as a consent letter. */
const CONSENT_FILE: ReadonlyArray<StoredFileField<'consent_url'>> = [
  { field: 'consent_url', kind: 'consent_letter', label: 'signed consent' },
];

/** A `consent_url` given must name a stored consent letter (a link left out or unchanged is not checked). */
async function assertConsentFile(db: Db, input: AdminChargeInput, before: AdminCharge | null): Promise<void> {
  if (input.consent_url === undefined) return;
  await assertStoredFiles(
    db,
    CONSENT_FILE,
    { consent_url: input.consent_url },
    before && { consent_url: before.consent_url ?? null },
  );
}

/** What the audit log keeps of a charge: its own fields (amount in dollars), not the joined worker. */
function auditView(charge: AdminCharge): Record<string, unknown> {
  const { worker: _worker, first_name: _first, last_name: _last, worker_code: _code, updated_at, ...fields } = charge;
  return fields;
}

async function loadCharge(db: Db, id: string): Promise<AdminCharge> {
  const charge = await repo.findAdminChargeById(db, id);
  if (!charge) throw notFound(ADMIN_CHARGE_NOT_FOUND);
  return charge;
}

export const getAdminCharge = loadCharge;

async function assertWorkerExists(db: Db, workerId: string): Promise<void> {
  if (!(await findWorkerById(db, workerId))) throw badRequest(WORKER_NOT_FOUND, { worker_id: WORKER_NOT_FOUND });
}

/** A worker deleted between the check and the write breaks the link: the same message, never a 500. */
async function guardWorkerLink<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw badRequest(WORKER_NOT_FOUND, { worker_id: WORKER_NOT_FOUND });
    throw error;
  }
}

/** SPEC 4, 7: a new charge is Pending. Insert and audit entry are one transaction. */
export async function createAdminCharge(
  db: Db,
  input: AdminChargeInput,
  actor: Actor,
  now = new Date(),
): Promise<AdminCharge> {
  await assertWorkerExists(db, input.worker_id);
  await assertConsentFile(db, input, null);
  return guardWorkerLink(() =>
    db.transaction().execute(async (trx) => {
      // Decision 082: an approved or paid pay run's days are closed.
      await assertPeriodsOpen(trx, [{ workerId: input.worker_id, date: input.charge_date }], 'admin charge');
      const timestamp = nowIso(now);
      const id = newId();
      await repo.insertAdminCharge(trx, { id, created_at: timestamp, updated_at: timestamp }, input);
      const charge = await loadCharge(trx, id);
      await recordAudit(trx, actor, { action: 'create', entity: AUDIT_ENTITY, entityId: id, after: auditView(charge) });
      return charge;
    }),
  );
}

/** SPEC 4: an edit leaves the status unchanged. ARCHITECTURE differs 9: a Deducted charge is not edited. */
export async function updateAdminCharge(
  db: Db,
  id: string,
  input: AdminChargeInput,
  actor: Actor,
  now = new Date(),
): Promise<AdminCharge> {
  return guardWorkerLink(() =>
    db.transaction().execute(async (trx) => {
      const onPayslip = await repo.lockChargeAndCheckPayslip(trx, id);
      const before = await loadCharge(trx, id);
      if (before.status === 'Deducted') throw conflict(CHARGE_DEDUCTED_EDIT);
      if (onPayslip) throw conflict(CHARGE_ON_PAYSLIP_EDIT);
      await assertPeriodsOpen(
        trx,
        [
          { workerId: before.worker_id, date: before.charge_date },
          { workerId: input.worker_id, date: input.charge_date },
        ],
        'admin charge',
      );
      await assertWorkerExists(trx, input.worker_id);
      await assertConsentFile(trx, input, before);
      // The UPDATE repeats the condition: payroll may deduct the charge in the meantime.
      if (!(await repo.updateAdminChargeFields(trx, before.id, input, nowIso(now))))
        throw conflict(CHARGE_DEDUCTED_EDIT);
      const after = await loadCharge(trx, before.id);
      await recordAudit(trx, actor, {
        action: 'update',
        entity: AUDIT_ENTITY,
        entityId: before.id,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    }),
  );
}

/**
 * SPEC 4: on the detail page a Pending charge becomes Approved or Rejected, and nothing else does.
 * approved_by is the signed-in staff member's name (ARCHITECTURE differs 8) and approved_at now; a
 * rejection records its reviewer the same way (decision 013). Two staff deciding at once: the
 * conditional UPDATE lets one win; the other is told what the charge now is (409).
 */
export async function decideAdminCharge(
  db: Db,
  id: string,
  decision: 'Approved' | 'Rejected',
  actor: Actor,
  now = new Date(),
): Promise<AdminCharge> {
  return db.transaction().execute(async (trx) => {
    const before = await loadCharge(trx, id);
    const won = await repo.decidePendingCharge(trx, before.id, {
      status: decision,
      approved_by: actor.name,
      approved_at: nowIso(now),
    });
    if (!won) {
      const current = await loadCharge(trx, before.id);
      throw conflict(chargeNotPending(current.status, decision === 'Approved' ? 'approve' : 'reject'));
    }
    const after = await loadCharge(trx, before.id);
    await recordAudit(trx, actor, {
      action: 'update',
      entity: AUDIT_ENTITY,
      entityId: before.id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}

/** SPEC 2: delete without confirmation (the list sends it once its Undo toast has closed). ARCHITECTURE differs 9: never a Deducted one. */
export async function deleteAdminCharge(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const onPayslip = await repo.lockChargeAndCheckPayslip(trx, id);
    const before = await loadCharge(trx, id);
    if (onPayslip && before.status !== 'Deducted') throw conflict(CHARGE_ON_PAYSLIP_DELETE);
    if (before.status !== 'Deducted') {
      await assertPeriodsOpen(trx, [{ workerId: before.worker_id, date: before.charge_date }], 'admin charge');
    }
    if (before.status === 'Deducted' || !(await repo.deleteAdminCharge(trx, before.id))) {
      throw conflict(CHARGE_DEDUCTED_DELETE);
    }
    await recordAudit(trx, actor, {
      action: 'delete',
      entity: AUDIT_ENTITY,
      entityId: before.id,
      before: auditView(before),
    });
  });
}

/**
 * Probe finding 25 (decision 024's pattern): the admin charge list as CSV, with the list's search,
 * filters and order, every page. The reference is the heading's ("Admin Charge #…", SPEC 2); the
 * decision's day is the business's (probe finding 19), as the screens show it.
 */
export async function exportAdminChargesCsv(db: Db, filters: AdminChargeFilters, timeZone: string): Promise<string> {
  const items = await repo.exportAdminCharges(db, filters, MAX_EXPORT_ROWS);
  const header = [
    'Reference',
    'Worker ID',
    'Worker Name',
    'Charge Date',
    'Charge Type',
    'Amount (SGD)',
    'Status',
    'Description',
    'Decided By',
    'Decided On',
  ];
  const rows: CsvCell[][] = items.map((charge) => [
    chargeReference(charge.id),
    charge.worker?.worker_id ?? '',
    charge.worker ? `${charge.worker.first_name} ${charge.worker.last_name}` : UNKNOWN_WORKER,
    charge.charge_date,
    charge.charge_type,
    charge.amount,
    charge.status,
    charge.description ?? '',
    charge.approved_by ?? '',
    charge.approved_at ? dateInTimeZone(new Date(charge.approved_at), timeZone) : '',
  ]);
  return toCsv(header, rows);
}
