/**
 * The API's rate limit (@fastify/rate-limit; docs/behaviour.md "Rate limit"): each signed-in user
 * (else each client address, IPv6 by /64) may make API_RATE_LIMIT_PER_MINUTE requests per minute
 * (0: no limit); beyond that 429 `too_many_requests` with `Retry-After` (seconds) until the minute
 * is over. Counted in each node's memory. Register it inside the /api scope, before its routes: its
 * hook is added to each route registered after it and runs after the auth hook (route hooks follow
 * the app's), so `request.user` is known; requests the auth hook refuses are not counted. A route
 * opts out with `config: { rateLimit: false }` (the health check).
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';
import { sharedPlugin } from '../lib/shared-plugin';

/** The counter a request counts against: its user, or its client address when no one is signed in. */
function rateLimitKey(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : `address:${normalizeIP(request.ip)}`;
}

/** See the module comment. */
export const apiRateLimitPlugin = sharedPlugin(async (app) => {
  const { perMinute } = app.config.apiRateLimit;
  if (perMinute === 0) return;
  await app.register(rateLimit, {
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: rateLimitKey,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'too_many_requests',
        `Too many requests: try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });
});
