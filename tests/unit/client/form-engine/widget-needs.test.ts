import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { widgetModulesFor } from '../../../../src/client/form-engine/widget-needs';
import type { JsonObject } from '../../../../src/shared/json';

const editable = { readonly: false };
const object = (properties: JsonObject, extra: JsonObject = {}): JsonObject => ({
  type: 'object',
  properties,
  ...extra,
});
const needs = (schema: JsonObject, uiSchema: JsonObject = {}, options = editable) =>
  widgetModulesFor(schema, uiSchema, options);

describe('widgetModulesFor', () => {
  it('asks for nothing for text, number, checkbox, radio and checkboxes fields', () => {
    const schema = object({
      name: { type: 'string' },
      count: { type: 'integer' },
      ok: { type: 'boolean' },
      kind: { type: 'string', enum: ['a', 'b'] },
      tags: { type: 'array', uniqueItems: true, items: { type: 'string', enum: ['x', 'y'] } },
      notes: { type: 'string' },
    });
    const uiSchema = {
      kind: { 'ui:widget': 'radio' },
      tags: { 'ui:widget': 'checkboxes' },
      notes: { 'ui:widget': 'textarea' },
    };
    expect(needs(schema, uiSchema)).toEqual([]);
  });

  it('asks for the select for an enum, a multi-select array, constants and the choice of a oneOf', () => {
    expect(needs(object({ kind: { type: 'string', enum: ['a', 'b'] } }))).toEqual(['select']);
    expect(needs(object({ tags: { type: 'array', items: { type: 'string', enum: ['x'] } } }))).toEqual(['select']);
    expect(needs(object({ size: { type: 'string', oneOf: [{ const: 's' }, { const: 'm' }] } }))).toEqual(['select']);
    const choice = object({
      contact: {
        type: 'object',
        oneOf: [object({ email: { type: 'string' } }), object({ phone: { type: 'string' } })],
      },
    });
    expect(needs(choice)).toEqual(['select']);
    expect(needs(object({ ok: { type: 'boolean' } }), { ok: { 'ui:widget': 'select' } })).toEqual(['select']);
  });

  it('asks for the select for a field whose options come from an API list', () => {
    expect(
      needs(object({ group: { type: 'string' } }), { group: { 'ui:options': { optionsFrom: 'roleGroups' } } }),
    ).toEqual(['select']);
    expect(
      needs(object({ property: { type: 'string' } }), { property: { 'ui:options': { optionsFrom: 'properties' } } }),
    ).toEqual(['select']);
  });

  it('asks for the date pickers for date, time and date-time formats and the date and time widgets', () => {
    for (const format of ['date', 'time', 'date-time']) {
      expect(needs(object({ at: { type: 'string', format } }))).toEqual(['datePicker']);
    }
    expect(needs(object({ at: { type: 'string' } }), { at: { 'ui:widget': 'time' } })).toEqual(['datePicker']);
    expect(needs(object({ at: { type: 'string', format: 'date' } }), { at: { 'ui:widget': 'text' } })).toEqual([]);
    expect(needs(object({ mail: { type: 'string', format: 'email' } }))).toEqual([]);
  });

  it('asks for the rich-text editor only for an editable form', () => {
    const schema = object({ notes: { type: 'string' } });
    const uiSchema = { notes: { 'ui:widget': 'richText' } };
    expect(needs(schema, uiSchema)).toEqual(['richTextEditor']);
    expect(needs(schema, uiSchema, { readonly: true })).toEqual([]);
  });

  it('asks for the help tooltip when a field has a help text', () => {
    expect(needs(object({ a: { type: 'string' } }), { a: { 'ui:help': 'Say more' } })).toEqual(['helpTooltip']);
    expect(needs(object({ a: { type: 'string' } }), { a: { 'ui:options': { help: 'Say more' } } })).toEqual([
      'helpTooltip',
    ]);
    expect(needs(object({ a: { type: 'string' } }), { a: { 'ui:help': '' } })).toEqual([]);
  });

  it('finds fields in $refs, rows of repeating sections, then-branches and dependencies, not in if', () => {
    const schema: JsonObject = {
      ...object({
        home: { $ref: '#/definitions/address' },
        rows: { type: 'array', items: object({ day: { type: 'string', format: 'date' } }) },
        flag: { type: 'boolean' },
      }),
      definitions: { address: object({ city: { type: 'string' }, notes: { type: 'string' } }) },
      if: object({ flag: { const: true } }),
      then: object({ level: { type: 'string', enum: ['low', 'high'] } }),
      dependencies: { flag: object({ help: { type: 'string' } }) },
    };
    const uiSchema = { home: { notes: { 'ui:widget': 'richText' } }, help: { 'ui:help': 'Explain' } };
    expect(needs(schema, uiSchema)).toEqual(['richTextEditor', 'select', 'datePicker', 'helpTooltip']);
    expect(needs({ ...object({ flag: { type: 'boolean' } }), if: object({ flag: { enum: [true] } }) })).toEqual([]);
  });

  it('ends on a schema that refers to itself', () => {
    const schema: JsonObject = {
      ...object({ children: { type: 'array', items: { $ref: '#' } }, on: { type: 'string', format: 'date' } }),
    };
    expect(needs(schema)).toEqual(['datePicker']);
  });

  it('reads the areas as the size check does: Uniform needs no editor, AP no tooltip', () => {
    const area = (name: string, file: string) =>
      JSON.parse(readFileSync(join(import.meta.dirname, '../../../../schemas', name, file), 'utf8')) as JsonObject;
    expect(needs(area('Uniform', 'schema.json'), area('Uniform', 'ui.json'))).toEqual([
      'select',
      'datePicker',
      'helpTooltip',
    ]);
    expect(needs(area('AP', 'schema.json'), area('AP', 'ui.json'))).toEqual(['richTextEditor', 'select', 'datePicker']);
  });
});
