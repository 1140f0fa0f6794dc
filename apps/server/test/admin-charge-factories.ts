import { randomUUID } from 'node:crypto';
import type { AdminChargeFormValues } from '@td/shared/schemas/admin-charge';
import type { Db } from '../src/db/database.ts';
import type { AdminChargeRow } from '../src/db/schema.ts';

/** Test data for admin charges (CONVENTIONS 8): valid unless a test overrides a field. */

/** A charge form as the web app sends it. */
export function buildAdminCharge(overrides: Partial<AdminChargeFormValues> = {}): AdminChargeFormValues {
  return {
    worker_id: '',
    charge_date: '2025-03-14',
    charge_type: 'Safety Violation',
    amount: '150.00',
    description: 'No helmet on level 3 of the Tampines site',
    ...overrides,
  };
}

/** Decision 092's columns (migration 0028): only when given, so migration tests can seed an earlier schema. */
type LawfulColumns = 'consent_date' | 'consent_url' | 'inquiry_date';
export type AdminChargeSeedRow = Omit<AdminChargeRow, LawfulColumns> & Partial<Pick<AdminChargeRow, LawfulColumns>>;

/** A complete `admin_charges` row for inserting directly (any status, chosen dates). Amount in cents. */
export function buildAdminChargeRow(overrides: Partial<AdminChargeRow> = {}): AdminChargeSeedRow {
  const timestamp = overrides.created_at ?? new Date().toISOString();
  return {
    id: randomUUID(),
    worker_id: null,
    charge_date: '2025-03-14',
    charge_type: 'Attendance',
    amount: 5000,
    description: null,
    status: 'Pending',
    approved_by: null,
    approved_at: null,
    created_at: timestamp,
    updated_at: timestamp,
    ...overrides,
  };
}

export async function insertAdminCharges(
  db: Db,
  ...overrides: Array<Partial<AdminChargeRow>>
): Promise<AdminChargeSeedRow[]> {
  const rows = overrides.map((o) => buildAdminChargeRow(o));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('admin_charges')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  return rows;
}
