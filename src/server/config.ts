/**
 * Server configuration, read from the environment and checked ONCE at start-up: every problem is
 * collected and the start refused with the whole list, one readable line each ({@link ConfigError}).
 * Never branches on NODE_ENV.
 */
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { Type, type Static } from 'typebox';
import { findPackageRoot } from './lib/package-root';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** The pino log levels LOG_LEVEL may name. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The environment variables the server reads; every one is optional. */
const EnvSchema = Type.Object({
  PORT: Type.Optional(Type.String({ pattern: '^[0-9]{1,5}$' })),
  HOST: Type.Optional(Type.String({ minLength: 1 })),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/?#]+/?$' })),
  DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  OIDC_ISSUER: Type.Optional(Type.String({ pattern: '^https?://' })),
  OIDC_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_AUDIENCE: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_GROUPS_CLAIM: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_GROUP_MAP: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_TOKEN_ALGORITHMS: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_EXTRA_SCOPES: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_RESOURCE: Type.Optional(Type.String({ minLength: 1 })),
  SCHEMAS_DIR: Type.Optional(Type.String({ minLength: 1 })),
  CLIENT_DIST_DIR: Type.Optional(Type.String({ minLength: 1 })),
  LOG_LEVEL: Type.Optional(Type.Enum(LOG_LEVELS)),
  ATTACHMENT_SWEEP_INTERVAL_MINUTES: Type.Optional(Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })),
  ORPHAN_ATTACHMENT_MAX_AGE_HOURS: Type.Optional(Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })),
  AREA_RESCAN_INTERVAL_SECONDS: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$' })),
  ATTACHMENTS_URL: Type.Optional(Type.String({ minLength: 1 })),
  S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://[^/?#]+' })),
  AWS_ENDPOINT_URL_S3: Type.Optional(Type.String({ pattern: '^https?://[^/?#]+' })),
  S3_FORCE_PATH_STYLE: Type.Optional(Type.String({ pattern: '^(true|false)$' })),
  AWS_REGION: Type.Optional(Type.String({ pattern: '^[a-z0-9-]+$' })),
  AWS_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  AWS_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  AWS_SESSION_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  TRUST_PROXY: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  SIGN_IN_DELAY_AFTER_FAILURES: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
  SIGN_IN_LOCK_AFTER_FAILURES: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
  SIGN_IN_LOCK_MINUTES: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
  API_RATE_LIMIT_PER_MINUTE: Type.Optional(Type.String({ pattern: '^[0-9]{1,7}$' })),
  SLA_CONFIG_FILE: Type.Optional(Type.String({ minLength: 1 })),
  SLA_CHECK_INTERVAL_SECONDS: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$' })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^/?#]+' })),
  MAIL_FROM: Type.Optional(Type.String({ minLength: 3, maxLength: 300, pattern: '@' })),
});
type Env = Static<typeof EnvSchema>;

/** `pglite`: a data folder (default); `pglite-memory`: tests; `postgres`: DATABASE_URL. */
export type DatabaseConfig =
  { kind: 'pglite'; dataDir: string } | { kind: 'pglite-memory' } | { kind: 'postgres'; url: string };

/**
 * Where the bytes of attachments are kept (ATTACHMENTS_URL; docs/architecture.md "Attachment
 * storage"): `folder` (default `DATA_DIR/attachments`, or `file:///folder`), `database` (`postgres:`
 * or `database:`: the table `attachment_chunks` of the portal's own database), `s3`
 * (`s3://bucket/prefix` on AWS S3 or an S3-compatible store).
 */
export type AttachmentStoreConfig =
  | { kind: 'folder'; dir: string }
  | { kind: 'database' }
  | {
      kind: 's3';
      bucket: string;
      /** Key prefix, empty or ending in `/`. */
      prefix: string;
      region: string;
      /** S3_ENDPOINT or AWS_ENDPOINT_URL_S3 (MinIO, Ceph, …); null: AWS's own endpoint for `region`. */
      endpoint: string | null;
      /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible stores need (S3_FORCE_PATH_STYLE). */
      forcePathStyle: boolean;
      /** null: the AWS SDK's default credential chain (instance role, AWS_PROFILE, web identity, …). */
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
    };

/** `builtin`: the in-process oidc-provider at `${publicUrl}/oidc`; `external`: OIDC_ISSUER. */
export type OidcConfig = {
  kind: 'builtin' | 'external';
  issuer: string;
  clientId: string;
  /** The API's audience; never equal to `clientId`, the audience of ID tokens. */
  audience: string;
  /** Access-token claim with the user's identity-provider groups (`groups`, Entra app roles: `roles`). */
  groupsClaim: string;
  /** Extra mapping of identity-provider group values to role-group names (OIDC_GROUP_MAP), on top of the role groups' own ids. */
  groupMap: Record<string, string[]>;
  /** JWS algorithms access tokens may be signed with: what the issuer uses, asymmetric only. */
  algorithms: string[];
  /**
   * Scopes the browser asks for beyond `openid profile email` (docs/behaviour.md "Sign-in"), e.g. Entra ID's
   * `offline_access api://tm-portal/access_as_user`: Entra issues an access token for the API
   * only when one of the API's scopes is requested, and a refresh token only with offline_access.
   */
  extraScopes: string[];
  /**
   * RFC 8707 resource indicator the browser sends, or null: the built-in provider takes the API
   * audience; Entra ID's v2 endpoint rejects the parameter (AADSTS901002), so external issuers
   * get one only when OIDC_RESOURCE says so.
   */
  resource: string | null;
};

/** The checked configuration; `buildApp` takes exactly this. */
export type AppConfig = {
  port: number;
  host: string;
  /** Origin the browser uses, without a trailing slash, e.g. `http://localhost:3000`. */
  publicUrl: string;
  /** Absolute folder for PGlite data, signing keys and the process lock. */
  dataDir: string;
  database: DatabaseConfig;
  oidc: OidcConfig;
  schemasDir: string;
  clientDistDir: string;
  logLevel: LogLevel;
  /** Where attachment bytes are kept (ATTACHMENTS_URL). */
  attachments: AttachmentStoreConfig;
  /**
   * Orphan-attachment sweep (domains/attachments/sweep.ts, timed by plugins/attachment-sweep.ts;
   * docs/behaviour.md "Orphan sweep"), in milliseconds: runs every
   * `intervalMs` (ATTACHMENT_SWEEP_INTERVAL_MINUTES, default 60) and deletes unlinked uploads older
   * than `maxAgeMs` (ORPHAN_ATTACHMENT_MAX_AGE_HOURS, default 24; 0 deletes every orphan).
   */
  attachmentSweep: { intervalMs: number; maxAgeMs: number };
  /**
   * Reloading the form areas without a restart (plugins/area-reload.ts; docs/behaviour.md "Form
   * areas"): SCHEMAS_DIR is watched for changes and judged again every `rescanIntervalMs`
   * (AREA_RESCAN_INTERVAL_SECONDS, default 30). 0 turns both off: the areas load at start only.
   */
  areaReload: { rescanIntervalMs: number };
  /**
   * The proxies in front of the portal whose X-Forwarded-For Fastify believes for the client
   * address (`request.ip`): TRUST_PROXY, a list of addresses, CIDR ranges or proxy-addr's names
   * `loopback`, `linklocal`, `uniquelocal`; `false` (the default) takes the socket's address. The
   * sign-in throttle and the API rate limit key on it.
   */
  trustProxy: false | string[];
  /**
   * Failed passwords at the built-in provider (plugins/identity-provider/sign-in-throttle.ts;
   * docs/behaviour.md "Sign-in throttling"), per username and per client address: from
   * `delayAfter` failures (SIGN_IN_DELAY_AFTER_FAILURES, default 5) each further attempt waits a
   * doubling delay (1 s, 2 s … at most 60 s); `lockAfter` failures (SIGN_IN_LOCK_AFTER_FAILURES,
   * default 20) lock for `lockMs` (SIGN_IN_LOCK_MINUTES, default 15), which is also how long
   * failures are remembered after the last one.
   */
  signInThrottle: { delayAfter: number; lockAfter: number; lockMs: number };
  /**
   * Requests per minute each signed-in user (else each client address) may make to /api
   * (API_RATE_LIMIT_PER_MINUTE, default 600; 0 turns the limit off; docs/behaviour.md "Rate limit").
   */
  apiRateLimit: { perMinute: number };
  /**
   * Service levels (domains/sla; docs/behaviour.md "Service levels"): the targets file
   * (SLA_CONFIG_FILE, default `config/sla.json` of the package) and how often the breach check
   * runs, in ms (SLA_CHECK_INTERVAL_SECONDS, default 60; 0 turns the check off).
   */
  sla: { configFile: string; checkIntervalMs: number };
  /**
   * Notification e-mail (plugins/notifications.ts; docs/behaviour.md "Notifications"): with
   * `smtpUrl` (SMTP_URL) and `from` (MAIL_FROM) the outbox is delivered over SMTP; without
   * SMTP_URL mail stays in the outbox, where administrators read it on /Mail.
   */
  mail: { smtpUrl: string | null; from: string | null };
};

/** Thrown by {@link loadConfig} with every problem found, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The built-in provider's one client id (the SPA reads it from /api/auth/config). */
export const BUILTIN_CLIENT_ID = 'tm-portal';
/** The audience of the built-in provider's access tokens (the SPA reads it from /api/auth/config). */
export const BUILTIN_AUDIENCE = 'api://tm-portal';
/** The one algorithm the built-in provider signs ID and access tokens with. */
export const BUILTIN_TOKEN_ALGORITHM = 'RS256';
/** Lifetime of the built-in provider's access tokens, in seconds: 15 minutes (docs/behaviour.md "Built-in identity provider"). */
export const BUILTIN_ACCESS_TOKEN_TTL_S = 15 * 60;

/** Access-token algorithms OIDC_TOKEN_ALGORITHMS may name: asymmetric only, never `none` or HMAC (RFC 8725 section 3.1). */
export const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
] as const;

/** Seconds between two re-scans of SCHEMAS_DIR when AREA_RESCAN_INTERVAL_SECONDS is not set. */
export const DEFAULT_AREA_RESCAN_SECONDS = 30;

/** Plain-words replacements for ajv's "must match pattern …". */
const PATTERN_HINTS: Record<string, string> = {
  PORT: 'must be a port number',
  PUBLIC_URL: 'must be an origin such as http://localhost:3000 (scheme, host and port, no path)',
  DATABASE_URL: 'must be a postgres:// or postgresql:// connection URL',
  OIDC_ISSUER: 'must be the issuer URL, starting with https:// (or http:// for local testing)',
  ATTACHMENT_SWEEP_INTERVAL_MINUTES: 'must be a number of minutes, e.g. 60 or 0.5',
  ORPHAN_ATTACHMENT_MAX_AGE_HOURS: 'must be a number of hours, e.g. 24 (0: every unlinked upload)',
  AREA_RESCAN_INTERVAL_SECONDS: 'must be a whole number of seconds, e.g. 30 (0: load the form areas at start only)',
  S3_ENDPOINT: 'must be the S3 endpoint URL, e.g. http://127.0.0.1:9000',
  AWS_ENDPOINT_URL_S3: 'must be the S3 endpoint URL, e.g. http://127.0.0.1:9000',
  S3_FORCE_PATH_STYLE: 'must be true or false',
  AWS_REGION: 'must be a region name such as eu-west-1',
  SIGN_IN_DELAY_AFTER_FAILURES: 'must be a whole number of failed sign-ins, e.g. 5',
  SIGN_IN_LOCK_AFTER_FAILURES: 'must be a whole number of failed sign-ins, e.g. 20',
  SIGN_IN_LOCK_MINUTES: 'must be a whole number of minutes, e.g. 15',
  API_RATE_LIMIT_PER_MINUTE: 'must be a whole number of requests, e.g. 600 (0: no limit)',
  SLA_CHECK_INTERVAL_SECONDS: 'must be a whole number of seconds, e.g. 60 (0: no breach check)',
  SMTP_URL: 'must be an SMTP URL such as smtp://user:password@mail.example:587 or smtps://mail.example',
  MAIL_FROM: 'must be a sender address such as "TM portal <portal@example.com>"',
};

const ajv = new Ajv({ allErrors: true, strict: false });
const checkEnv = ajv.compile<Env>(EnvSchema);

function envProblems(env: Record<string, string | undefined>): string[] {
  if (checkEnv(env)) return [];
  return (checkEnv.errors ?? []).map((error) => {
    const name = error.instancePath.slice(1);
    const message =
      error.keyword === 'pattern'
        ? PATTERN_HINTS[name]
        : error.keyword === 'enum'
          ? `must be one of ${LOG_LEVELS.join(', ')}`
          : undefined;
    return `${name}=${JSON.stringify(env[name])} ${message ?? error.message ?? 'is invalid'}`;
  });
}

/** `OIDC_TOKEN_ALGORITHMS` as a list (default RS256, what Entra ID signs with). */
function parseAlgorithms(value: string | undefined): string[] {
  return value ? [...new Set(value.split(',').map((alg) => alg.trim()))] : [BUILTIN_TOKEN_ALGORITHM];
}

const GROUP_MAP_PROBLEM =
  'OIDC_GROUP_MAP must be a JSON object mapping identity-provider group values to a role-group name or a list of them, e.g. {"0f1e…":"Accounting","a2b3…":["IT","Portal"]}';

/** `OIDC_GROUP_MAP` as `{ group: [role-group names] }`, or null when it is not such a JSON object. */
function parseGroupMap(value: string | undefined): Record<string, string[]> | null {
  if (!value) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const map: Record<string, string[]> = {};
  for (const [group, target] of Object.entries(parsed as Record<string, unknown>)) {
    const names = typeof target === 'string' ? [target] : target;
    if (!group || !Array.isArray(names) || !names.length) return null;
    if (!names.every((name): name is string => typeof name === 'string' && name.length > 0)) return null;
    map[group] = names;
  }
  return map;
}

function oidcProblems(env: Env): string[] {
  const problems: string[] = [];
  const set = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_AUDIENCE].filter(Boolean).length;
  if (set !== 0 && set !== 3) {
    problems.push(
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE must be set together (all three, or none for the built-in provider)',
    );
  }
  if (env.OIDC_AUDIENCE && env.OIDC_AUDIENCE === env.OIDC_CLIENT_ID) {
    // An ID token's audience is the client id: with the same value an ID token would pass as an access token.
    problems.push(
      'OIDC_AUDIENCE must differ from OIDC_CLIENT_ID: register the API separately from the SPA so ID tokens can never be used as access tokens',
    );
  }
  const allowed = new Set<string>(ASYMMETRIC_ALGORITHMS);
  const unknown = parseAlgorithms(env.OIDC_TOKEN_ALGORITHMS).filter((alg) => !allowed.has(alg));
  if (env.OIDC_TOKEN_ALGORITHMS && !env.OIDC_ISSUER) {
    problems.push('OIDC_TOKEN_ALGORITHMS applies to an external issuer only (the built-in provider signs RS256)');
  } else if (unknown.length) {
    problems.push(
      `OIDC_TOKEN_ALGORITHMS=${JSON.stringify(env.OIDC_TOKEN_ALGORITHMS)} must be a comma-separated list of ${ASYMMETRIC_ALGORITHMS.join(', ')}`,
    );
  }
  if (parseGroupMap(env.OIDC_GROUP_MAP) === null) problems.push(GROUP_MAP_PROBLEM);
  return problems;
}

/** Defaults of the sign-in throttle and the API rate limit (docs/behaviour.md "Sign-in throttling", "Rate limit"). */
export const DEFAULT_SIGN_IN_DELAY_AFTER = 5;
export const DEFAULT_SIGN_IN_LOCK_AFTER = 20;
export const DEFAULT_SIGN_IN_LOCK_MINUTES = 15;
export const DEFAULT_API_RATE_LIMIT_PER_MINUTE = 600;

function throttleProblems(env: Env): string[] {
  const problems: string[] = [];
  const delayAfter = Number(env.SIGN_IN_DELAY_AFTER_FAILURES ?? DEFAULT_SIGN_IN_DELAY_AFTER);
  const lockAfter = Number(env.SIGN_IN_LOCK_AFTER_FAILURES ?? DEFAULT_SIGN_IN_LOCK_AFTER);
  if (delayAfter < 1) problems.push(`SIGN_IN_DELAY_AFTER_FAILURES=${delayAfter} must be at least 1`);
  if (lockAfter <= delayAfter) {
    problems.push(
      `SIGN_IN_LOCK_AFTER_FAILURES=${lockAfter} must be more than SIGN_IN_DELAY_AFTER_FAILURES (${delayAfter})`,
    );
  }
  if (Number(env.SIGN_IN_LOCK_MINUTES ?? DEFAULT_SIGN_IN_LOCK_MINUTES) < 1) {
    problems.push(`SIGN_IN_LOCK_MINUTES=${env.SIGN_IN_LOCK_MINUTES} must be at least 1`);
  }
  return problems;
}

/** Names proxy-addr (Fastify's `trustProxy`) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** True for an IPv4/IPv6 address, optionally with a `/prefix`, or a range name of {@link PROXY_RANGE_NAMES}. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** TRUST_PROXY as Fastify's `trustProxy`: the list of proxy addresses/CIDR ranges, or false. */
function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  return value ? value.split(',').map((entry) => entry.trim()) : false;
}

function trustProxyProblems(value: string | undefined): string[] {
  if (!value || value.split(',').every((entry) => isProxyAddress(entry.trim()))) return [];
  return [
    `TRUST_PROXY=${JSON.stringify(value)} must be a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.5,172.16.0.0/12, or loopback)`,
  ];
}

/**
 * Reads the configuration from `env` (default `process.env`), with `overrides` on top (tests pass
 * `{ database: { kind: 'pglite-memory' } }` etc.). Relative paths resolve against `cwd`.
 * Throws {@link ConfigError} listing every problem.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<AppConfig> = {},
  cwd: string = process.cwd(),
): AppConfig {
  const cleaned = Object.fromEntries(
    Object.keys(EnvSchema.properties).flatMap((key) => (env[key] ? [[key, env[key]]] : [])),
  ) as Record<string, string>;
  const problems = envProblems(cleaned);
  const port = Number(cleaned.PORT ?? 3000);
  if (!problems.length && (port < 1 || port > 65535)) problems.push(`PORT=${port} must be 1–65535`);
  const sweepMinutes = Number(cleaned.ATTACHMENT_SWEEP_INTERVAL_MINUTES ?? 60);
  // setInterval takes at most 2^31 - 1 ms (about 35,791 minutes); 0 would spin
  if (!problems.length && (sweepMinutes <= 0 || sweepMinutes > 35_000)) {
    problems.push(`ATTACHMENT_SWEEP_INTERVAL_MINUTES=${sweepMinutes} must be more than 0 and at most 35000`);
  }
  const rescanSeconds = Number(cleaned.AREA_RESCAN_INTERVAL_SECONDS ?? DEFAULT_AREA_RESCAN_SECONDS);
  if (!problems.length && rescanSeconds > 86_400) {
    problems.push(`AREA_RESCAN_INTERVAL_SECONDS=${rescanSeconds} must be at most 86400 (one day)`);
  }
  const typed = cleaned as Env;
  if (!problems.length) problems.push(...throttleProblems(typed), ...trustProxyProblems(typed.TRUST_PROXY));
  problems.push(...oidcProblems(typed));
  if (typed.SMTP_URL && !typed.MAIL_FROM) problems.push('SMTP_URL needs MAIL_FROM, the sender of notification e-mail');
  const attachments = attachmentStoreFromEnv(typed, resolve(cwd, typed.DATA_DIR ?? './data'));
  if (typeof attachments === 'string') problems.push(attachments);
  if (problems.length || typeof attachments === 'string') throw new ConfigError(problems);
  return { ...configFromEnv(typed, port, cwd), attachments, ...overrides };
}

const ATTACHMENTS_URL_FORMS =
  'file:///absolute/folder, s3://bucket or s3://bucket/prefix, or postgres: (or database:) for a table in the portal database';

/** The attachment store ATTACHMENTS_URL names (default: the folder `dataDir/attachments`), or the problem with it. */
function attachmentStoreFromEnv(env: Env, dataDir: string): AttachmentStoreConfig | string {
  const value = env.ATTACHMENTS_URL;
  if (value === undefined) return { kind: 'folder', dir: join(dataDir, 'attachments') };
  const wrong = (why: string) => `ATTACHMENTS_URL=${JSON.stringify(value)} ${why}`;
  if (/^(postgres|postgresql|database):$/i.test(value)) return { kind: 'database' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return wrong(`must be ${ATTACHMENTS_URL_FORMS}`);
  }
  const scheme = url.protocol.toLowerCase();
  if (scheme === 'postgres:' || scheme === 'postgresql:' || scheme === 'database:') {
    return wrong(
      'must be just postgres: (the portal database, DATABASE_URL or PGlite); a separate database is not supported',
    );
  }
  if (scheme === 'file:') {
    if (url.host || url.search || url.hash || url.pathname === '/') return wrong('must be file:///absolute/folder');
    return { kind: 'folder', dir: fileURLToPath(url) };
  }
  if (scheme !== 's3:') return wrong(`must be ${ATTACHMENTS_URL_FORMS}`);
  return s3StoreFromEnv(env, url, wrong);
}

function s3StoreFromEnv(env: Env, url: URL, wrong: (why: string) => string): AttachmentStoreConfig | string {
  if (!url.hostname) return wrong('names no bucket: write s3://bucket or s3://bucket/prefix');
  // S3's bucket naming rules (lowercase letters, digits, dots and hyphens; 3 to 63 characters)
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(url.hostname)) {
    return wrong(
      `names the bucket "${url.hostname}": a bucket name is 3–63 lowercase letters, digits, dots or hyphens`,
    );
  }
  if (url.username || url.password || url.port || url.search || url.hash) {
    return wrong(
      'must be s3://bucket/prefix only: credentials go into AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, the endpoint into S3_ENDPOINT',
    );
  }
  const endpoint = env.S3_ENDPOINT ?? env.AWS_ENDPOINT_URL_S3 ?? null;
  if (env.S3_ENDPOINT && env.AWS_ENDPOINT_URL_S3 && env.S3_ENDPOINT !== env.AWS_ENDPOINT_URL_S3) {
    return 'S3_ENDPOINT and AWS_ENDPOINT_URL_S3 name different endpoints: set one of them';
  }
  if (!env.AWS_REGION && !endpoint) return wrong("needs AWS_REGION, the bucket's region (e.g. eu-west-1)");
  if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
    return "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together (or neither, for the AWS SDK's default credentials: instance role, AWS_PROFILE, …)";
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  } catch {
    return wrong('has a malformed %-escape in its prefix');
  }
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix: path ? `${path}/` : '',
    // any region works for an S3-compatible endpoint that ignores it (MinIO's default is us-east-1)
    region: env.AWS_REGION ?? 'us-east-1',
    endpoint,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          }
        : null,
  };
}

function configFromEnv(env: Env, port: number, cwd: string): Omit<AppConfig, 'attachments'> {
  const root = findPackageRoot();
  const abs = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const dataDir = abs(env.DATA_DIR ?? './data');
  const external = env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_AUDIENCE;
  return {
    port,
    host: env.HOST ?? 'localhost',
    publicUrl,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    oidc: {
      kind: external ? 'external' : 'builtin',
      issuer: env.OIDC_ISSUER ?? `${publicUrl}/oidc`,
      clientId: env.OIDC_CLIENT_ID ?? BUILTIN_CLIENT_ID,
      audience: env.OIDC_AUDIENCE ?? BUILTIN_AUDIENCE,
      groupsClaim: env.OIDC_GROUPS_CLAIM ?? 'groups',
      groupMap: parseGroupMap(env.OIDC_GROUP_MAP) ?? {},
      algorithms: parseAlgorithms(env.OIDC_TOKEN_ALGORITHMS),
      extraScopes: (env.OIDC_EXTRA_SCOPES ?? '').split(/\s+/).filter(Boolean),
      resource: external ? (env.OIDC_RESOURCE ?? null) : BUILTIN_AUDIENCE,
    },
    schemasDir: abs(env.SCHEMAS_DIR ?? join(root, 'schemas')),
    clientDistDir: abs(env.CLIENT_DIST_DIR ?? join(root, 'dist', 'client')),
    logLevel: env.LOG_LEVEL ?? 'info',
    attachmentSweep: {
      intervalMs: Number(env.ATTACHMENT_SWEEP_INTERVAL_MINUTES ?? 60) * 60 * 1000,
      maxAgeMs: Number(env.ORPHAN_ATTACHMENT_MAX_AGE_HOURS ?? 24) * 60 * 60 * 1000,
    },
    areaReload: {
      rescanIntervalMs: Number(env.AREA_RESCAN_INTERVAL_SECONDS ?? DEFAULT_AREA_RESCAN_SECONDS) * 1000,
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    signInThrottle: {
      delayAfter: Number(env.SIGN_IN_DELAY_AFTER_FAILURES ?? DEFAULT_SIGN_IN_DELAY_AFTER),
      lockAfter: Number(env.SIGN_IN_LOCK_AFTER_FAILURES ?? DEFAULT_SIGN_IN_LOCK_AFTER),
      lockMs: Number(env.SIGN_IN_LOCK_MINUTES ?? DEFAULT_SIGN_IN_LOCK_MINUTES) * 60 * 1000,
    },
    apiRateLimit: {
      perMinute: Number(env.API_RATE_LIMIT_PER_MINUTE ?? DEFAULT_API_RATE_LIMIT_PER_MINUTE),
    },
    sla: {
      configFile: abs(env.SLA_CONFIG_FILE ?? join(root, 'config', 'sla.json')),
      checkIntervalMs: Number(env.SLA_CHECK_INTERVAL_SECONDS ?? 60) * 1000,
    },
    mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM ?? null },
  };
}
