import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../domains/role-groups';

/** The user the auth hook attached; throws if a route marked non-public somehow runs without one. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error(`route ${request.routeOptions.url ?? '?'} ran without an authenticated user`);
  return request.user;
}
