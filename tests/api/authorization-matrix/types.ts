/**
 * The data format of the authorization matrix (issue 6). See tests/api/authorization-matrix.test.ts
 * for how rows are run. Each feature's module in this folder exports `rows: MatrixRow[]`.
 */

/** The roles every row is run as: no token, an expired token, and the seeded demo users. */
export const ROLES = ['anonymous', 'expired', 'employee', 'accounting', 'maintenance', 'risk', 'it', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The signed-in demo users (password `demo`; src/server/db/seed-data.ts DEMO_ACCOUNTS). */
export const SIGNED_IN_ROLES = ['employee', 'accounting', 'maintenance', 'risk', 'it', 'admin'] as const;

export type MatrixRow = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The registered route exactly as Fastify knows it, e.g. `/api/areas/:key/submissions/:id`. */
  route: string;
  /**
   * The URL to call. Placeholders: `{id}` the object of `object` (a submission of area AP),
   * `{group}` a fresh role group created for this one cell (its only member is the stranger),
   * `{user}` the stranger's user id.
   */
  url: string;
  /** `own`: `{id}` is the calling role's own submission; `other`: the stranger's. */
  object?: 'own' | 'other';
  /** JSON body; the string `{unique}` anywhere in it becomes a value unique to the cell. */
  body?: Record<string, unknown>;
  /** Expected HTTP status for every role (build it with the helpers below). */
  expect: Record<Role, number>;
};

/** Everyone, token or not, gets `status` (public routes). */
export function everyone(status: number): Record<Role, number> {
  return Object.fromEntries([...ROLES].map((role) => [role, status])) as Record<Role, number>;
}

/** No or expired token: 401; every signed-in role: `status`. Spread overrides after it. */
export function signedIn(status: number): Record<Role, number> {
  return { ...everyone(status), anonymous: 401, expired: 401 };
}

/** No or expired token: 401; the listed roles: `status`; other signed-in roles: 403. */
export function onlyRoles(status: number, roles: readonly Role[]): Record<Role, number> {
  const result = signedIn(403);
  for (const role of roles) result[role] = status;
  return result;
}
