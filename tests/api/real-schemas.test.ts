import { approvalConditionHolds } from '../../src/shared/approvals';
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaDefinition, AreaSummary } from '../../src/shared/area';
import type { ValidationErrorBody } from '../../src/shared/api-error';
import type { JsonObject } from '../../src/shared/json';
import { escapePointerToken } from '../../src/shared/form-validation';
import { discoverAreas } from '../../src/server/domains/areas/discovery';
import type { Area } from '../../src/server/domains/areas/registry';
import { createTestApp, REAL_SCHEMAS_DIR } from './helpers/app';
import { countSubmissions, omit } from './helpers/data';
import { authHeader } from './helpers/sign-in';
import { forceStatus } from './helpers/tickets';
import { realExample, withUploads } from './helpers/uploads';

const hasSchemas = existsSync(REAL_SCHEMAS_DIR);
const areas: Area[] = hasSchemas ? await discoverAreas(REAL_SCHEMAS_DIR) : [];

/** An invalid variant of an example: its first required field removed. */
function withoutFirstRequired(area: Area): { data: JsonObject; path: string } {
  const required = area.definition.schema.required;
  const field = Array.isArray(required) && typeof required[0] === 'string' ? required[0] : null;
  if (!field || !area.example) throw new Error(`${area.definition.key} has no required field or no example`);
  return { data: omit(area.example, field), path: `/${escapePointerToken(field)}` };
}

describe.skipIf(!hasSchemas)('the real schemas/ folder', () => {
  let app: FastifyInstance;
  let incidentId: string;
  let resolvedNumber = '';
  beforeAll(async () => {
    app = await createTestApp({ schemasDir: REAL_SCHEMAS_DIR });
    const incident = areas.find((area) => area.definition.key === 'IncidentForm');
    const response = await app.inject({
      method: 'POST',
      url: '/api/areas/IncidentForm/submissions',
      payload: await withUploads(app, incident?.example ?? {}, incident?.definition.uiSchema ?? {}),
      headers: await authHeader(app, 'employee'),
    });
    expect(response.statusCode, response.body).toBe(201);
    incidentId = response.json<{ id: string }>().id;
    // A feedback area (area.json `ratesTicket`) rates one of the submitter's Resolved tickets.
    const service = await app.inject({
      method: 'POST',
      url: '/api/areas/ResidentService/submissions',
      payload: await realExample(app, 'ResidentService'),
      headers: await authHeader(app, 'employee'),
    });
    expect(service.statusCode, service.body).toBe(201);
    const ticket = service.json<{ id: string; number: string }>();
    await forceStatus(app, ticket.id, 'Resolved');
    resolvedNumber = ticket.number;
  });
  afterAll(() => app?.close());

  /**
   * The example with its files uploaded first, and a feedback area's ticket field naming a ticket
   * it may rate (each only once).
   */
  const rated = new Set<string>();
  const payloadOf = async (area: Area): Promise<JsonObject> => {
    const link = area.definition.ratesTicket;
    const example = await withUploads(app, area.example ?? {}, area.definition.uiSchema);
    if (!link || rated.has(area.definition.key)) return example;
    rated.add(area.definition.key);
    return { ...example, [link.ticketField]: resolvedNumber };
  };

  const urlOf = (area: Area) =>
    `/api/areas/${area.definition.key}/submissions${area.definition.parent ? `?parentId=${incidentId}` : ''}`;

  it('has the 27 form areas of schemas/, each with an example', async () => {
    const response = await app.inject({ url: '/api/areas', headers: await authHeader(app, 'employee') });
    const keys = response
      .json<AreaSummary[]>()
      .map((a) => a.key)
      .sort();
    expect(keys).toEqual(
      [
        '504Request',
        'AP',
        'Compliance',
        'CorporateMaintenance',
        'Deposits',
        'EmployeeInjury',
        'IceRemoval',
        'IncidentFollowUp',
        'IncidentForm',
        'IncidentReport',
        'InsuranceClaim',
        'Marketing',
        'MonthsEnd',
        'PortalFeedback',
        'PreventativeMaintenance',
        'Reclass',
        'ResidentService',
        'ResidentSupport',
        'TechnologyRequest',
        'TicketFeedback',
        'Training',
        'Uniform',
        'Vendor',
        'Walkabout',
        'WriteOffs',
        'Yardi',
        'YardiTrainingBossTeam',
      ].sort(),
    );
    expect(areas.filter((a) => !a.example).map((a) => a.definition.key)).toEqual([]);
  });

  it.each(areas.map((area) => [area.definition.key, area] as const))(
    '%s: accepts its example.json (201)',
    async (_key, area) => {
      const payload = await payloadOf(area);
      const response = await app.inject({
        method: 'POST',
        url: urlOf(area),
        payload,
        headers: await authHeader(app, 'employee'),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        area: area.definition.key,
        // New, or Assigned where a seeded assignment rule routes it (src/server/seed/assignments.ts),
        // or Waiting for approval where a step of area.json "approvals" applies.
        status: (area.definition.approvals ?? []).some((step) => approvalConditionHolds(step.when, payload))
          ? 'Waiting for approval'
          : (expect.stringMatching(/^(New|Assigned)$/) as string),
        data: payload,
        schemaVersion: area.definition.version,
      });
      const definition = (
        await app.inject({ url: `/api/areas/${area.definition.key}`, headers: await authHeader(app, 'employee') })
      ).json<AreaDefinition>();
      expect(definition.schema).toEqual(area.definition.schema);
    },
  );

  it.each(areas.map((area) => [area.definition.key, area] as const))(
    '%s: rejects an invalid variant (422, that field named, nothing stored)',
    async (key, area) => {
      const before = await countSubmissions(app, key);
      const { data, path } = withoutFirstRequired(area);
      const response = await app.inject({
        method: 'POST',
        url: urlOf(area),
        payload: data,
        headers: await authHeader(app, 'employee'),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<ValidationErrorBody>().errors).toContainEqual({ path, message: 'is required' });
      expect(await countSubmissions(app, key)).toBe(before);
    },
  );

  it('checks every property picker of a form, not only the ticket property (Reclass toProperty)', async () => {
    const reclass = areas.find((area) => area.definition.key === 'Reclass');
    if (!reclass?.example) throw new Error('Reclass example missing');
    const before = await countSubmissions(app, 'Reclass');
    const data = { ...reclass.example, reclassType: 'Wrong property', toProperty: 'P-9999' };
    const response = await app.inject({
      method: 'POST',
      url: urlOf(reclass),
      payload: data,
      headers: await authHeader(app, 'employee'),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<ValidationErrorBody>().errors).toEqual([
      { path: '/toProperty', message: 'must be an existing, active property' },
    ]);
    expect(await countSubmissions(app, 'Reclass')).toBe(before);

    const valid = await app.inject({
      method: 'POST',
      url: urlOf(reclass),
      payload: { ...data, toProperty: 'P-1002' },
      headers: await authHeader(app, 'employee'),
    });
    expect(valid.statusCode, valid.body).toBe(201);
    expect(valid.json<{ property: string }>().property).toBe(reclass.example.property);
  });
});
