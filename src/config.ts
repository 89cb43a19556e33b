// The configuration: the environment's variables (src/environment.ts reads them, after `.env` in
// the working directory when present; variables already set win), validated into a typed Config.
// Everything else receives a Config.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as yup from 'yup';
import { readEnvironment } from './environment.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFormat = 'json' | 'pretty' | 'auto';

export type DatabaseConfig =
  | { client: 'sqlite'; filename: string; url: string }
  | {
      client: 'mysql';
      url: string;
      host: string;
      port: number;
      user: string;
      password: string;
      database: string;
    };

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}

export interface Config {
  env: string;
  database: DatabaseConfig;
  host: string;
  workforcePort: number;
  clinicPort: number;
  logLevel: LogLevel;
  bodyLimitBytes: number;
  trustProxyHops: number;
  /** SIGTERM's drain: in-flight requests and claimed work get this long before they are cut or released. */
  shutdownGraceMs: number;
  /** One line each for variables that still work but should be renamed (printed by `wfctl serve`). */
  deprecations: string[];
  logFormat: LogFormat;
  /** Slow clients are cut: headers, whole request, idle keep-alive (src/http/server.ts). */
  httpTimeouts: HttpTimeouts;
  dbPoolMax: number;
  /** How long opening one MySQL connection may take before it fails (a firewall that drops packets). */
  dbConnectTimeoutMs: number;
  schedulerEnabled: boolean;
  workerEnabled: boolean;
  workerPollMs: number;
  /** How long a claim (job, scheduler slot, push batch) holds without a heartbeat (src/core/lease.ts). */
  leaseMs: number;
  /** The Prometheus listener (src/http/metrics); null when METRICS_PORT is empty or 0 (off). */
  metrics: { port: number; host: string } | null;
  /** bcrypt's cost for passwords set from now on, in both services (src/core/passwords.ts). */
  passwordHashCost: number;
  workforce: {
    tokenTtlWebDays: number;
    tokenTtlMobileDays: number;
    loginRateLimitPerMinute: number;
    tokenLastUsedThrottleSeconds: number;
    idempotencyTtlHours: number;
    ingestionRateLimitPerMinute: number;
    exportRateLimitPerHour: number;
    pullRateLimitPerMinute: number;
    partnerPushBatchSize: number;
    partnerPushTimeoutMs: number;
  };
  clinic: {
    clients: string[];
    tokenTtlDays: number;
    loginRateLimitPerMinute: number;
    signupRateLimitPerHour: number;
    publicUrl: string;
    storageDir: string;
    petPhotoMaxBytes: number;
    shareTtlMinutes: number;
    appointmentDefaultMinutes: number;
    gateway: { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string; currency: string };
  };
  mail: MailConfig;
}

/** Where outgoing mail goes (src/core/mail-transport.ts): an SMTP server, or .eml files in `dir`. */
export interface MailConfig {
  /** From MAIL_URL; null when it is empty (the file transport). */
  smtp: SmtpConfig | null;
  dir: string;
  /** MAIL_FROM split: the name is used when a message has no tenant to speak for. */
  fromName: string;
  fromAddress: string;
  maxAttempts: number;
}

export interface SmtpConfig {
  host: string;
  port: number;
  /** smtps:// (TLS from the first byte); smtp:// upgrades with STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  /** The URL without its password, for messages and logs. */
  display: string;
}

/** One entry per variable: its default, its one-line meaning (README and .env.example say the same). */
export const VARIABLES = {
  APP_ENV: { default: 'development', help: 'environment name reported by the clinic health endpoint' },
  DATABASE_URL: {
    default: 'sqlite:./var/wfctl.sqlite',
    help: 'mysql://user:pass@host:3306/db for MySQL/MariaDB, or sqlite:PATH for the embedded database; unset, ./var/ is the one in the wfctl install directory, whatever the working directory (a relative PATH you set is relative to the working directory)',
  },
  HOST: { default: '127.0.0.1', help: 'address both listeners bind to (0.0.0.0 to serve other machines)' },
  WORKFORCE_PORT: { default: '8080', help: 'port of the attendance and workforce contract' },
  CLINIC_PORT: { default: '8081', help: 'port of the pet-care clinic contract' },
  LOG_LEVEL: { default: 'info', help: 'debug, info, warn, error or silent' },
  LOG_FORMAT: {
    default: 'auto',
    help: 'json (one JSON object a line), pretty (one short human line), or auto: pretty on a terminal',
  },
  BODY_LIMIT_BYTES: { default: '1048576', help: 'largest JSON request body accepted; larger gets 413' },
  TRUST_PROXY_HOPS: {
    default: '0',
    help: 'reverse proxies in front of the daemon; per-IP limits then take the client from X-Forwarded-For',
  },
  SHUTDOWN_GRACE_SECONDS: {
    default: '10',
    help: 'on SIGTERM, how long in-flight requests and claimed jobs get to finish before they are cut and released',
  },
  HEADERS_TIMEOUT_MS: {
    default: '10000',
    help: 'a client must send its request headers within this time, or the connection is closed (408)',
  },
  REQUEST_TIMEOUT_MS: {
    default: '60000',
    help: 'a client must send its whole request (headers and body) within this time (408)',
  },
  KEEP_ALIVE_TIMEOUT_MS: {
    default: '65000',
    help: 'an idle keep-alive connection is closed after this; keep it above your proxy’s (often 60 s)',
  },
  DB_POOL_MAX: { default: '10', help: 'largest MySQL connection pool (SQLite always uses one connection)' },
  DB_CONNECT_TIMEOUT_MS: {
    default: '4000',
    help: 'opening a MySQL connection fails after this (a database behind a firewall that drops packets), with one sentence naming the host',
  },
  SCHEDULER_ENABLED: { default: 'true', help: 'whether `wfctl serve` runs the scheduled jobs' },
  WORKER_ENABLED: { default: 'true', help: 'whether `wfctl serve` runs the background job worker' },
  WORKER_POLL_MS: { default: '1000', help: 'how often the job worker looks for due jobs' },
  LEASE_SECONDS: {
    default: '30',
    help: 'claimed work (jobs, scheduler slots, push batches) is held this long and renewed while it runs; a dead holder’s claim is taken over once it lapses',
  },
  METRICS_PORT: {
    default: '',
    help: 'port of the Prometheus listener (GET /metrics only); empty or 0: no metrics listener',
  },
  METRICS_HOST: {
    default: '127.0.0.1',
    help: 'address the metrics listener binds to; keep it private (0.0.0.0 only behind a firewall)',
  },
  PASSWORD_HASH_COST: {
    default: '10',
    help: 'bcrypt cost of passwords set from now on, in both services (10 to 15; each step doubles the time of a login); below 10 only with APP_ENV=test',
  },
  TOKEN_TTL_WEB_DAYS: { default: '30', help: 'lifetime of a workforce web token' },
  TOKEN_TTL_MOBILE_DAYS: { default: '180', help: 'lifetime of a workforce mobile (device-bound) token' },
  LOGIN_RATE_LIMIT_PER_MINUTE: { default: '5', help: 'workforce logins allowed per IP per minute' },
  TOKEN_LAST_USED_THROTTLE_SECONDS: {
    default: '60',
    help: 'a token’s last_used_at is written at most this often',
  },
  IDEMPOTENCY_TTL_HOURS: { default: '24', help: 'how long an Idempotency-Key is remembered' },
  INGESTION_RATE_LIMIT_PER_MINUTE: {
    default: '30',
    help: 'attendance punches allowed per employee per minute',
  },
  EXPORT_RATE_LIMIT_PER_HOUR: { default: '10', help: 'HTTP exports allowed per user per hour' },
  PULL_RATE_LIMIT_PER_MINUTE: { default: '60', help: 'payroll pulls allowed per partner per minute' },
  PARTNER_PUSH_BATCH_SIZE: { default: '1000', help: 'most attendance records in one signed push request' },
  PARTNER_PUSH_TIMEOUT_MS: { default: '10000', help: 'timeout of one push request to a partner' },
  CLINIC_CLIENTS: {
    default: 'clinic-web,owner-app',
    help: 'comma-separated client applications the clinic health endpoint reports',
  },
  CLINIC_TOKEN_TTL_DAYS: { default: '30', help: 'lifetime of a clinic bearer token' },
  CLINIC_LOGIN_RATE_LIMIT_PER_MINUTE: { default: '5', help: 'clinic logins allowed per IP per minute' },
  TENANT_SIGNUP_RATE_LIMIT_PER_HOUR: {
    default: '30',
    help: 'self-service tenant sign-ups allowed per IP per hour',
  },
  PUBLIC_URL: {
    default: '',
    help: 'clinic base address used in links the service hands out (tag pages, signed downloads); empty: http://HOST:CLINIC_PORT',
  },
  STORAGE_DIR: {
    default: './var/storage',
    help: 'where uploaded pet documents and pet photos are kept (unset: under the wfctl install directory)',
  },
  PET_PHOTO_MAX_BYTES: {
    default: '10485760',
    help: 'largest pet photo upload accepted (bytes); larger is a 422 naming the photo field',
  },
  SHARE_TTL_MINUTES: { default: '60', help: 'default lifetime of a pet share code (5 to 1440)' },
  APPOINTMENT_DEFAULT_MINUTES: {
    default: '30',
    help: 'length of an appointment booked without duration_minutes (5 to 480)',
  },
  GATEWAY_KEY_ID: { default: '', help: 'payment gateway key id; empty: gateway endpoints answer 503' },
  GATEWAY_KEY_SECRET: { default: '', help: 'payment gateway key secret (signs verify payloads)' },
  GATEWAY_WEBHOOK_SECRET: { default: '', help: 'secret that signs X-Gateway-Signature on gateway webhooks' },
  GATEWAY_API_URL: {
    default: 'https://api.razorpay.com/v1',
    help: 'payment gateway API base (orders are created there)',
  },
  GATEWAY_CURRENCY: { default: 'INR', help: 'currency of gateway orders' },
  MAIL_FROM: {
    default: 'wfctl <no-reply@wfctl.local>',
    help: 'sender address of outgoing emails; the tenant’s name is the sender name when there is one',
  },
  MAIL_URL: {
    default: '',
    help: 'smtp://user:pass@host:587 or smtps://user:pass@host:465; empty: each email is written as an .eml file under MAIL_DIR',
  },
  MAIL_DIR: {
    default: './var/mail',
    help: 'where emails are written as .eml files when MAIL_URL is empty (unset: under the wfctl install directory)',
  },
  MAIL_MAX_ATTEMPTS: {
    default: '5',
    help: 'delivery attempts of one email (with growing pauses) before it is marked dead',
  },
} as const;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
  }
}

const int = (min: number, max: number) =>
  yup
    .number()
    .typeError(`must be a whole number between ${min} and ${max}`)
    .integer(`must be a whole number between ${min} and ${max}`)
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .required();
// Empty reads as 0, so an unset METRICS_PORT and METRICS_PORT=0 both mean "off".
const optionalPort = () => int(0, 65535).transform((value, original) => (original === '' ? 0 : value));
const bool = () => yup.boolean().typeError('must be true or false').required();

const schema = yup.object({
  APP_ENV: yup.string().trim().min(1).required(),
  DATABASE_URL: yup.string().trim().required(),
  HOST: yup.string().trim().min(1).required(),
  WORKFORCE_PORT: int(0, 65535),
  CLINIC_PORT: int(0, 65535),
  LOG_LEVEL: yup.string().oneOf(['debug', 'info', 'warn', 'error', 'silent']).required(),
  LOG_FORMAT: yup.string().oneOf(['json', 'pretty', 'auto']).required(),
  BODY_LIMIT_BYTES: int(1024, 100 * 1024 * 1024),
  TRUST_PROXY_HOPS: int(0, 10),
  SHUTDOWN_GRACE_SECONDS: int(0, 600),
  HEADERS_TIMEOUT_MS: int(100, 600_000),
  REQUEST_TIMEOUT_MS: int(100, 3_600_000),
  KEEP_ALIVE_TIMEOUT_MS: int(100, 3_600_000),
  DB_POOL_MAX: int(1, 1000),
  DB_CONNECT_TIMEOUT_MS: int(100, 600_000),
  SCHEDULER_ENABLED: bool(),
  WORKER_ENABLED: bool(),
  WORKER_POLL_MS: int(10, 3_600_000),
  LEASE_SECONDS: int(3, 3_600),
  METRICS_PORT: optionalPort(),
  METRICS_HOST: yup.string().trim().min(1).required(),
  // 4 is bcrypt's least; below 10 only for a test suite's throw-away accounts (loadConfig).
  PASSWORD_HASH_COST: int(4, 15),
  TOKEN_TTL_WEB_DAYS: int(1, 3650),
  TOKEN_TTL_MOBILE_DAYS: int(1, 3650),
  LOGIN_RATE_LIMIT_PER_MINUTE: int(1, 100_000),
  TOKEN_LAST_USED_THROTTLE_SECONDS: int(0, 86_400),
  IDEMPOTENCY_TTL_HOURS: int(1, 24 * 30),
  INGESTION_RATE_LIMIT_PER_MINUTE: int(1, 100_000),
  EXPORT_RATE_LIMIT_PER_HOUR: int(1, 100_000),
  PULL_RATE_LIMIT_PER_MINUTE: int(1, 100_000),
  PARTNER_PUSH_BATCH_SIZE: int(1, 100_000),
  PARTNER_PUSH_TIMEOUT_MS: int(100, 600_000),
  CLINIC_CLIENTS: yup.string().required(),
  CLINIC_TOKEN_TTL_DAYS: int(1, 3650),
  CLINIC_LOGIN_RATE_LIMIT_PER_MINUTE: int(1, 100_000),
  TENANT_SIGNUP_RATE_LIMIT_PER_HOUR: int(1, 100_000),
  PUBLIC_URL: yup
    .string()
    .trim()
    .matches(/^(https?:\/\/[^\s]+)?$/, 'must be an http(s) URL')
    .defined(),
  STORAGE_DIR: yup.string().trim().min(1).required(),
  PET_PHOTO_MAX_BYTES: int(1024, 100 * 1024 * 1024),
  SHARE_TTL_MINUTES: int(5, 1440),
  APPOINTMENT_DEFAULT_MINUTES: int(5, 480),
  GATEWAY_KEY_ID: yup.string().defined(),
  GATEWAY_KEY_SECRET: yup.string().defined(),
  GATEWAY_WEBHOOK_SECRET: yup.string().defined(),
  GATEWAY_API_URL: yup
    .string()
    .trim()
    .matches(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')
    .required(),
  GATEWAY_CURRENCY: yup
    .string()
    .matches(/^[A-Z]{3}$/, 'must be a three-letter ISO currency code')
    .required(),
  MAIL_FROM: yup
    .string()
    .trim()
    .matches(/^([^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, 'must be an address or Name <address>')
    .required(),
  MAIL_URL: yup.string().trim().defined(),
  MAIL_DIR: yup.string().trim().min(1).required(),
  MAIL_MAX_ATTEMPTS: int(1, 20),
});

export function parseDatabaseUrl(raw: string): DatabaseConfig {
  if (raw.startsWith('sqlite:')) {
    const filename = raw.slice('sqlite:'.length).replace(/^\/\/(?=\/|\.)/, '');
    if (!filename)
      throw new ConfigError(
        'DATABASE_URL',
        'must name a file after sqlite: (e.g. sqlite:./var/wfctl.sqlite)',
      );
    return { client: 'sqlite', filename, url: raw };
  }
  if (raw.startsWith('mysql://') || raw.startsWith('mariadb://')) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid URL');
    }
    const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
    if (!database)
      throw new ConfigError('DATABASE_URL', 'must name a database (mysql://user:pass@host:3306/db)');
    return {
      client: 'mysql',
      url: raw,
      host: url.hostname || '127.0.0.1',
      port: url.port ? Number(url.port) : 3306,
      user: decodeURIComponent(url.username || 'root'),
      password: decodeURIComponent(url.password),
      database,
    };
  }
  throw new ConfigError(
    'DATABASE_URL',
    'must start with mysql:// or sqlite: (e.g. sqlite:./var/wfctl.sqlite)',
  );
}

/** MAIL_URL as SMTP settings (null when empty); the password never appears in a message. */
export function parseMailUrl(raw: string): SmtpConfig | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('MAIL_URL', 'is not a valid URL (smtp://user:pass@host:587)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError('MAIL_URL', `must start with smtp:// or smtps:// (got ${url.protocol}//…)`);
  }
  if (!url.hostname) throw new ConfigError('MAIL_URL', 'must name a host (smtp://user:pass@host:587)');
  const secure = url.protocol === 'smtps:';
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    secure,
    user,
    password: decodeURIComponent(url.password),
    display: `${url.protocol}//${user ? `${encodeURIComponent(user)}@` : ''}${url.host}`,
  };
}

/** MAIL_FROM (`Name <address>` or `address`) as its two parts. */
function parseMailFrom(raw: string): { fromName: string; fromAddress: string } {
  const m = /^(.*)<([^<>]+)>$/.exec(raw);
  if (!m) return { fromName: '', fromAddress: raw };
  return { fromName: m[1].trim().replace(/^"(.*)"$/, '$1'), fromAddress: m[2].trim() };
}

/**
 * The directory wfctl is installed in (where its package.json is): src/ and dist/src/ sit at
 * different depths below it.
 */
export function installDirectory(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

/**
 * Defaults under ./var/ are the install directory's: run from another directory, `wfctl org list`
 * must not silently create and migrate an empty ./var/wfctl.sqlite there. A relative path the
 * operator sets is theirs, and stays relative to the working directory.
 */
const IN_INSTALL_DIRECTORY: Record<string, (value: string) => string> = {
  DATABASE_URL: (url) => `sqlite:${inInstall(url.slice('sqlite:'.length))}`,
  STORAGE_DIR: (dir) => inInstall(dir),
  MAIL_DIR: (dir) => inInstall(dir),
};

const inInstall = (path: string) => (isAbsolute(path) ? path : resolve(installDirectory(), path));

export function loadConfig(source: Record<string, string | undefined> = readEnvironment()): Config {
  const raw: Record<string, string> = {};
  for (const [name, spec] of Object.entries(VARIABLES)) {
    const value = source[name];
    const unset = value === undefined || value === '';
    raw[name] = !unset ? value : (IN_INSTALL_DIRECTORY[name]?.(spec.default) ?? spec.default);
  }
  let v: yup.InferType<typeof schema>;
  try {
    v = schema.validateSync(raw, { abortEarly: true, stripUnknown: true });
  } catch (err) {
    if (err instanceof yup.ValidationError) {
      const variable = err.path ?? 'configuration';
      throw new ConfigError(variable, `${describe(err)} (got ${JSON.stringify(raw[variable])})`);
    }
    throw err;
  }
  return {
    env: v.APP_ENV,
    database: parseDatabaseUrl(v.DATABASE_URL),
    host: v.HOST,
    workforcePort: v.WORKFORCE_PORT,
    clinicPort: v.CLINIC_PORT,
    logLevel: v.LOG_LEVEL as LogLevel,
    logFormat: v.LOG_FORMAT as LogFormat,
    bodyLimitBytes: v.BODY_LIMIT_BYTES,
    trustProxyHops: v.TRUST_PROXY_HOPS,
    ...shutdownGrace(source, v.SHUTDOWN_GRACE_SECONDS),
    httpTimeouts: {
      headersMs: v.HEADERS_TIMEOUT_MS,
      requestMs: Math.max(v.REQUEST_TIMEOUT_MS, v.HEADERS_TIMEOUT_MS),
      keepAliveMs: v.KEEP_ALIVE_TIMEOUT_MS,
    },
    dbPoolMax: v.DB_POOL_MAX,
    dbConnectTimeoutMs: v.DB_CONNECT_TIMEOUT_MS,
    schedulerEnabled: v.SCHEDULER_ENABLED,
    workerEnabled: v.WORKER_ENABLED,
    workerPollMs: v.WORKER_POLL_MS,
    leaseMs: v.LEASE_SECONDS * 1000,
    metrics: v.METRICS_PORT ? { port: v.METRICS_PORT, host: v.METRICS_HOST } : null,
    passwordHashCost: passwordHashCost(v.PASSWORD_HASH_COST, v.APP_ENV),
    workforce: {
      tokenTtlWebDays: v.TOKEN_TTL_WEB_DAYS,
      tokenTtlMobileDays: v.TOKEN_TTL_MOBILE_DAYS,
      loginRateLimitPerMinute: v.LOGIN_RATE_LIMIT_PER_MINUTE,
      tokenLastUsedThrottleSeconds: v.TOKEN_LAST_USED_THROTTLE_SECONDS,
      idempotencyTtlHours: v.IDEMPOTENCY_TTL_HOURS,
      ingestionRateLimitPerMinute: v.INGESTION_RATE_LIMIT_PER_MINUTE,
      exportRateLimitPerHour: v.EXPORT_RATE_LIMIT_PER_HOUR,
      pullRateLimitPerMinute: v.PULL_RATE_LIMIT_PER_MINUTE,
      partnerPushBatchSize: v.PARTNER_PUSH_BATCH_SIZE,
      partnerPushTimeoutMs: v.PARTNER_PUSH_TIMEOUT_MS,
    },
    clinic: {
      clients: v.CLINIC_CLIENTS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      tokenTtlDays: v.CLINIC_TOKEN_TTL_DAYS,
      loginRateLimitPerMinute: v.CLINIC_LOGIN_RATE_LIMIT_PER_MINUTE,
      signupRateLimitPerHour: v.TENANT_SIGNUP_RATE_LIMIT_PER_HOUR,
      publicUrl: (
        v.PUBLIC_URL || `http://${v.HOST === '0.0.0.0' ? '127.0.0.1' : v.HOST}:${v.CLINIC_PORT}`
      ).replace(/\/+$/, ''),
      storageDir: v.STORAGE_DIR,
      petPhotoMaxBytes: v.PET_PHOTO_MAX_BYTES,
      shareTtlMinutes: v.SHARE_TTL_MINUTES,
      appointmentDefaultMinutes: v.APPOINTMENT_DEFAULT_MINUTES,
      gateway: {
        keyId: v.GATEWAY_KEY_ID,
        keySecret: v.GATEWAY_KEY_SECRET,
        webhookSecret: v.GATEWAY_WEBHOOK_SECRET,
        apiUrl: v.GATEWAY_API_URL.replace(/\/+$/, ''),
        currency: v.GATEWAY_CURRENCY,
      },
    },
    mail: {
      smtp: parseMailUrl(v.MAIL_URL),
      dir: v.MAIL_DIR,
      ...parseMailFrom(v.MAIL_FROM),
      maxAttempts: v.MAIL_MAX_ATTEMPTS,
    },
  };
}

/**
 * SHUTDOWN_GRACE_SECONDS, or the variable it replaced (SHUTDOWN_TIMEOUT_MS, in milliseconds) when
 * only that one is set, so an existing deployment keeps its drain while it is told to rename it.
 */
function shutdownGrace(
  source: Record<string, string | undefined>,
  seconds: number,
): Pick<Config, 'shutdownGraceMs' | 'deprecations'> {
  const legacy = source.SHUTDOWN_TIMEOUT_MS;
  if (legacy === undefined || legacy === '' || source.SHUTDOWN_GRACE_SECONDS) {
    return { shutdownGraceMs: seconds * 1000, deprecations: [] };
  }
  const ms = Number(legacy);
  if (!Number.isInteger(ms) || ms < 0 || ms > 600_000) {
    throw new ConfigError(
      'SHUTDOWN_TIMEOUT_MS',
      `must be a whole number between 0 and 600000 (got ${JSON.stringify(legacy)}); better, set SHUTDOWN_GRACE_SECONDS`,
    );
  }
  return {
    shutdownGraceMs: ms,
    deprecations: [
      `SHUTDOWN_TIMEOUT_MS is deprecated: set SHUTDOWN_GRACE_SECONDS=${Math.ceil(ms / 1000)} instead.`,
    ],
  };
}

/**
 * A cost below 10 makes stored passwords cheap to guess from a stolen database: it is for test
 * suites, which create thousands of throw-away accounts, and refused anywhere else.
 */
function passwordHashCost(cost: number, env: string): number {
  if (cost < 10 && env !== 'test') {
    throw new ConfigError(
      'PASSWORD_HASH_COST',
      `must be at least 10 (got ${cost}); a lower cost is allowed only with APP_ENV=test`,
    );
  }
  return cost;
}

function describe(err: yup.ValidationError): string {
  const type = err.type;
  if (type === 'oneOf') return `must be one of ${JSON.stringify((err.params as any)?.values ?? '')}`;
  return err.message.replace(new RegExp(`^${err.path}\\s*`), '');
}
