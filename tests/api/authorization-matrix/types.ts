/**
 * The data format of the authorization matrix. See tests/api/authorization-matrix.test.ts
 * for how rows are run. Each feature's module in this folder exports `rows: MatrixRow[]`.
 */

/** The roles every row is run as: no token, an expired token, and the seeded demo users. */
export const ROLES = ['anonymous', 'expired', 'employee', 'accounting', 'maintenance', 'risk', 'it', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The signed-in demo users (password `demo`; src/server/seed/data.ts DEMO_ACCOUNTS). */
export const SIGNED_IN_ROLES = ['employee', 'accounting', 'maintenance', 'risk', 'it', 'admin'] as const;

/**
 * The fixture form areas a row's tickets can be of: `AP` (Accounting reads it whole) and
 * `IncidentForm` (Risk & compliance reads it whole; the matrix adds an enabled routing rule that
 * assigns every new one to the Risk & compliance role group, status Assigned).
 */
export const MATRIX_AREAS = ['AP', 'IncidentForm'] as const;
export type MatrixArea = (typeof MATRIX_AREAS)[number];

export type MatrixRow = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The registered route exactly as Fastify knows it, e.g. `/api/areas/:key/submissions/:id`. */
  route: string;
  /**
   * The URL to call. Placeholders (also replaced anywhere in `body`; each is made once per cell):
   * - `{id}` the object of `object`: a submission (ticket) of `area` made once for the run;
   * - `{fresh}` a NEW submission of `area` (ticket, version 1) made for this one cell, by the calling
   *   role (`own`; the stranger for anonymous/expired) or by the stranger (`other`);
   * - `{attachment}` a NEW attachment (a 1×1 PNG): `own` uploaded by the calling role and not yet
   *   linked; `other` uploaded by the stranger and linked to the stranger's submission `{id}`;
   * - `{strayAttachment}` a NEW attachment the stranger uploaded and never linked (a draft's file);
   * - `{group}` a fresh role group created for this one cell (its only member is the stranger);
   * - `{rule}` a fresh, disabled assignment rule for AP at property P-1024, which no matrix
   *   submission names (version 1, assignee: the stranger);
   * - `{cell}` / `{delivery}` an untouched (version 1) accounting cell / delivery entry of the
   *   current month, a different one for every cell;
   * - `{period}` the current month `YYYY-MM` (opened by the seed);
   * - `{user}` the stranger's user id; `{unique}` a value unique to the cell;
   * - `"{ruleIds}"` (body only, quotes included) the JSON array of every rule id in order.
   */
  url: string;
  /**
   * `own`: `{id}`/`{fresh}`/`{attachment}` belong to the calling role; `other`: to the stranger;
   * `assigned`: the stranger's, made for the cell and assigned to the calling role's user (status
   * Assigned, version 1; unassigned for anonymous/expired), an attachment linked to such a one.
   */
  object?: 'own' | 'other' | 'assigned';
  /** The form area of `{id}`, `{fresh}` and `{attachment}`'s ticket (default `AP`; see {@link MATRIX_AREAS}). */
  area?: MatrixArea;
  /** JSON body (placeholders as in `url`). */
  body?: Record<string, unknown>;
  /** Send the body as multipart/form-data with one file part (a 1×1 PNG) instead of JSON. */
  upload?: true;
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
