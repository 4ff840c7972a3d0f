import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../../src/shared/json';
import type { Property } from '../../../../src/shared/me';
import {
  applyPropertyOptions,
  usesPropertyOptions,
  withPropertyOptions,
} from '../../../../src/client/form-engine/property-options';

const PROPERTIES: Property[] = [
  { code: 'P-1001', name: 'Maple Court Apartments', region: 'North', active: true },
  { code: 'P-1002', name: 'Riverside Lofts', region: 'South', active: false },
  { code: 'P-1003', name: 'Oak Park Townhomes', region: 'East', active: true },
];

const schema: JsonObject = {
  type: 'object',
  required: ['property'],
  properties: {
    property: { type: 'string', title: 'Property' },
    invoiceNumber: { type: 'string', title: 'Invoice number' },
    visits: {
      type: 'array',
      items: { type: 'object', properties: { site: { type: 'string', title: 'Site' } } },
    },
  },
};
const uiSchema: JsonObject = {
  property: { 'ui:options': { optionsFrom: 'properties' } },
  invoiceNumber: { 'ui:autofocus': true },
  visits: { items: { site: { 'ui:optionsFrom': 'properties' } } },
};

describe('applyPropertyOptions (optionsFrom: "properties" → enum + ui:enumNames)', () => {
  it('gives the field the active property codes and "code — name" labels', () => {
    const result = applyPropertyOptions(schema, uiSchema, PROPERTIES);
    const properties = result.schema.properties as Record<string, JsonObject>;
    expect(properties.property).toEqual({ type: 'string', title: 'Property', enum: ['P-1001', 'P-1003'] });
    expect((result.uiSchema.property as JsonObject)['ui:enumNames']).toEqual([
      'P-1001 — Maple Court Apartments',
      'P-1003 — Oak Park Townhomes',
    ]);
  });

  it('includes inactive properties for read-only views of stored data', () => {
    const result = applyPropertyOptions(schema, uiSchema, PROPERTIES, { includeInactive: true });
    expect(((result.schema.properties as Record<string, JsonObject>).property as JsonObject).enum).toEqual([
      'P-1001',
      'P-1002',
      'P-1003',
    ]);
  });

  it('reaches fields inside repeating sections', () => {
    const result = applyPropertyOptions(schema, uiSchema, PROPERTIES);
    const visits = (result.schema.properties as Record<string, JsonObject>).visits as JsonObject;
    const site = ((visits.items as JsonObject).properties as Record<string, JsonObject>).site;
    expect(site?.enum).toEqual(['P-1001', 'P-1003']);
    const siteUi = ((result.uiSchema.visits as JsonObject).items as JsonObject).site as JsonObject;
    expect(siteUi['ui:enumNames']).toHaveLength(2);
  });

  it('reaches fields declared in conditional branches (then / dependencies)', () => {
    const conditional: JsonObject = {
      type: 'object',
      properties: { kind: { type: 'string', enum: ['site', 'office'] } },
      if: { properties: { kind: { const: 'site' } } },
      then: { properties: { property: { type: 'string' } } },
      dependencies: { kind: { oneOf: [{ properties: { backup: { type: 'string' } } }] } },
    };
    const ui: JsonObject = {
      property: { 'ui:options': { optionsFrom: 'properties' } },
      backup: { 'ui:options': { optionsFrom: 'properties' } },
    };
    const result = applyPropertyOptions(conditional, ui, PROPERTIES);
    expect(((result.schema.then as JsonObject).properties as Record<string, JsonObject>).property?.enum).toEqual([
      'P-1001',
      'P-1003',
    ]);
    const dependency = ((result.schema.dependencies as JsonObject).kind as JsonObject).oneOf as JsonObject[];
    expect((dependency[0]?.properties as Record<string, JsonObject>).backup?.enum).toEqual(['P-1001', 'P-1003']);
    expect(result.schema.if).toBe(conditional.if);
  });

  it('never mutates its input and keeps untouched branches by identity', () => {
    const before = JSON.stringify({ schema, uiSchema });
    const result = applyPropertyOptions(schema, uiSchema, PROPERTIES);
    expect(JSON.stringify({ schema, uiSchema })).toBe(before);
    expect((result.schema.properties as JsonObject).invoiceNumber).toBe((schema.properties as JsonObject).invoiceNumber);
    expect(result.uiSchema.invoiceNumber).toBe(uiSchema.invoiceNumber);
  });

  it('changes nothing without property fields or without properties', () => {
    const plain: JsonObject = { type: 'object', properties: { a: { type: 'string' } } };
    const none = applyPropertyOptions(plain, {}, PROPERTIES);
    expect(none.schema).toBe(plain);
    const empty = applyPropertyOptions(schema, uiSchema, []);
    expect(empty.schema).toBe(schema);
    expect(empty.uiSchema).toBe(uiSchema);
  });

  it('leaves a non-text field alone even when it asks for properties', () => {
    const numeric: JsonObject = { type: 'object', properties: { n: { type: 'number' } } };
    const result = applyPropertyOptions(numeric, { n: { 'ui:optionsFrom': 'properties' } }, PROPERTIES);
    expect(result.schema).toBe(numeric);
  });
});

describe('withPropertyOptions (memoised)', () => {
  it('returns the very same objects for the same inputs, so ajv compiles once', () => {
    const first = withPropertyOptions(schema, uiSchema, PROPERTIES);
    const second = withPropertyOptions(schema, uiSchema, PROPERTIES);
    expect(second.schema).toBe(first.schema);
    expect(second.uiSchema).toBe(first.uiSchema);
    expect(withPropertyOptions(schema, uiSchema, PROPERTIES, true).schema).not.toBe(first.schema);
  });
});

describe('usesPropertyOptions', () => {
  it('finds property fields at any depth', () => {
    expect(usesPropertyOptions(uiSchema)).toBe(true);
    expect(usesPropertyOptions({ a: { items: { b: { 'ui:options': { optionsFrom: 'properties' } } } } })).toBe(true);
    expect(usesPropertyOptions({ a: { 'ui:widget': 'textarea' } })).toBe(false);
    expect(usesPropertyOptions(undefined)).toBe(false);
  });
});
