import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/shared/api-error';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';

/**
 * docs/behaviour.md "Rate limit", with API_RATE_LIMIT_PER_MINUTE=3: each signed-in user (else
 * each client address) makes at most 3 API requests a minute; the 4th answers 429 in the usual
 * error body with Retry-After. Users and addresses count apart; the health check never counts.
 */
describe('the API rate limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => app.close());

  it('answers 429 with Retry-After to a user past the limit, and counts each user apart', async () => {
    const employee = await authHeader(app, 'employee');
    // the same user from several addresses counts once: the key is the user, not the address
    for (const [i, remoteAddress] of ['10.9.0.1', '10.9.0.2', '10.9.0.3'].entries()) {
      const response = await app.inject({ url: '/api/me', headers: employee, remoteAddress });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const refused = await app.inject({ url: '/api/me', headers: employee, remoteAddress: '10.9.0.4' });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json<ApiError>()).toEqual({
      statusCode: 429,
      error: 'too_many_requests',
      message: `Too many requests: try again in ${retryAfter} seconds.`,
    });

    const admin = await authHeader(app, 'admin');
    expect((await app.inject({ url: '/api/me', headers: admin, remoteAddress: '10.9.0.4' })).statusCode).toBe(200);
  });

  it('counts requests without a user by client address', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await app.inject({ url: '/api/auth/config', remoteAddress: '10.9.1.1' });
      expect(response.statusCode).toBe(200);
    }
    expect((await app.inject({ url: '/api/auth/config', remoteAddress: '10.9.1.1' })).statusCode).toBe(429);
    expect((await app.inject({ url: '/api/auth/config', remoteAddress: '10.9.1.2' })).statusCode).toBe(200);
  });

  it('never limits the health check', async () => {
    for (let i = 0; i < 6; i += 1) {
      const response = await app.inject({ url: '/api/health', remoteAddress: '10.9.2.1' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});

describe('the API rate limit turned off', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '0' } });
  });
  afterAll(() => app.close());

  it('lets any number of requests through with API_RATE_LIMIT_PER_MINUTE=0', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await app.inject({ url: '/api/auth/config', remoteAddress: '10.9.3.1' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});
