import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInFailures } from '../../src/server/db/schema';
import { createTestApp } from './helpers/app';
import { CookieJar, pathOf, pkcePair } from './helpers/sign-in';

/**
 * docs/behaviour.md "Sign-in throttling" with the default settings: from 5 failed passwords in a
 * row each further one blocks for 1, 2, 4 … s; 20 lock for 15 minutes; a block refuses even the
 * right password before checking it (429, Retry-After); a success forgets the account's failures.
 * Per username and per client address (each test uses addresses of its own). Time moves by
 * setting the clock (only `Date` is faked), never by waiting.
 */

const WRONG = 'not-the-password';
const INVALID = 'Invalid username or password.';
const LOCKED = 'Too many failed sign-in attempts. Try again in 15 minutes.';

const errorOf = (response: LightMyRequestResponse) =>
  /<p class="error" role="alert">([^<]*)<\/p>/.exec(response.body)?.[1]?.replaceAll('&#39;', "'") ?? null;

describe('sign-in throttling at the built-in provider', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  // Each test runs on a clock of its own that stands still unless moved, never behind an earlier test's.
  let clock = Date.now();
  beforeEach(() => {
    clock = Math.max(clock, Date.now());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const advance = (ms: number) => {
    clock += ms;
    vi.setSystemTime(clock);
  };

  /** Opens a sign-in interaction: its login URL and the cookie jar that belongs to it. */
  const openSignIn = async (): Promise<{ loginUrl: string; jar: CookieJar }> => {
    const jar = new CookieJar();
    const query = new URLSearchParams({
      client_id: 'tm-portal',
      response_type: 'code',
      redirect_uri: 'http://localhost/login',
      scope: 'openid profile email',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });
    const start = await app.inject(`/oidc/auth?${query.toString()}`);
    jar.store(start);
    return { loginUrl: `${pathOf(start.headers.location)}/login`, jar };
  };

  const post = async (
    username: string,
    password: string,
    remoteAddress: string,
    headers: Record<string, string> = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
  ) => {
    const { loginUrl, jar } = await openSignIn();
    return app.inject({
      method: 'POST',
      url: loginUrl,
      remoteAddress,
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ username, password }).toString(),
    });
  };

  /** `n` wrong passwords for `username` from `address`, the clock moved past any delay between them. */
  const failTimes = async (n: number, username: string, address: string) => {
    const answers: (string | null)[] = [];
    for (let i = 0; i < n; i += 1) {
      if (i > 0) advance(61_000);
      const response = await post(username, WRONG, address);
      expect(response.statusCode, response.body).toBe(200);
      answers.push(errorOf(response));
    }
    return answers;
  };

  it('after 5 wrong passwords asks to wait, refuses even the right password until then (429), and signs in afterwards', async () => {
    const answers = await failTimes(5, 'employee', '10.1.0.1');
    expect(answers.slice(0, 4)).toEqual([INVALID, INVALID, INVALID, INVALID]);
    expect(answers[4]).toBe(`${INVALID} Too many failed sign-in attempts. Wait 1 second before trying again.`);

    const refused = await post('employee', 'demo', '10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(errorOf(refused)).toBe('Too many failed sign-in attempts. Wait 1 second before trying again.');
    // the block is the account's: the right password from another address is refused too
    const elsewhere = await post('employee', 'demo', '10.1.0.2');
    expect(elsewhere.statusCode).toBe(429);

    advance(1_000);
    const sixth = await post('employee', WRONG, '10.1.0.1');
    expect(errorOf(sixth)).toBe(`${INVALID} Too many failed sign-in attempts. Wait 2 seconds before trying again.`);
    advance(2_000);
    const success = await post('employee', 'demo', '10.1.0.3');
    expect(success.statusCode).toBe(303);
  });

  it('locks the account for 15 minutes after 20 wrong passwords, right password included, then lets it sign in', async () => {
    const answers = await failTimes(20, 'accounting', '10.2.0.1');
    expect(answers[19]).toBe(`${INVALID} ${LOCKED}`);

    advance(14 * 60_000);
    const refused = await post('accounting', 'demo', '10.2.0.2');
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
    expect(Number(refused.headers['retry-after'])).toBe(60);

    advance(60_000);
    const success = await post('accounting', 'demo', '10.2.0.2');
    expect(success.statusCode).toBe(303);
  });

  it('tells the lock in minutes right after it starts, with Retry-After in seconds', async () => {
    await failTimes(20, 'maintenance', '10.3.0.1');
    const refused = await post('maintenance', 'demo', '10.3.0.2');
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toBe(LOCKED);
    expect(refused.headers['retry-after']).toBe('900');
  });

  it("a success resets the account's count: 4 failures, a success, 4 more failures ask for no wait", async () => {
    expect(await failTimes(4, 'risk', '10.4.0.1')).toEqual([INVALID, INVALID, INVALID, INVALID]);
    expect((await post('risk', 'demo', '10.4.0.1')).statusCode).toBe(303);
    // from another network, so that only the account's count matters
    expect(await failTimes(4, 'risk', '10.4.0.2')).toEqual([INVALID, INVALID, INVALID, INVALID]);
    const fifth = await post('risk', WRONG, '10.4.0.2');
    expect(errorOf(fifth)).toContain('Wait 1 second');
  });

  it('throttles a client address that tries many usernames; another address is unaffected', async () => {
    for (const [i, username] of ['nobody1', 'nobody2', 'nobody3', 'nobody4', 'nobody5'].entries()) {
      if (i > 0) advance(61_000);
      expect((await post(username, WRONG, '10.5.0.1')).statusCode).toBe(200);
    }
    const refused = await post('it', 'demo', '10.5.0.1');
    expect(refused.statusCode).toBe(429);
    expect((await post('it', 'demo', '10.5.0.2')).statusCode).toBe(303);
  });

  it('checks at most 5 of 10 simultaneous wrong passwords; the others are refused before any check', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => post('admin', WRONG, '10.6.0.1')));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
  });

  it('does not count empty usernames or passwords', async () => {
    for (let i = 0; i < 6; i += 1) {
      const response = await post('employee2', '', '10.7.0.1');
      expect(errorOf(response)).toBe(INVALID);
    }
    expect(errorOf(await post('employee2', WRONG, '10.7.0.1'))).toBe(INVALID);
  });

  describe('a login form posted from another site', () => {
    it.each([
      ['an Origin of another site', { origin: 'http://evil.example' }],
      ['Origin null (a sandboxed frame)', { origin: 'null' }],
      ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site', origin: 'http://localhost' }],
    ])('is refused with 403 for %s, checks no password and counts nothing', async (_label, headers) => {
      const response = await post('it', WRONG, '10.8.0.1', headers);
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('The sign-in form was sent from another site, so it was ignored.');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(await app.db.select().from(signInFailures)).not.toContainEqual(
        expect.objectContaining({ key: 'account:it' }),
      );
    });

    it('is accepted from the portal itself, and without either header (not a browser)', async () => {
      expect((await post('it', 'demo', '10.8.0.1')).statusCode).toBe(303);
      expect((await post('it', 'demo', '10.8.0.1', { origin: 'http://localhost' })).statusCode).toBe(303);
      expect((await post('it', 'demo', '10.8.0.1', {})).statusCode).toBe(303);
    });
  });
});

describe('sign-in throttling with settings from the environment', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({
      env: { SIGN_IN_DELAY_AFTER_FAILURES: '2', SIGN_IN_LOCK_AFTER_FAILURES: '3', SIGN_IN_LOCK_MINUTES: '5' },
    });
  });
  afterAll(() => app.close());

  it('locks after SIGN_IN_LOCK_AFTER_FAILURES failures for SIGN_IN_LOCK_MINUTES', async () => {
    const login = async (password: string) => {
      const jar = new CookieJar();
      const start = await app.inject(
        `/oidc/auth?${new URLSearchParams({
          client_id: 'tm-portal',
          response_type: 'code',
          redirect_uri: 'http://localhost/login',
          scope: 'openid',
          code_challenge: pkcePair().challenge,
          code_challenge_method: 'S256',
        }).toString()}`,
      );
      jar.store(start);
      return app.inject({
        method: 'POST',
        url: `${pathOf(start.headers.location)}/login`,
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: 'employee', password }).toString(),
      });
    };
    expect(errorOf(await login(WRONG))).toBe(INVALID);
    expect(errorOf(await login(WRONG))).toContain('Wait 1 second');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1_000);
    try {
      expect(errorOf(await login(WRONG))).toBe(`${INVALID} Too many failed sign-in attempts. Try again in 5 minutes.`);
      const refused = await login('demo');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('300');
    } finally {
      vi.useRealTimers();
    }
  });
});
