/**
 * The authorization matrix (docs/behaviour.md "Access-token checks", "Ticket visibility"): routes ×
 * roles × own/other object → expected HTTP status, kept as data and run against the real app
 * (PGlite, real tokens from the built-in provider). Prints `N cells, N as expected`.
 *
 * HOW TO ADD ROWS — every /api route needs at least one row, or this test FAILS naming the route:
 *   tests/api/authorization-matrix/<feature>.ts  exports  `rows: MatrixRow[]`  (format in ./types.ts):
 *     { method: 'GET', route: '/api/things/:id', url: '/api/things/{id}', object: 'other',
 *       expect: { ...signedIn(404), admin: 200 } }
 *   - `route` is the route pattern as registered (see `app.printRoutes()`); `url` is what is called.
 *   - `expect` gives a status for each role: anonymous, expired, employee, accounting, maintenance,
 *     risk, it, admin. Helpers: `everyone(s)`, `signedIn(s)` (401 without a valid token),
 *     `onlyRoles(s, [...])` (403 for the other signed-in roles); spread overrides after them.
 *   - `object`: `own` (the role's), `other` (the stranger's), `assigned` (the stranger's, assigned
 *     to the role's user); `area`: the tickets' form area, `AP` (default) or `IncidentForm` (routed
 *     to the Risk & compliance group).
 *   - Placeholders in `url` and `body` (full list in ./types.ts): `{id}` the own/other/assigned
 *     submission (`object`), `{fresh}` a new own/other submission for the cell, `{attachment}` an own file or
 *     the stranger's file on `{id}`, `{group}` a fresh role group made for the cell (its member:
 *     `{user}`), `{rule}` a fresh assignment rule, `{cell}`/`{delivery}` an untouched report-tracker
 *     entry, `{period}` the current month, `{user}` the stranger's user id, `{unique}`, `"{ruleIds}"`.
 *   - `upload: true` sends a multipart/form-data body with one PNG file instead of JSON.
 * Every file in the folder except types.ts is loaded; a row naming a route that does not exist
 * fails too. HEAD (Fastify's automatic twin of GET) is not listed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/shared/me';
import type { Submission } from '../../src/shared/submission';
import { and, asc, desc, eq, notInArray } from 'drizzle-orm';
import { periodOf } from '../../src/shared/report-tracker';
import {
  assignmentRules,
  attachments,
  reportAccountingCells,
  reportDeliveries,
  roleGroupMembers,
  roleGroups,
  submissions,
} from '../../src/server/db/schema';
import { createTestApp } from './helpers/app';
import { signWithProviderKey } from './helpers/data';
import { multipartBody, PNG_1X1 } from './helpers/multipart';
import { authHeader } from './helpers/sign-in';
import { ROLES, SIGNED_IN_ROLES, type MatrixArea, type MatrixRow, type Role } from './authorization-matrix/types';

const MATRIX_DIR = join(import.meta.dirname, 'authorization-matrix');
const AP_INVOICE = {
  vendorName: 'Fixture',
  invoiceNumber: 'INV-1',
  invoiceDate: '2025-03-14',
  amount: 1,
  property: 'P-1001',
};
const INCIDENT = {
  incidentType: 'Flood',
  occurredAt: '2025-02-02T07:30:00Z',
  property: 'P-1005',
  description: 'Matrix incident fixture.',
};
const PAYLOADS: Record<MatrixArea, object> = { AP: AP_INVOICE, IncidentForm: INCIDENT };

/** Every route under /api with its methods, from Fastify's route tree (`printRoutes`). */
export function registeredApiRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = `${stack.join('')}${match[2] ?? ''}`;
    stack.push(match[2] ?? '');
    const methods = (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD');
    if (path.startsWith('/api')) for (const method of methods) found.push(`${method} ${path}`);
  }
  return [...new Set(found)].sort();
}

async function loadRows(): Promise<(MatrixRow & { file: string })[]> {
  const files = readdirSync(MATRIX_DIR).filter((name) => name.endsWith('.ts') && name !== 'types.ts');
  const all: (MatrixRow & { file: string })[] = [];
  for (const file of files.sort()) {
    const module = (await import(pathToFileURL(join(MATRIX_DIR, file)).href)) as { rows?: MatrixRow[] };
    if (!Array.isArray(module.rows)) throw new Error(`${file} exports no rows`);
    all.push(...module.rows.map((row) => ({ ...row, file })));
  }
  return all;
}

describe('authorization matrix: every /api route × role × own/other object', () => {
  let app: FastifyInstance;
  const headers = new Map<Role, Record<string, string>>();
  /** The role's own submission per area (`<role>/<area>`), made on first use (AP: before the run). */
  const own = new Map<string, string>();
  const userIds = new Map<Role, string>();
  /** The stranger's submission per area, made on first use (AP: before the run). */
  const others = new Map<MatrixArea, string>();
  let strangerId = '';
  let stranger: Record<string, string> = {};
  let counter = 0;
  const handedOut = { cells: new Set<string>(), deliveries: new Set<string>() };

  const post = (h: Record<string, string>, area: MatrixArea = 'AP') =>
    app.inject({ method: 'POST', url: `/api/areas/${area}/submissions`, payload: PAYLOADS[area], headers: h });

  async function submit(h: Record<string, string>, area: MatrixArea): Promise<string> {
    const response = await post(h, area);
    if (response.statusCode !== 201) throw new Error(`fixture ${area}: ${response.statusCode} ${response.body}`);
    return response.json<Submission>().id;
  }

  async function otherOf(area: MatrixArea): Promise<string> {
    const id = others.get(area) ?? (await submit(stranger, area));
    others.set(area, id);
    return id;
  }

  /** The calling role's own submission of `area`; the stranger's for anonymous/expired. */
  async function ownOf(role: Role, area: MatrixArea): Promise<string> {
    const h = userIds.has(role) ? headers.get(role) : undefined;
    if (!h) return otherOf(area);
    const id = own.get(`${role}/${area}`) ?? (await submit(h, area));
    own.set(`${role}/${area}`, id);
    return id;
  }

  beforeAll(async () => {
    app = await createTestApp();
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: app.config.oidc.issuer, aud: app.config.oidc.audience, iat: now - 5, exp: now + 600 };
    stranger = {
      authorization: `Bearer ${await signWithProviderKey(app, { ...claims, sub: 'matrix-stranger', name: 'Sam Stranger' })}`,
    };
    strangerId = (await app.inject({ url: '/api/me', headers: stranger })).json<Profile>().id;
    await routeIncidentsToRisk();
    await otherOf('AP');
    headers.set('anonymous', {});
    const expired = await signWithProviderKey(app, {
      ...claims,
      sub: 'matrix-stranger',
      iat: now - 900,
      exp: now - 300,
    });
    headers.set('expired', { authorization: `Bearer ${expired}` });
    for (const role of SIGNED_IN_ROLES) {
      const h = await authHeader(app, role);
      headers.set(role, h);
      userIds.set(role, (await app.inject({ url: '/api/me', headers: h })).json<Profile>().id);
      await ownOf(role, 'AP');
    }
  });
  afterAll(() => app.close());

  /** The enabled routing rule that assigns every new IncidentForm to the Risk & compliance group. */
  async function routeIncidentsToRisk(): Promise<void> {
    const [risk] = await app.db
      .select({ id: roleGroups.id })
      .from(roleGroups)
      .where(eq(roleGroups.name, 'Risk & compliance'));
    const [last] = await app.db
      .select({ position: assignmentRules.position })
      .from(assignmentRules)
      .orderBy(desc(assignmentRules.position))
      .limit(1);
    if (!risk) throw new Error('no Risk & compliance group');
    await app.db.insert(assignmentRules).values({
      name: 'Matrix incidents → Risk & compliance',
      position: (last?.position ?? 0) + 1,
      area: 'IncidentForm',
      assigneeGroupId: risk.id,
    });
  }

  async function freshGroup(): Promise<string> {
    counter += 1;
    const [group] = await app.db
      .insert(roleGroups)
      .values({ name: `Matrix fixture ${counter}`, scopes: [] })
      .returning({ id: roleGroups.id });
    if (!group) throw new Error('no group');
    await app.db.insert(roleGroupMembers).values({ roleGroupId: group.id, userId: strangerId });
    return group.id;
  }

  async function upload(h: Record<string, string>): Promise<string> {
    const { payload, headers: type } = multipartBody([
      { fileName: 'matrix.png', contentType: 'image/png', content: PNG_1X1 },
    ]);
    const response = await app.inject({ method: 'POST', url: '/api/attachments', payload, headers: { ...h, ...type } });
    if (response.statusCode !== 201) throw new Error(`fixture upload: ${response.statusCode} ${response.body}`);
    return response.json<{ id: string }>().id;
  }

  /**
   * A new stranger's submission of `area` assigned (directly, version stays 1) to the calling
   * role's user; for anonymous/expired one not assigned to a user.
   */
  async function assignedToRole(role: Role, area: MatrixArea): Promise<string> {
    const id = await submit(stranger, area);
    const userId = userIds.get(role);
    if (userId) {
      await app.db
        .update(submissions)
        .set({ assigneeUserId: userId, status: 'Assigned' })
        .where(eq(submissions.id, id));
    }
    return id;
  }

  async function freshAttachment(row: MatrixRow, role: Role): Promise<string> {
    const mine = row.object === 'own' && userIds.has(role) ? headers.get(role) : undefined;
    if (mine) return upload(mine);
    const area = row.area ?? 'AP';
    const id = await upload(stranger);
    const linkedTo = row.object === 'assigned' ? await assignedToRole(role, area) : await otherOf(area);
    await app.db.update(attachments).set({ submissionId: linkedTo }).where(eq(attachments.id, id));
    return id;
  }

  async function freshRule(): Promise<string> {
    counter += 1;
    const [last] = await app.db
      .select({ position: assignmentRules.position })
      .from(assignmentRules)
      .orderBy(desc(assignmentRules.position))
      .limit(1);
    const [rule] = await app.db
      .insert(assignmentRules)
      .values({
        name: `Matrix rule ${counter}`,
        position: (last?.position ?? 0) + 1,
        enabled: false,
        area: 'AP',
        // A property no matrix submission names: enabling the rule never routes the fixtures.
        propertyCode: 'P-1024',
        assigneeUserId: strangerId,
      })
      .returning({ id: assignmentRules.id });
    if (!rule) throw new Error('no rule');
    return rule.id;
  }

  /** An accounting cell or delivery entry of the current month still at version 1, never handed out before. */
  async function untouched(kind: 'cells' | 'deliveries'): Promise<string> {
    const table = kind === 'cells' ? reportAccountingCells : reportDeliveries;
    const used = [...handedOut[kind]];
    const [row] = await app.db
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.period, periodOf(new Date())),
          eq(table.version, 1),
          used.length ? notInArray(table.id, used) : undefined,
        ),
      )
      .orderBy(asc(table.id))
      .limit(1);
    if (!row) throw new Error(`no untouched report-tracker ${kind} left for the matrix`);
    handedOut[kind].add(row.id);
    return row.id;
  }

  /** The value of each placeholder `text` uses, made once for this cell (see types.ts). */
  async function placeholders(row: MatrixRow, role: Role, text: string): Promise<Map<string, string>> {
    counter += 1;
    const values = new Map<string, string>([
      ['{user}', strangerId],
      ['{unique}', `m${counter}`],
      ['{period}', periodOf(new Date())],
    ]);
    const area = row.area ?? 'AP';
    const makers: Record<string, () => Promise<string>> = {
      '{id}': () =>
        row.object === 'assigned'
          ? assignedToRole(role, area)
          : row.object === 'own'
            ? ownOf(role, area)
            : otherOf(area),
      '{fresh}': async () => {
        if (row.object === 'assigned') return assignedToRole(role, area);
        const mine = row.object === 'own' && userIds.has(role) ? headers.get(role) : undefined;
        return submit(mine ?? stranger, area);
      },
      '{attachment}': () => freshAttachment(row, role),
      '{strayAttachment}': () => upload(stranger),
      '{group}': freshGroup,
      '{rule}': freshRule,
      '{cell}': () => untouched('cells'),
      '{delivery}': () => untouched('deliveries'),
      '"{ruleIds}"': async () =>
        JSON.stringify(
          (
            await app.db
              .select({ id: assignmentRules.id })
              .from(assignmentRules)
              .orderBy(asc(assignmentRules.position), asc(assignmentRules.createdAt))
          ).map((r) => r.id),
        ),
    };
    for (const [token, make] of Object.entries(makers)) if (text.includes(token)) values.set(token, await make());
    return values;
  }

  async function runCell(row: MatrixRow, role: Role): Promise<number> {
    const bodyText = row.body ? JSON.stringify(row.body) : '';
    const values = await placeholders(row, role, `${row.url} ${bodyText}`);
    const fill = (text: string) =>
      [...values].reduce((result, [token, value]) => result.replaceAll(token, value), text);
    const url = fill(row.url);
    const body = row.body ? (JSON.parse(fill(bodyText)) as Record<string, unknown>) : undefined;
    let request: { payload?: object | Buffer; headers?: Record<string, string> } = body ? { payload: body } : {};
    if (row.upload) {
      const { payload, headers: type } = multipartBody(
        [{ fileName: 'matrix.png', contentType: 'image/png', content: PNG_1X1 }],
        Object.fromEntries(Object.entries(body ?? {}).map(([k, v]) => [k, String(v)])),
      );
      request = { payload, headers: type };
    }
    const response = await app.inject({
      method: row.method,
      url,
      ...request,
      headers: { ...headers.get(role), ...request.headers },
    });
    return response.statusCode;
  }

  it('has rows for every registered route (and no rows for routes that do not exist)', async () => {
    const routes = registeredApiRoutes(app);
    expect(routes).toContain('GET /api/areas/:key/submissions/:id');
    expect(routes).toContain('DELETE /api/role-groups/:id/members/:userId');
    const rows = await loadRows();
    const covered = new Set(rows.map((row) => `${row.method} ${row.route}`));
    expect(
      routes.filter((route) => !covered.has(route)),
      'routes without matrix rows',
    ).toEqual([]);
    expect(
      [...covered].filter((route) => !routes.includes(route)),
      'rows for unknown routes',
    ).toEqual([]);
  });

  it('answers every cell with the expected status', async () => {
    const rows = await loadRows();
    const wrong: string[] = [];
    let cells = 0;
    for (const row of rows) {
      for (const role of ROLES) {
        cells += 1;
        const status = await runCell(row, role);
        const wanted = row.expect[role];
        if (status !== wanted) {
          wrong.push(
            `${row.file}: ${row.method} ${row.url}${row.object ? ` (${row.object})` : ''} as ${role}: ${status}, expected ${wanted}`,
          );
        }
      }
    }
    console.log(`${cells} cells, ${cells - wrong.length} as expected`);
    expect(wrong).toEqual([]);
  });
});
