import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';

describe('loadConfig', () => {
  it('defaults to port 3000 on localhost, PGlite in ./data, the built-in provider and package folders', () => {
    const config = loadConfig({}, {}, '/srv/portal');
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/portal/data',
      database: { kind: 'pglite', dataDir: join('/srv/portal/data', 'pglite') },
      oidc: {
        kind: 'builtin',
        issuer: 'http://localhost:3000/oidc',
        clientId: 'tm-portal',
        audience: 'api://tm-portal',
        groupsClaim: 'groups',
      },
      logLevel: 'info',
    });
    expect(config.schemasDir).toMatch(/[/\\]schemas$/);
    expect(config.clientDistDir).toMatch(/[/\\]dist[/\\]client$/);
  });

  it('reads PORT, PUBLIC_URL (trailing slash dropped), DATABASE_URL and an external issuer', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://portal.example/',
      DATABASE_URL: 'postgres://u:p@db/portal',
      OIDC_ISSUER: 'https://login.microsoftonline.com/t/v2.0',
      OIDC_CLIENT_ID: 'spa',
      OIDC_AUDIENCE: 'api://portal',
      OIDC_GROUPS_CLAIM: 'roles',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://portal.example',
      database: { kind: 'postgres', url: 'postgres://u:p@db/portal' },
      oidc: {
        kind: 'external',
        issuer: 'https://login.microsoftonline.com/t/v2.0',
        clientId: 'spa',
        audience: 'api://portal',
        groupsClaim: 'roles',
      },
    });
  });

  it('lists every problem at once in a readable error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        PUBLIC_URL: 'localhost:3000/app',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        OIDC_ISSUER: 'https://idp.example',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/PORT="eighty"/);
    expect(problems.join('\n')).toMatch(/PUBLIC_URL=/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL=/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL=/);
    expect(problems.join('\n')).toContain('must be set together');
    expect(message.split('\n')[0]).toBe('Invalid configuration:');
  });

  it('re-scans SCHEMAS_DIR every 30 s by default; AREA_RESCAN_INTERVAL_SECONDS=0 turns reloading off', () => {
    expect(loadConfig({}).areaReload).toEqual({ rescanIntervalMs: 30_000 });
    expect(loadConfig({ AREA_RESCAN_INTERVAL_SECONDS: '0' }).areaReload).toEqual({ rescanIntervalMs: 0 });
    expect(() => loadConfig({ AREA_RESCAN_INTERVAL_SECONDS: 'soon' })).toThrow(/must be a whole number of seconds/);
    expect(() => loadConfig({ AREA_RESCAN_INTERVAL_SECONDS: '90000' })).toThrow(/must be at most 86400/);
  });

  it('throttles sign-in after 5 failures, locks after 20 for 15 minutes, and limits the API to 600 a minute by default', () => {
    const config = loadConfig({});
    expect(config.signInThrottle).toEqual({ delayAfter: 5, lockAfter: 20, lockMs: 15 * 60_000 });
    expect(config.apiRateLimit).toEqual({ perMinute: 600 });
    expect(config.trustProxy).toBe(false);
    const set = loadConfig({
      SIGN_IN_DELAY_AFTER_FAILURES: '3',
      SIGN_IN_LOCK_AFTER_FAILURES: '10',
      SIGN_IN_LOCK_MINUTES: '60',
      API_RATE_LIMIT_PER_MINUTE: '0',
      TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,loopback,::1',
    });
    expect(set.signInThrottle).toEqual({ delayAfter: 3, lockAfter: 10, lockMs: 60 * 60_000 });
    expect(set.apiRateLimit).toEqual({ perMinute: 0 });
    expect(set.trustProxy).toEqual(['10.0.0.5', '172.16.0.0/12', 'loopback', '::1']);
  });

  it('refuses a lock that comes before the delay, zero thresholds and unreadable proxy addresses', () => {
    expect(() => loadConfig({ SIGN_IN_DELAY_AFTER_FAILURES: '5', SIGN_IN_LOCK_AFTER_FAILURES: '5' })).toThrow(
      /SIGN_IN_LOCK_AFTER_FAILURES=5 must be more than SIGN_IN_DELAY_AFTER_FAILURES \(5\)/,
    );
    expect(() => loadConfig({ SIGN_IN_DELAY_AFTER_FAILURES: '0' })).toThrow(/must be at least 1/);
    expect(() => loadConfig({ SIGN_IN_LOCK_MINUTES: '0' })).toThrow(/SIGN_IN_LOCK_MINUTES=0 must be at least 1/);
    expect(() => loadConfig({ API_RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(/must be a whole number of requests/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY="true" must be a comma-separated list/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY=/);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY=/);
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT=70000 must be 1–65535/);
  });

  it('lets programmatic overrides win (tests use an in-memory database)', () => {
    expect(loadConfig({}, { database: { kind: 'pglite-memory' } }).database).toEqual({ kind: 'pglite-memory' });
  });
});

describe('loadConfig: ATTACHMENTS_URL', () => {
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env, {}, '/srv/portal');
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('keeps files in DATA_DIR/attachments by default, or in the folder of a file:/// URL', () => {
    expect(loadConfig({}, {}, '/srv/portal').attachments).toEqual({
      kind: 'folder',
      dir: '/srv/portal/data/attachments',
    });
    expect(loadConfig({ DATA_DIR: '/var/tm' }).attachments).toEqual({ kind: 'folder', dir: '/var/tm/attachments' });
    expect(loadConfig({ ATTACHMENTS_URL: 'file:///mnt/shared/tm-files' }).attachments).toEqual({
      kind: 'folder',
      dir: '/mnt/shared/tm-files',
    });
  });

  it('takes postgres: and database: for the table in the portal database', () => {
    for (const value of ['postgres:', 'postgresql:', 'database:', 'DATABASE:']) {
      expect(loadConfig({ ATTACHMENTS_URL: value }).attachments, value).toEqual({ kind: 'database' });
    }
  });

  it('reads s3://bucket/prefix with the AWS variables, an endpoint and path-style addressing', () => {
    expect(
      loadConfig({
        ATTACHMENTS_URL: 's3://tm-files/portal/attachments/',
        AWS_REGION: 'eu-west-1',
        AWS_ACCESS_KEY_ID: 'AKIA0',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).attachments,
    ).toEqual({
      kind: 's3',
      bucket: 'tm-files',
      prefix: 'portal/attachments/',
      region: 'eu-west-1',
      endpoint: null,
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIA0', secretAccessKey: 'secret' },
    });
    expect(
      loadConfig({
        ATTACHMENTS_URL: 's3://tm-files',
        AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }).attachments,
    ).toEqual({
      kind: 's3',
      bucket: 'tm-files',
      prefix: '',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: null,
    });
  });

  it('refuses a URL without a bucket, a bad bucket name, credentials in the URL and other schemes, naming the variable', () => {
    expect(problemsOf({ ATTACHMENTS_URL: 's3://', AWS_REGION: 'eu-west-1' })).toEqual([
      'ATTACHMENTS_URL="s3://" names no bucket: write s3://bucket or s3://bucket/prefix',
    ]);
    expect(problemsOf({ ATTACHMENTS_URL: 's3://My_Bucket', AWS_REGION: 'eu-west-1' })[0]).toMatch(
      /^ATTACHMENTS_URL="s3:\/\/My_Bucket" names the bucket "My_Bucket": a bucket name is 3–63 lowercase/,
    );
    expect(problemsOf({ ATTACHMENTS_URL: 's3://key:secret@bucket', AWS_REGION: 'eu-west-1' })[0]).toMatch(
      /credentials go into AWS_ACCESS_KEY_ID/,
    );
    expect(problemsOf({ ATTACHMENTS_URL: 'postgres://db.example/files' })[0]).toMatch(
      /^ATTACHMENTS_URL="postgres:\/\/db.example\/files" must be just postgres:/,
    );
    for (const value of ['ftp://files', 'attachments', 'file://server/share', 'file:///']) {
      expect(problemsOf({ ATTACHMENTS_URL: value })[0], value).toMatch(/^ATTACHMENTS_URL="[^"]*" must be /);
    }
  });

  it('refuses an S3 store without a region or with half a key pair, and a bad endpoint or path-style flag', () => {
    expect(problemsOf({ ATTACHMENTS_URL: 's3://tm-files' })).toEqual([
      'ATTACHMENTS_URL="s3://tm-files" needs AWS_REGION, the bucket\'s region (e.g. eu-west-1)',
    ]);
    expect(
      problemsOf({ ATTACHMENTS_URL: 's3://tm-files', AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'AKIA0' })[0],
    ).toMatch(/^AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together/);
    const problems = problemsOf({ S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'yes' });
    expect(problems).toEqual([
      'S3_ENDPOINT="minio:9000" must be the S3 endpoint URL, e.g. http://127.0.0.1:9000',
      'S3_FORCE_PATH_STYLE="yes" must be true or false',
    ]);
  });
});
