import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaDefinition, AreaSummary } from '../../src/shared/area';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';

describe('GET /api/areas and /api/areas/:key (fixture schemas)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const get = async (url: string) => app.inject({ url, headers: await authHeader(app, 'employee') });

  it('lists every area folder with key, title, group, description and parent, in title order', async () => {
    const response = await get('/api/areas');
    expect(response.statusCode).toBe(200);
    expect(response.json<AreaSummary[]>()).toEqual([
      { key: 'AP', title: 'Accounts payable', group: 'Accounting', description: 'Invoice for payment (test fixture).' },
      {
        key: 'IncidentFollowUp',
        title: 'Incident follow-up',
        group: 'Risk & compliance',
        description: '',
        parent: 'IncidentForm',
      },
      {
        key: 'IncidentForm',
        title: 'Incident form',
        group: 'Risk & compliance',
        description: 'Incident intake (test fixture).',
      },
    ]);
  });

  it('describes one area with its JSON Schema, UI schema, columns, property field and version', async () => {
    const response = await get('/api/areas/AP');
    expect(response.statusCode).toBe(200);
    const area = response.json<AreaDefinition>();
    expect(area).toMatchObject({
      key: 'AP',
      version: 2,
      listColumns: ['vendorName', 'invoiceNumber', 'amount', 'property'],
      summaryField: 'vendorName',
      propertyField: 'property',
      handlers: ['Accounting'],
    });
    expect(area.schema).toMatchObject({ type: 'object', required: expect.arrayContaining(['vendorName']) as string[] });
    expect(area.uiSchema).toEqual({
      property: { 'ui:options': { optionsFrom: 'properties' } },
      notes: { 'ui:widget': 'richText' },
    });
  });

  it('fills defaults for what area.json leaves out: first four scalar columns, no property field without the UI option', async () => {
    const area = (await get('/api/areas/IncidentFollowUp')).json<AreaDefinition>();
    expect(area).toMatchObject({ version: 1, listColumns: ['action', 'dueDate', 'done'], parent: 'IncidentForm' });
    expect(area.propertyField).toBeUndefined();
  });

  it('answers 404 not_found for an unknown area', async () => {
    const response = await get('/api/areas/Nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'not_found', message: 'There is no form area "Nope".' });
  });

  it('lists the 24 seeded active properties by code', async () => {
    const response = await get('/api/properties');
    expect(response.statusCode).toBe(200);
    const properties = response.json<{ code: string; name: string; region: string; active: boolean }[]>();
    expect(properties).toHaveLength(24);
    expect(properties.map((p) => p.code)).toEqual(Array.from({ length: 24 }, (_, i) => `P-${1001 + i}`));
    expect(properties[0]).toEqual({ code: 'P-1001', name: 'Maple Court Apartments', region: 'North', active: true });
  });
});
