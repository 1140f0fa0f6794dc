import { WORKER_SORTS } from '@td/shared/options/workers';
import { searchFold, workerSearchName } from '@td/shared/rules/search-text';
import { identityKey } from '@td/shared/rules/worker-identity';
import { type Compilable, CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseUnderTest } from '../../../test/build-test-app.ts';
import { insertWorkers } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import {
  deleteWorker,
  exportWorkers,
  filtersOf,
  listWorkers,
  lookupWorkers,
  type WorkerSeedRow,
} from './workers.repository.ts';

/**
 * Decision 046: the search box finds a case-insensitive substring of the name, TD- id, FIN or passport
 * number, or phone number without spaces; on PostgreSQL through trigram indexes (migration 0014).
 * These tests hold its answers to that rule, in JavaScript, through inserts, edits and deletes.
 */
describe('worker search (decision 046)', () => {
  let db: Db;
  let workers: WorkerSeedRow[];

  // A database per test: the PostgreSQL suite drops each test's schema after it.
  beforeEach(async () => {
    db = await createTestDatabase();
    workers = await insertWorkers(
      db,
      { first_name: 'Ahmad', last_name: 'bin Ismail', nationality: 'Malaysian', phone_number: '+65 8123 4567' },
      { first_name: 'Nur', last_name: 'Ahmadi', nationality: 'Malaysian', fin_no: 'G 1234 567X' },
      { first_name: 'Ravi', last_name: 'Kumar', nationality: 'Indian', passport_no: 'Z 9876 543' },
      { first_name: 'Li', last_name: 'Wei', nationality: 'Chinese', worker_id: 'TD-4242' },
      { first_name: 'Quote"d', last_name: '50%_off', nationality: 'Thai' },
      { first_name: 'Zaw', last_name: 'Min', nationality: 'Burmese', phone_number: '+65 9000 1111' },
      { first_name: 'Văn Ánh Đức', last_name: 'Nguyễn', nationality: 'Vietnamese' },
      { first_name: 'NGUYEN', last_name: 'Thi', nationality: 'Vietnamese' },
      { first_name: '伟强', last_name: '陈', nationality: 'Chinese' },
    );
  });
  afterEach(async () => db.destroy());

  /** The rule of SPEC 9 and decision 046, in JavaScript, over the rows as they now stand. */
  async function expected(q: string, nationality?: string): Promise<string[]> {
    const rows = await db.selectFrom('workers').selectAll().execute();
    const text = q.toLowerCase();
    const folded = searchFold(q);
    const key = identityKey(q)?.toLowerCase();
    const digits = /^\+?[\d\s]+$/.test(q) ? q.replace(/[\s+]/g, '') : '';
    return rows
      .filter(
        (w) =>
          (!nationality || w.nationality === nationality) &&
          (searchFold(`${w.first_name} ${w.last_name}`).includes(folded) ||
            w.worker_id.toLowerCase().includes(text) ||
            (key !== undefined && (w.fin_no_key ?? '').toLowerCase().includes(key)) ||
            (key !== undefined && (w.passport_no_key ?? '').toLowerCase().includes(key)) ||
            (digits.length >= 3 && (w.phone_number ?? '').replaceAll(' ', '').includes(digits))),
      )
      .map((w) => w.id)
      .sort();
  }

  async function found(q: string, nationality?: string): Promise<string[]> {
    const { items, total } = await listWorkers(db, { q, nationality, page: 1, pageSize: 100 });
    expect(total).toBe(items.length);
    return items.map((w) => w.id).sort();
  }

  const SEARCHES = [
    'ahmad',
    'AHMAD',
    'hmad',
    'ad bin',
    'bin ismail',
    'ahmadi',
    'td-4242',
    '4242',
    'g1234',
    '1234 567x',
    'z9876',
    '9876 543',
    '8123 4567',
    '+65 8123',
    '81234567',
    'uote"d',
    '50%_',
    '%_o',
    'kumar',
    'li wei',
    // Decision 102: accents and case aside, either way round.
    'nguyen',
    'NGUYỄN',
    'duc ng',
    'đức',
    'van anh',
    '伟强',
    'nobody',
    'ah',
    'i',
  ];

  it('finds what the substring rule finds, for every kind of search', async () => {
    for (const q of SEARCHES) expect(await found(q), q).toEqual(await expected(q));
    expect(await found('ahmad', 'Malaysian')).toEqual(await expected('ahmad', 'Malaysian'));
    expect(await found('ahmad')).toHaveLength(2);
    expect(await found('nguyen')).toHaveLength(2);
  });

  it('follows an edit and a delete', async () => {
    const [ahmad, , , li] = workers;
    if (!ahmad || !li) throw new Error('seed');
    await db
      .updateTable('workers')
      // The repository writes the folded name with the name; this edit goes round it, so it writes it too.
      .set({
        first_name: 'Hafiz',
        search_name: workerSearchName({ first_name: 'Hafiz', last_name: ahmad.last_name }),
        phone_number: '+65 8777 0000',
        fin_no_key: 'F7654321Q',
      })
      .where('id', '=', ahmad.id)
      .execute();
    await deleteWorker(db, li.id);
    for (const q of ['ahmad', 'hafiz', 'bin ismail', '8777 0000', '8123 4567', 'f765', 'td-4242', 'li wei']) {
      expect(await found(q), q).toEqual(await expected(q));
    }
    expect(await found('hafiz')).toEqual([ahmad.id]);
    expect(await found('td-4242')).toEqual([]);
  });

  it('serves the worker picker with the same matches', async () => {
    const lookup = async (q: string) =>
      (await lookupWorkers(db, { q, page: 1, pageSize: 100 })).items.map((w) => w.id).sort();
    const names = async (q: string) =>
      (await db.selectFrom('workers').select(['id', 'first_name', 'last_name', 'worker_id']).execute())
        .filter(
          (w) =>
            searchFold(`${w.first_name} ${w.last_name}`).includes(searchFold(q)) ||
            w.worker_id.toLowerCase().includes(q.toLowerCase()),
        )
        .map((w) => w.id)
        .sort();
    for (const q of ['ahmadi', 'KUMAR', 'zaw m', 'uote"', 'za', 'nguyen', 'Duc'])
      expect(await lookup(q), q).toEqual(await names(q));
  });

  it.runIf(databaseUnderTest === 'postgres')('reads the trigram indexes on PostgreSQL', async () => {
    // Six workers are cheaper to read than an index: tell the planner otherwise, as 10,000 would.
    const plan = await db.connection().execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`
        explain select count(*) from workers
        where search_name like ${'%ahmad%'} or lower(worker_id) like ${'%ahmad%'}`.execute(connection);
      await sql`reset enable_seqscan`.execute(connection);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('workers_search_name_trgm_idx');
    expect(plan).toContain('workers_worker_id_trgm_idx');
  });

  it('sorts, filters and pages a search as the export of the same query', async () => {
    const [ahmad, nur] = workers;
    if (!ahmad || !nur) throw new Error('seed');
    await insertWorkers(
      db,
      { first_name: 'Ahmad', last_name: 'Tan', worker_id: 'TD-999', status: 'Working', type_of_pass: 'WP' },
      { first_name: 'Siti', last_name: 'Ahmad', worker_id: 'TD-10001', status: 'Terminated', type_of_pass: 'S Pass' },
      { first_name: 'ahmad', last_name: 'Ali', nationality: 'Malaysian', status: null, supplied_to_company: 'Acme' },
      { first_name: 'Ahmad', last_name: 'Ali', nationality: 'Indian', type_of_pass: null, supplied_to_company: 'Beta' },
    );
    await db
      .updateTable('workers')
      .set({ status: 'Terminated', type_of_pass: 'S Pass', supplied_to_company: 'Acme', nationality: 'Thai' })
      .where('id', '=', nur.id)
      .execute();
    await db
      .updateTable('workers')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', ahmad.id)
      .execute();

    const filterSets = [
      {},
      { nationality: 'Malaysian' },
      { status: 'Terminated' },
      { type_of_pass: 'S Pass' },
      { supplied_to_company: 'Acme' },
      { nationality: 'Thai', status: 'Terminated', type_of_pass: 'S Pass', supplied_to_company: 'Acme' },
    ];
    for (const q of ['ahmad', 'ahm', 'td-10', 'ali']) {
      for (const filters of filterSets) {
        for (const sort of WORKER_SORTS) {
          for (const order of ['asc', 'desc'] as const) {
            const query = { q, ...filters, sort, order };
            const page = await listWorkers(db, { ...query, page: 1, pageSize: 100 });
            const all = await exportWorkers(db, query, 100);
            const label = JSON.stringify(query);
            expect(
              page.items.map((w) => w.id),
              label,
            ).toEqual(all.map((w) => w.id));
            expect(page.total, label).toBe(all.length);
          }
        }
      }
    }
    expect((await listWorkers(db, { q: 'ahmad', status: 'Terminated', page: 1, pageSize: 100 })).total).toBe(2);
  });

  // Decision 113: on SQLite the search and its count read the searched columns from the index of the
  // list's order (migration 0041), not each worker's table row; PostgreSQL has its trigram indexes.
  it.runIf(databaseUnderTest === 'sqlite')('reads the search indexes on SQLite (decision 113)', async () => {
    const plan = async (query: Compilable) => {
      const { sql: text, parameters } = query.compile();
      const { rows } = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
      );
      return rows.map((row) => row.detail).join('; ');
    };
    const search = (nationality?: string) =>
      db
        .selectFrom('workers')
        .where((eb) => filtersOf(eb, { q: 'ahmad', nationality }))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
    const count = (nationality?: string) =>
      search(nationality)
        .clearOrderBy()
        .select((eb) => eb.fn.countAll().as('n'));
    expect(await plan(count('Malaysian'))).toMatch(/USING COVERING INDEX workers_nationality_search_idx/);
    expect(await plan(count())).toMatch(/USING COVERING INDEX workers_created_at_search_idx/);
    const page = await plan(search('Malaysian').selectAll().limit(50));
    expect(page).toMatch(/USING INDEX workers_nationality_search_idx/);
    expect(page).not.toMatch(/TEMP B-TREE/);
    expect(await plan(search().selectAll().limit(50))).toMatch(/USING INDEX workers_created_at_search_idx/);
  });
});
