import net from 'node:net';
import path from 'node:path';
import { DEFAULT_PAY_RULES, PAY_RULES, type PayRules } from '@td/shared/options/pay-rules';
import { ROLES, type Role } from '@td/shared/rules/permissions';
import { z } from 'zod';

const TRUST_PROXY_HINT =
  'must be false, the number of proxies in front of the server (usually 1), or their addresses (e.g. 127.0.0.1, 10.0.0.0/8, loopback)';
const PUBLIC_URL_HINT = 'must be the address users open, such as https://td.example.com (no path)';

/** The employer whose letterhead the documents carry. */
export interface CompanyDetails {
  name: string;
  /** Registered address, one line. */
  address: string;
  /** Unique Entity Number (ACRA registration). */
  uen: string;
  /** Signs employment letters for the company. */
  hrManagerName: string;
}

/**
 * Sensible defaults for a Singapore construction-labour supplier, so a fresh installation prints
 * complete documents; a real installation sets its own (docs/operations.md, Settings).
 */
export const DEFAULT_COMPANY: CompanyDetails = {
  name: 'TD Workforce Pte. Ltd.',
  address: '60 Kaki Bukit Place, #05-18 Eunos Techpark, Singapore 415979',
  uen: '201912345K',
  hrManagerName: 'Tan Mei Ling',
};

/** Every setting of the server, read from the environment in this one place (docs/operations.md lists them). */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset for the embedded SQLite database)')
    .optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  /** Decision 007: however active, a session ends this long after sign-in. */
  SESSION_MAX_AGE_DAYS: z.coerce.number().positive().max(365).default(7),
  /**
   * Decision 104: roles that must enrol in two-factor sign-in at their next sign-in, comma-separated
   * (`admin,payroll` recommended). Empty by default, so a fresh install signs in with a password.
   */
  REQUIRE_2FA_ROLES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((role) => role.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(ROLES, { error: `must list roles among ${ROLES.join(', ')}` }))),
  /** Decision 036: a stored file no record links is deleted once it is this old (uploads abandoned before Save). */
  FILE_SWEEP_GRACE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  /** How often the sweep runs (it also runs at start); 0 switches it off (the default under NODE_ENV=test). */
  FILE_SWEEP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Extra origins allowed to send state-changing requests, comma separated (the app's own is always allowed). */
  ALLOWED_ORIGINS: z.string().default(''),
  /**
   * Decision 007: which proxies in front of the server to believe, as Fastify's `trustProxy` takes them:
   * a number of hops or their addresses. The client is then the address the nearest untrusted hop
   * appended to `X-Forwarded-For`, never the leftmost entry the client wrote itself.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HINT });
      return parsed ?? false;
    }),
  /** Decision 007: the address users open; when set, only its host is served. */
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const url = parsePublicUrl(value);
      if (url === null) ctx.addIssue({ code: 'custom', message: PUBLIC_URL_HINT });
      return url ?? undefined;
    }),
  WEB_DIST_DIR: z.string().optional(),
  /** SPEC 9: "today" and calendar months (dashboard, expiring documents) are those of this zone. */
  BUSINESS_TIME_ZONE: z
    .string()
    .default('Asia/Singapore')
    .refine(isTimeZone, 'must be an IANA time zone name such as Asia/Singapore'),
  /** Where uploaded files are kept (ARCHITECTURE Shape: `./data/files` by default). */
  FILES_DIR: z.string().optional(),
  /** Decision 087: `local` (FILES_DIR) or `s3` (an S3-compatible bucket, needed for several servers). */
  FILES_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  /** For S3-compatible stores other than AWS (`https://minio.internal:9000`); unset for AWS itself. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `true` for stores that want `endpoint/bucket/key` addresses (most self-hosted ones). */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** Decision 087: connections each server keeps to PostgreSQL (plus one for the background lock). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Decision 089: `/metrics` answers only `Authorization: Bearer <this>`; unset, there are no metrics. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Decision 089: after SIGTERM, how long the server keeps serving while /api/ready answers 503. */
  DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /** Decision 087: how often the e-mail sender looks for messages due (the server holding the lock). */
  OUTBOX_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  /** Decision 087: background jobs (sweep, trash, e-mail retries, digests); off by default in tests. */
  BACKGROUND_JOBS: z.enum(['on', 'off']).optional(),
  /** ARCHITECTURE Shape: mail goes to this SMTP server when set, else to `$DATA_DIR/outbox` as .eml files. */
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/[^/\s]+/,
      'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587',
    )
    .optional(),
  /** The From address of every message (`Payroll <payroll@example.com>`); required with SMTP_URL. */
  MAIL_FROM: z
    .string()
    .refine(isMailbox, 'must be an e-mail address, optionally with a name: Payroll <payroll@example.com>')
    .optional(),
  /** The employer on letterheads, employment letters and payslips (SPEC 2 letterhead, SPEC 9 contract). */
  COMPANY_NAME: z.string().trim().min(1).max(200).default(DEFAULT_COMPANY.name),
  /** The registered address printed under the company name; one line, wrapped as needed. */
  COMPANY_ADDRESS: z.string().trim().min(1).max(300).default(DEFAULT_COMPANY.address),
  /** Singapore Unique Entity Number: 8 or 9 digits and a check letter, or the T/S/R form (T08LL1234A). */
  COMPANY_UEN: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(\d{8}[A-Z]|\d{9}[A-Z]|[TSR]\d{2}[A-Z]{2}\d{4}[A-Z])$/, 'must be a UEN such as 201912345K')
    .default(DEFAULT_COMPANY.uen),
  /** SPEC 2: the employer signs the employment letter through a named HR Manager. */
  HR_MANAGER_NAME: z.string().trim().min(1).max(100).default(DEFAULT_COMPANY.hrManagerName),
  /**
   * Decision 092: `employment-act` (Part IV of the Employment Act: its overtime, rest-day and
   * public-holiday pay, part months, lawful deductions only) or `seed` (SPEC 9's formulas as they were,
   * for contracts outside Part IV).
   */
  PAY_RULES: z.enum(PAY_RULES).default(DEFAULT_PAY_RULES),
});

/** `someone@example.com` or `Some Name <someone@example.com>`. */
function isMailbox(value: string): boolean {
  return /^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/.test(value.trim());
}

/** `false`, a number of hops (`true` reads as 1: the one proxy in front), or addresses and ranges. */
export function parseTrustProxy(value: string): false | number | string[] | null {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = (entry: string) => {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = net.isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  };
  return entries.length > 0 && entries.every(valid) ? entries : null;
}

/** The public address as an origin (`https://td.example.com`), or null when it is not one. */
function parsePublicUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    const plain = !url.username && !url.password && !url.search && !url.hash && url.pathname === '/';
    return (url.protocol === 'http:' || url.protocol === 'https:') && plain ? url : null;
  } catch {
    return null;
  }
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Idle (sliding) and absolute session lifetimes. */
  sessionPolicy: { ttlMs: number; maxAgeMs: number };
  /** Decision 104: REQUIRE_2FA_ROLES. */
  require2faRoles: Role[];
  logLevel: string;
  allowedOrigins: string[];
  /** Fastify's `trustProxy`: false, a number of hops, or trusted addresses and ranges. */
  trustProxy: false | number | string[];
  /** `PUBLIC_URL` as an origin (`https://td.example.com`), when set. */
  publicOrigin: string | undefined;
  /** Folder of the built React app; served when it exists. */
  webDistDir: string;
  /** IANA time zone of the business (SPEC 9 months and today). */
  businessTimeZone: string;
  /** Root folder of the local file store. */
  filesDir: string;
  /** Decision 087: the local folder, or an S3-compatible bucket. */
  files:
    | { driver: 'local' }
    | {
        driver: 's3';
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  databasePoolSize: number;
  /** Bearer token of `/metrics`; undefined: no metrics. */
  metricsToken: string | undefined;
  outboxPollMs: number;
  drainMs: number;
  backgroundJobs: boolean;
  /** The sweep of stored files no record links (decision 036); null when switched off. */
  fileSweep: { graceMs: number; intervalMs: number } | null;
  mail: {
    /** SMTP server URL (may hold credentials: never log it); unset writes messages to `outboxDir`. */
    smtpUrl: string | undefined;
    from: string;
    /** `$DATA_DIR/outbox`: where messages go as .eml files when no SMTP server is set. */
    outboxDir: string;
  };
  /** The employer on the PDF documents. */
  company: CompanyDetails;
  /** Decision 092: the rules payslips are computed by. */
  payRules: PayRules;
}

/** The From of outbox messages when MAIL_FROM is not set (no real server ever sees it). */
const DEFAULT_MAIL_FROM = 'TD Workforce <no-reply@td-workforce.invalid>';

export class ConfigError extends Error {}

const HOUR_MS = 60 * 60 * 1000;

/** Daily by default; off in tests unless asked for, so the many apps a test run builds do not sweep. */
function fileSweepOf(settings: z.output<typeof ConfigSchema>): Config['fileSweep'] {
  const hours = settings.FILE_SWEEP_INTERVAL_HOURS ?? (settings.NODE_ENV === 'test' ? 0 : 24);
  return hours === 0 ? null : { graceMs: settings.FILE_SWEEP_GRACE_HOURS * HOUR_MS, intervalMs: hours * HOUR_MS };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      // SMTP_URL may carry a password: a start-up message must not print it.
      const secret = ['SMTP_URL', 'S3_SECRET_ACCESS_KEY', 'METRICS_TOKEN'].includes(name);
      const shown = secret ? '(hidden)' : JSON.stringify(env[name] ?? '');
      return `  ${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid settings in the environment:\n${lines.join('\n')}`);
  }
  const settings = parsed.data;
  if (settings.SMTP_URL && !settings.MAIL_FROM) {
    throw new ConfigError(
      'Invalid settings in the environment:\n  MAIL_FROM="": is required when SMTP_URL is set (the address messages come from)',
    );
  }
  if (settings.FILES_DRIVER === 's3' && !settings.S3_BUCKET) {
    throw new ConfigError('Invalid settings in the environment:\n  S3_BUCKET="": is required when FILES_DRIVER=s3');
  }
  return {
    env: settings.NODE_ENV,
    port: settings.PORT,
    host: settings.HOST,
    dataDir: path.resolve(settings.DATA_DIR),
    databaseUrl: settings.DATABASE_URL,
    sessionPolicy: {
      ttlMs: settings.SESSION_TTL_HOURS * 60 * 60 * 1000,
      maxAgeMs: settings.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
    },
    require2faRoles: settings.REQUIRE_2FA_ROLES,
    logLevel: settings.LOG_LEVEL,
    allowedOrigins: settings.ALLOWED_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: settings.TRUST_PROXY,
    publicOrigin: settings.PUBLIC_URL?.origin,
    webDistDir: path.resolve(settings.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    businessTimeZone: settings.BUSINESS_TIME_ZONE,
    filesDir: path.resolve(settings.FILES_DIR ?? path.join(settings.DATA_DIR, 'files')),
    fileSweep: fileSweepOf(settings),
    files:
      settings.FILES_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: settings.S3_BUCKET ?? '',
            endpoint: settings.S3_ENDPOINT,
            region: settings.S3_REGION,
            accessKeyId: settings.S3_ACCESS_KEY_ID,
            secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
            forcePathStyle: settings.S3_FORCE_PATH_STYLE === 'true',
          }
        : { driver: 'local' },
    databasePoolSize: settings.DATABASE_POOL_SIZE,
    metricsToken: settings.METRICS_TOKEN,
    outboxPollMs: settings.OUTBOX_POLL_SECONDS * 1000,
    drainMs: settings.DRAIN_SECONDS * 1000,
    backgroundJobs: (settings.BACKGROUND_JOBS ?? (settings.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    mail: {
      smtpUrl: settings.SMTP_URL,
      from: settings.MAIL_FROM?.trim() ?? DEFAULT_MAIL_FROM,
      outboxDir: path.resolve(settings.DATA_DIR, 'outbox'),
    },
    company: {
      name: settings.COMPANY_NAME,
      address: settings.COMPANY_ADDRESS,
      uen: settings.COMPANY_UEN,
      hrManagerName: settings.HR_MANAGER_NAME,
    },
    payRules: settings.PAY_RULES,
  };
}
