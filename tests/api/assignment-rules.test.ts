import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assignmentRules, changes, roleGroups } from '../../src/server/db/schema';
import type { ValidationErrorBody } from '../../src/shared/api-error';
import type {
  AssigneeOptions,
  AssignmentPreview,
  AssignmentRule,
  AssignmentRuleInput,
  SubmissionAssignment,
} from '../../src/shared/assignment';
import type { Profile } from '../../src/shared/me';
import type { Submission } from '../../src/shared/submission';
import { seedAssignmentRules } from '../../src/server/seed/assignments';
import { createTestApp, REAL_SCHEMAS_DIR } from './helpers/app';
import { authHeader } from './helpers/sign-in';
import { realExample } from './helpers/uploads';

const INCIDENT = {
  incidentType: 'Flood',
  occurredAt: '2025-02-02T07:30:00Z',
  property: 'P-1005',
  description: 'Burst pipe in the laundry room.',
};

let app: FastifyInstance;
let groupIds: Map<string, string>;
let maintenanceUserId: string;

beforeAll(async () => {
  app = await createTestApp();
  groupIds = new Map((await app.db.select().from(roleGroups)).map((group) => [group.name, group.id]));
  const me = await app.inject({ url: '/api/me', headers: await authHeader(app, 'maintenance') });
  maintenanceUserId = me.json<Profile>().id;
});
afterAll(() => app.close());

beforeEach(async () => {
  await app.db.delete(assignmentRules);
});

const group = (name: string): string => {
  const id = groupIds.get(name);
  if (!id) throw new Error(`no seeded group ${name}`);
  return id;
};

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  username = 'admin',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: await authHeader(app, username),
  });
}

async function createRule(input: AssignmentRuleInput): Promise<AssignmentRule> {
  const response = await call('POST', '/api/assignment-rules', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AssignmentRule>();
}

async function submitIncident(data: Record<string, string> = {}): Promise<Submission> {
  const response = await call('POST', '/api/areas/IncidentForm/submissions', { ...INCIDENT, ...data }, 'employee');
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Submission>();
}

async function assignmentOf(submission: Submission): Promise<SubmissionAssignment> {
  const response = await call(
    'GET',
    `/api/areas/${submission.area}/submissions/${submission.id}/assignment`,
    undefined,
    'employee',
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SubmissionAssignment>();
}

async function historyOf(entityId: string) {
  return app.db.select().from(changes).where(eq(changes.entityId, entityId)).orderBy(asc(changes.id));
}

async function ruleCount(): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(assignmentRules);
  return row?.n ?? 0;
}

/** Flood at P-1005 → Maintenance, then every incident → Risk & compliance. */
async function createIncidentRules(): Promise<{ flood: AssignmentRule; catchAll: AssignmentRule }> {
  const flood = await createRule({
    name: 'Floods at Lakeview',
    area: 'IncidentForm',
    property: 'P-1005',
    field: { pointer: 'incidentType', value: 'Flood' },
    assigneeGroupId: group('Maintenance'),
  });
  const catchAll = await createRule({
    name: 'All incidents',
    area: 'IncidentForm',
    assigneeGroupId: group('Risk & compliance'),
  });
  return { flood, catchAll };
}

describe('routing a new submission by the assignment rules', () => {
  it('leaves a submission New, with no assignee and no "assigned" change, when no rule matches', async () => {
    await createRule({ name: 'Only AP', area: 'AP', assigneeGroupId: group('Accounting') });
    const submission = await submitIncident();
    expect(submission.status).toBe('New');
    expect(await assignmentOf(submission)).toEqual({
      status: 'New',
      assigneeUser: null,
      assigneeGroup: null,
      rule: null,
    });
    expect((await historyOf(submission.id)).map((c) => c.action)).toEqual(['created']);
  });

  it('assigns by the first matching rule: status Assigned, the group, the rule recorded, one "assigned" change', async () => {
    const { flood } = await createIncidentRules();
    const submission = await submitIncident();
    expect(submission.status).toBe('Assigned');
    expect(await assignmentOf(submission)).toEqual({
      status: 'Assigned',
      assigneeUser: null,
      assigneeGroup: { id: group('Maintenance'), name: 'Maintenance' },
      rule: { id: flood.id, name: 'Floods at Lakeview' },
    });
    const history = await historyOf(submission.id);
    expect(history.map((c) => c.action)).toEqual(['created', 'assigned']);
    // the same { id, name } references as a handler's edit, and no entry for the unset assignee user
    expect(history[1]?.diff).toEqual({
      status: { from: 'New', to: 'Assigned' },
      assigneeGroup: { from: null, to: { id: group('Maintenance'), name: 'Maintenance' } },
      rule: { from: null, to: { id: flood.id, name: 'Floods at Lakeview' } },
    });
  });

  it('applies the property condition: another property falls through to the next rule', async () => {
    const { catchAll } = await createIncidentRules();
    const submission = await submitIncident({ property: 'P-1006' });
    expect((await assignmentOf(submission)).rule?.id).toBe(catchAll.id);
  });

  it('applies the field-value condition: another incident type falls through to the next rule', async () => {
    const { catchAll } = await createIncidentRules();
    const submission = await submitIncident({ incidentType: 'Fire' });
    const assignment = await assignmentOf(submission);
    expect(assignment.rule?.id).toBe(catchAll.id);
    expect(assignment.assigneeGroup?.name).toBe('Risk & compliance');
  });

  it('skips a disabled rule', async () => {
    const { flood, catchAll } = await createIncidentRules();
    const disabled = await call('PUT', `/api/assignment-rules/${flood.id}/enabled`, {
      enabled: false,
      version: flood.version,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<AssignmentRule>()).toMatchObject({ enabled: false, version: flood.version + 1 });
    expect((await assignmentOf(await submitIncident())).rule?.id).toBe(catchAll.id);
  });

  it('assigns to a user (and a group together) when the rule names both', async () => {
    await createRule({
      name: 'Incidents to Morgan',
      area: 'IncidentForm',
      assigneeUserId: maintenanceUserId,
      assigneeGroupId: group('Maintenance'),
    });
    const assignment = await assignmentOf(await submitIncident());
    expect(assignment.assigneeUser).toMatchObject({ id: maintenanceUserId, name: 'Morgan Maintenance' });
    expect(assignment.assigneeGroup?.name).toBe('Maintenance');
  });

  it('does not route a submission of another area', async () => {
    await createIncidentRules();
    const response = await call(
      'POST',
      '/api/areas/AP/submissions',
      {
        vendorName: 'Acme',
        invoiceNumber: 'INV-1',
        invoiceDate: '2025-03-14',
        amount: 10,
        property: 'P-1005',
        lines: [{ glAccount: '6100-010', amount: 10 }],
      },
      'employee',
    );
    expect(response.json<Submission>().status).toBe('New');
  });
});

describe('PUT /api/assignment-rules/order', () => {
  it('reorders in one request, and the new order decides which rule wins', async () => {
    const { flood, catchAll } = await createIncidentRules();
    const response = await call('PUT', '/api/assignment-rules/order', { ids: [catchAll.id, flood.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AssignmentRule[]>().map((r) => [r.name, r.position])).toEqual([
      ['All incidents', 1],
      ['Floods at Lakeview', 2],
    ]);
    const listed = (await call('GET', '/api/assignment-rules')).json<AssignmentRule[]>();
    expect(listed.map((r) => r.id)).toEqual([catchAll.id, flood.id]);
    expect((await assignmentOf(await submitIncident())).rule?.id).toBe(catchAll.id);
    expect((await historyOf(flood.id)).map((c) => c.action)).toEqual(['created', 'reordered']);
  });

  it('answers 412 when the list misses a rule (added meanwhile) and 422 for a repeated id; order unchanged', async () => {
    const { flood, catchAll } = await createIncidentRules();
    const missing = await call('PUT', '/api/assignment-rules/order', { ids: [catchAll.id] });
    expect(missing.statusCode).toBe(412);
    const repeated = await call('PUT', '/api/assignment-rules/order', { ids: [catchAll.id, catchAll.id] });
    expect(repeated.statusCode).toBe(422);
    const listed = (await call('GET', '/api/assignment-rules')).json<AssignmentRule[]>();
    expect(listed.map((r) => r.id)).toEqual([flood.id, catchAll.id]);
  });
});

describe('optimistic concurrency on /api/assignment-rules/:id', () => {
  it('updates with the current version (version + 1, one "updated" change with the diff)', async () => {
    const { flood } = await createIncidentRules();
    const response = await call('PUT', `/api/assignment-rules/${flood.id}`, {
      name: 'Floods anywhere',
      area: 'IncidentForm',
      field: { pointer: '/incidentType', value: 'Flood' },
      assigneeGroupId: group('Maintenance'),
      version: flood.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AssignmentRule>()).toMatchObject({ name: 'Floods anywhere', property: null, version: 2 });
    const history = await historyOf(flood.id);
    expect(history.map((c) => c.action)).toEqual(['created', 'updated']);
    expect(history[1]?.diff).toEqual({
      name: { from: 'Floods at Lakeview', to: 'Floods anywhere' },
      property: { from: 'P-1005', to: null },
    });
  });

  it('writes nothing (no new version, no history) for an update that changes nothing', async () => {
    const { catchAll } = await createIncidentRules();
    const response = await call('PUT', `/api/assignment-rules/${catchAll.id}`, {
      name: 'All incidents',
      area: 'IncidentForm',
      assigneeGroupId: group('Risk & compliance'),
      version: catchAll.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AssignmentRule>().version).toBe(catchAll.version);
    expect((await historyOf(catchAll.id)).map((c) => c.action)).toEqual(['created']);
  });

  it('answers 412 to a stale update, enable or delete and overwrites nothing', async () => {
    const { flood } = await createIncidentRules();
    const first = await call('PUT', `/api/assignment-rules/${flood.id}`, {
      name: 'First writer',
      area: 'IncidentForm',
      assigneeGroupId: group('Maintenance'),
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    const second = await call('PUT', `/api/assignment-rules/${flood.id}`, {
      name: 'Second writer',
      area: 'IncidentForm',
      assigneeGroupId: group('HR'),
      version: 1,
    });
    expect(second.statusCode).toBe(412);
    expect(second.json()).toMatchObject({ error: 'precondition_failed' });
    expect(
      (await call('PUT', `/api/assignment-rules/${flood.id}/enabled`, { enabled: false, version: 1 })).statusCode,
    ).toBe(412);
    expect((await call('DELETE', `/api/assignment-rules/${flood.id}?version=1`)).statusCode).toBe(412);
    const stored = (await call('GET', `/api/assignment-rules/${flood.id}`)).json<AssignmentRule>();
    expect(stored).toMatchObject({ name: 'First writer', enabled: true, version: 2 });
    expect(stored.assigneeGroup?.name).toBe('Maintenance');
    expect((await historyOf(flood.id)).map((c) => c.action)).toEqual(['created', 'updated']);
  });

  it('deletes with the current version; the ticket it assigned keeps its assignee and its history', async () => {
    const { flood } = await createIncidentRules();
    const submission = await submitIncident();
    const response = await call('DELETE', `/api/assignment-rules/${flood.id}?version=${flood.version}`);
    expect(response.statusCode).toBe(204);
    expect((await call('GET', `/api/assignment-rules/${flood.id}`)).statusCode).toBe(404);
    const assignment = await assignmentOf(submission);
    expect(assignment).toMatchObject({ status: 'Assigned', rule: null, assigneeGroup: { name: 'Maintenance' } });
    expect((await historyOf(flood.id)).map((c) => c.action)).toEqual(['created', 'deleted']);
  });
});

describe('POST /api/assignment-rules validation', () => {
  it('answers 422 with one error per faulty field and stores nothing', async () => {
    const response = await call('POST', '/api/assignment-rules', {
      name: ' ',
      area: 'NoSuchArea',
      property: 'P-9999',
      assigneeUserId: '00000000-0000-4000-8000-000000000000',
      assigneeGroupId: 'not-a-uuid',
    });
    expect(response.statusCode).toBe(422);
    const paths = response.json<ValidationErrorBody>().errors.map((e) => e.path);
    expect(paths.sort()).toEqual(['/area', '/assigneeGroupId', '/assigneeUserId', '/name', '/property']);
    expect(await ruleCount()).toBe(0);
  });

  it('rejects a field the area does not have, an empty value, a missing assignee and a duplicate name', async () => {
    await createRule({ name: 'Taken', area: 'AP', assigneeGroupId: group('Accounting') });
    const response = await call('POST', '/api/assignment-rules', {
      name: 'Taken',
      area: 'IncidentForm',
      field: { pointer: 'vendorName', value: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ValidationErrorBody>().errors).toEqual([
      { path: '/name', message: 'is already used by another rule' },
      { path: '/field/pointer', message: 'must name a field of the IncidentForm form' },
      { path: '/field/value', message: 'is required when a field is chosen' },
      { path: '/assigneeGroupId', message: 'choose an assignee user, a role group, or both' },
    ]);
    expect(await ruleCount()).toBe(1);
  });

  it('answers 400 for a body of the wrong shape', async () => {
    const response = await call('POST', '/api/assignment-rules', { name: 'x', area: 'AP', field: 'Flood' });
    expect(response.statusCode).toBe(400);
  });
});

describe('preview: which recent submissions a rule would match', () => {
  it('lists the matching submissions of a stored rule and of an unsaved one', async () => {
    const flood = await submitIncident();
    const fire = await submitIncident({ incidentType: 'Fire' });
    const { flood: rule } = await createIncidentRules();
    const stored = await call('GET', `/api/assignment-rules/${rule.id}/preview`);
    expect(stored.statusCode, stored.body).toBe(200);
    const preview = stored.json<AssignmentPreview>();
    const ids = preview.matches.map((m) => m.id);
    expect(ids).toContain(flood.id);
    expect(ids).not.toContain(fire.id);
    expect(preview.examined).toBeGreaterThanOrEqual(2);

    const unsaved = await call('POST', '/api/assignment-rules/preview', {
      name: '',
      area: 'IncidentForm',
      field: { pointer: 'incidentType', value: 'fire' },
    });
    expect(unsaved.statusCode, unsaved.body).toBe(200);
    const unsavedIds = unsaved.json<AssignmentPreview>().matches.map((m) => m.id);
    expect(unsavedIds).toContain(fire.id);
    expect(unsavedIds).not.toContain(flood.id);
  });

  it('answers 422 for an unsaved rule of an unknown area', async () => {
    const response = await call('POST', '/api/assignment-rules/preview', { name: '', area: 'Nope' });
    expect(response.statusCode).toBe(422);
    expect(response.json<ValidationErrorBody>().errors).toEqual([
      { path: '/area', message: 'must be an existing form area' },
    ]);
  });
});

describe('who may manage assignment rules', () => {
  it('answers 403 to users without assignments:manage on every route, 401 without a token', async () => {
    const { flood } = await createIncidentRules();
    const attempts: Array<[Parameters<typeof call>[0], string, unknown?]> = [
      ['GET', '/api/assignment-rules'],
      ['GET', '/api/assignment-rules/assignees'],
      ['GET', `/api/assignment-rules/${flood.id}`],
      ['GET', `/api/assignment-rules/${flood.id}/preview`],
      ['POST', '/api/assignment-rules', { name: 'Mine', area: 'AP', assigneeGroupId: group('HR') }],
      ['POST', '/api/assignment-rules/preview', { name: '', area: 'AP' }],
      [
        'PUT',
        `/api/assignment-rules/${flood.id}`,
        { name: 'Mine', area: 'AP', assigneeGroupId: group('HR'), version: 1 },
      ],
      ['PUT', `/api/assignment-rules/${flood.id}/enabled`, { enabled: false, version: 1 }],
      ['PUT', '/api/assignment-rules/order', { ids: [flood.id] }],
      ['DELETE', `/api/assignment-rules/${flood.id}?version=1`],
    ];
    for (const [method, url, payload] of attempts) {
      for (const username of ['employee', 'maintenance']) {
        const response = await call(method, url, payload, username);
        expect(response.statusCode, `${username} ${method} ${url}`).toBe(403);
      }
      expect((await app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    const stored = await app.db
      .select()
      .from(assignmentRules)
      .where(and(eq(assignmentRules.id, flood.id)));
    expect(stored[0]).toMatchObject({ name: 'Floods at Lakeview', version: 1, enabled: true });
  });

  it('lists the users and role groups a rule may assign to', async () => {
    const options = (await call('GET', '/api/assignment-rules/assignees')).json<AssigneeOptions>();
    expect(options.groups.map((g) => g.name)).toContain('Maintenance');
    expect(options.users.map((u) => u.name)).toContain('Morgan Maintenance');
  });

  it('hides the assignment of a submission the caller may not read (404)', async () => {
    const submission = await submitIncident();
    const response = await call(
      'GET',
      `/api/areas/IncidentForm/submissions/${submission.id}/assignment`,
      undefined,
      'it',
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('the seeded demo rules (real schemas)', () => {
  let real: FastifyInstance;
  beforeAll(async () => {
    real = await createTestApp({ schemasDir: REAL_SCHEMAS_DIR });
  });
  afterAll(() => real.close());

  it('route a resident service request to Maintenance and a water-leak incident report before the catch-all', async () => {
    const listed = await real.inject({ url: '/api/assignment-rules', headers: await authHeader(real, 'admin') });
    const names = listed.json<AssignmentRule[]>().map((rule) => rule.name);
    expect(names.indexOf('Water-leak incident reports → Maintenance')).toBeLessThan(
      names.indexOf('Incident reports → Risk & compliance'),
    );
    const response = await real.inject({
      method: 'POST',
      url: '/api/areas/ResidentService/submissions',
      payload: await realExample(real, 'ResidentService'),
      headers: await authHeader(real, 'employee'),
    });
    expect(response.statusCode, response.body).toBe(201);
    const submission = response.json<Submission>();
    const assignment = await real.inject({
      url: `/api/areas/ResidentService/submissions/${submission.id}/assignment`,
      headers: await authHeader(real, 'employee'),
    });
    expect(assignment.json<SubmissionAssignment>()).toMatchObject({
      status: 'Assigned',
      assigneeGroup: { name: 'Maintenance' },
      rule: { name: 'Resident service requests → Maintenance' },
    });
  });
});

describe('seeding the demo rules', () => {
  it('does not bring back a seeded rule an administrator deleted (seeding runs only before any rule was written)', async () => {
    const real = await createTestApp({ schemasDir: REAL_SCHEMAS_DIR });
    try {
      const headers = await authHeader(real, 'admin');
      const rules = (await real.inject({ url: '/api/assignment-rules', headers })).json<AssignmentRule[]>();
      const first = rules[0];
      if (!first) throw new Error('no seeded rule');
      const deleted = await real.inject({
        method: 'DELETE',
        url: `/api/assignment-rules/${first.id}?version=${first.version}`,
        headers,
      });
      expect(deleted.statusCode).toBe(204);
      await seedAssignmentRules(
        real.db,
        real.areas.list.map((area) => area.definition),
      );
      const after = (await real.inject({ url: '/api/assignment-rules', headers })).json<AssignmentRule[]>();
      expect(after.map((rule) => rule.name)).toEqual(rules.slice(1).map((rule) => rule.name));
    } finally {
      await real.close();
    }
  });
});
