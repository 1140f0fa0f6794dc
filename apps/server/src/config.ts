import path from 'node:path';
import { z } from 'zod';

/** Every setting of the server, read from the environment in this one place (README lists them). */
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Extra origins allowed to send state-changing requests, comma separated (the app's own is always allowed). */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Set when a reverse proxy terminates HTTPS in front of the server, so the cookie is marked Secure. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  WEB_DIST_DIR: z.string().optional(),
  /** SPEC 9: "today" and calendar months (dashboard, expiring documents) are those of this zone. */
  BUSINESS_TIME_ZONE: z
    .string()
    .default('Asia/Singapore')
    .refine(isTimeZone, 'must be an IANA time zone name such as Asia/Singapore'),
  /** Where uploaded files are kept (ARCHITECTURE Shape: `./data/files` by default). */
  FILES_DIR: z.string().optional(),
});

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
  sessionTtlMs: number;
  logLevel: string;
  allowedOrigins: string[];
  trustProxy: boolean;
  /** Folder of the built React app; served when it exists. */
  webDistDir: string;
  /** IANA time zone of the business (SPEC 9 months and today). */
  businessTimeZone: string;
  /** Root folder of the local file store. */
  filesDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid settings in the environment:\n${lines.join('\n')}`);
  }
  const settings = parsed.data;
  return {
    env: settings.NODE_ENV,
    port: settings.PORT,
    host: settings.HOST,
    dataDir: path.resolve(settings.DATA_DIR),
    databaseUrl: settings.DATABASE_URL,
    sessionTtlMs: settings.SESSION_TTL_HOURS * 60 * 60 * 1000,
    logLevel: settings.LOG_LEVEL,
    allowedOrigins: settings.ALLOWED_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: settings.TRUST_PROXY,
    webDistDir: path.resolve(settings.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    businessTimeZone: settings.BUSINESS_TIME_ZONE,
    filesDir: path.resolve(settings.FILES_DIR ?? path.join(settings.DATA_DIR, 'files')),
  };
}
