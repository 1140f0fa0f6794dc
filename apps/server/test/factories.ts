import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { nricFinCheckLetter } from '@td/shared/rules/worker-identity';
import { FILE_FOLDERS, FILE_URL_PREFIX, type FileKind } from '@td/shared/schemas/file';
import type { WorkerFormValues } from '@td/shared/schemas/worker';
import type { Db } from '../src/db/database.ts';
import type { FileStore } from '../src/files/file-store.ts';
import { insertWorkerRows, type WorkerSeedRow } from '../src/modules/workers/workers.repository.ts';

/** Test data from factories (CONVENTIONS 8): valid unless a test overrides a field. */

let identitySequence = 0;

/** A valid FIN (G series, right check letter) for a number, e.g. 1234567 -> G1234567X. */
export function finFor(number: number): string {
  const digits = String(number % 10_000_000).padStart(7, '0');
  return `G${digits}${nricFinCheckLetter('G', digits)}`;
}

/**
 * A worker form as the web app sends it for adding: every SPEC 5 add-only field filled, WP holder.
 * FIN, passport and WP numbers differ on every call (they are unique among workers, decision 023).
 */
export function buildWorker(overrides: Partial<WorkerFormValues> = {}): WorkerFormValues {
  identitySequence += 1;
  const n = 1_234_567 + identitySequence;
  return {
    first_name: 'Rahim',
    last_name: 'Uddin',
    date_of_birth: '1990-04-12',
    nationality: 'Bangladeshi',
    phone_number: '+65 8123 4567',
    email: 'rahim@example.com',
    passport_no: `BD${n}`,
    type_of_pass: 'WP',
    fin_no: finFor(n),
    wp_no: `WP${String(identitySequence).padStart(4, '0')}`,
    date_of_application: '2025-01-06',
    date_of_issuance: '2025-02-03',
    wp_expiry_date: '2027-02-02',
    coretrade_expiry_date: '2026-08-01',
    levy: '$300',
    coretrade: 'R1',
    status: 'Working',
    supplied_to_company: 'Acme Builders Pte Ltd',
    designation: 'Carpenter',
    rate_type: 'Daily',
    salary_rate: '120',
    photo_url: '',
    ipa_url: '',
    consent_letter_url: '',
    contract_url: '',
    bank_swift_code: '',
    bank_account_no: '',
    payment_mode: '',
    ...overrides,
  };
}

let rowSequence = 0;

/** A complete `workers` row for inserting directly (chosen created_at, worker_id ...). Salary in cents. */
export function buildWorkerRow(overrides: Partial<WorkerSeedRow> = {}): WorkerSeedRow {
  rowSequence += 1;
  const timestamp = overrides.created_at ?? new Date().toISOString();
  return {
    id: randomUUID(),
    worker_id: `TD-${10_000 + (rowSequence % 89_999)}`,
    first_name: `First${rowSequence}`,
    last_name: `Last${rowSequence}`,
    date_of_birth: '1990-01-01',
    nationality: 'Indian',
    phone_number: null,
    email: null,
    passport_no: `P${rowSequence}`,
    type_of_pass: 'WP',
    fin_no: null,
    wp_no: null,
    date_of_application: null,
    date_of_issuance: null,
    wp_expiry_date: null,
    coretrade_expiry_date: null,
    levy: null,
    coretrade: 'R1',
    status: 'Working',
    supplied_to_company: null,
    designation: null,
    rate_type: 'Hourly',
    salary_rate: 1000,
    photo_url: null,
    ipa_url: null,
    consent_letter_url: null,
    contract_url: null,
    created_at: timestamp,
    updated_at: timestamp,
    ...overrides,
  };
}

export async function insertWorkers(db: Db, ...overrides: Array<Partial<WorkerSeedRow>>): Promise<WorkerSeedRow[]> {
  const rows = overrides.map((o) => buildWorkerRow(o));
  await insertWorkerRows(db, rows);
  return rows;
}

/** `insertWorkers` for a database migrated to a version before the folded name (migration 0032). */
export async function insertWorkersBefore0032(
  db: Db,
  ...overrides: Array<Partial<WorkerSeedRow>>
): Promise<WorkerSeedRow[]> {
  const rows = overrides.map((o) => buildWorkerRow(o));
  await insertWorkerRows(db, rows, { beforeSearchName: true });
  return rows;
}

/** A file store that holds nothing and accepts every change, with some operations replaced. */
export function fakeFileStore(overrides: Partial<FileStore> = {}): FileStore {
  return {
    put: async () => undefined,
    get: async () => null,
    remove: async () => undefined,
    moveToTrash: async () => undefined,
    restoreFromTrash: async () => undefined,
    removeFromTrash: async () => undefined,
    async *listTrash() {},
    ...overrides,
  };
}

/** Records a stored file (without bytes) as an upload would, and answers its URL. */
export async function givenStoredFile(db: Db, kind: FileKind, extension = 'pdf'): Promise<string> {
  const path = `${FILE_FOLDERS[kind]}/${randomUUID()}.${extension}`;
  const url = `${FILE_URL_PREFIX}${path}`;
  await db
    .insertInto('stored_files')
    .values({
      id: randomUUID(),
      kind,
      path,
      url,
      original_name: `test.${extension}`,
      content_type: 'application/pdf',
      size_bytes: 10,
      created_by: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return url;
}

/** Bytes of each format, real enough for content detection. */
export const sampleFiles = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  png: () =>
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  jpg: () =>
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64)]),
  gif: () => Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.alloc(32)]),
  /** Word 97-2003: an OLE compound file header. */
  doc: () => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]),
  docx: () =>
    zipStored({
      '[Content_Types].xml':
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      'word/document.xml': '<?xml version="1.0"?><w:document/>',
    }),
  /** A Windows program: `MZ` header. */
  exe: () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(256)]),
};

/** A zip with stored (uncompressed) entries: enough for a DOCX the detector recognises. */
function zipStored(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** A multipart/form-data body for `app.inject`. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; contentType?: string; field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----td${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
