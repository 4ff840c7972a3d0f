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
