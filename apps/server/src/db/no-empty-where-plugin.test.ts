import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';

describe('NoEmptyWherePlugin', () => {
  const db = createDatabase({ dataDir: '', sqliteFile: ':memory:' });

  it('drops the always-true WHERE of filters joined by and when none is given', () => {
    const query = db
      .selectFrom('payslips')
      .select((eb) => eb.fn.countAll().as('total'))
      .where((eb) => eb.and([]));
    expect(query.compile().sql).toBe('select count(*) as "total" from "payslips"');
  });

  it('keeps real conditions, an empty or (never true) and hand-written SQL', () => {
    const filtered = db
      .selectFrom('payslips')
      .select('id')
      .where((eb) => eb.and([eb('status', '=', 'Paid')]));
    expect(filtered.compile().sql).toBe('select "id" from "payslips" where "status" = ?');
    const none = db
      .selectFrom('payslips')
      .select('id')
      .where((eb) => eb.or([]));
    expect(none.compile().sql).toBe('select "id" from "payslips" where 1 = 0');
    const raw = db.selectFrom('payslips').select('id').where(sql<boolean>`1 = 1`);
    expect(raw.compile().sql).toBe('select "id" from "payslips" where 1 = 1');
  });

  it('drops it in subqueries too', () => {
    const query = db
      .selectFrom('workers')
      .select('id')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('timesheets')
          .select('worker_id')
          .where((w) => w.and([])),
      );
    expect(query.compile().sql).toBe('select "id" from "workers" where "id" in (select "worker_id" from "timesheets")');
  });
});
