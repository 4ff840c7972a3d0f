/**
 * The browser validates with the precompiled validator module of the form's schema (rjsf's
 * `createPrecompiledValidator`, src/client/form-engine/validator.ts); the server validates every
 * submission with ajv compiled in the server (src/server/domains/areas/validation.ts). For every
 * area in schemas/ and every area of the good rjsf corpus, its example and broken variants of it
 * (a required field removed, a wrong type, a pattern, enum or format violated, an unknown field, a
 * required field of a row removed) get the same errors on both sides (instance path, keyword,
 * schema path, params, message) and the errors the form shows are on the fields the server's 422
 * names. The form also renders (with the property selects of the create page) and resolves its
 * conditions without asking for a subschema the module lacks.
 */
import Form, { getDefaultRegistry } from '@rjsf/core';
import { createSchemaUtils, type RJSFSchema, type RegistryWidgetsType, type UiSchema } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { transformErrors } from '../../../../src/client/form-engine/error-messages';
import { withPropertyOptions } from '../../../../src/client/form-engine/property-options';
import { createWidgets } from '../../../../src/client/form-engine/widgets';
import { createFormAjv } from '../../../../src/server/domains/areas/validation';
import { toFieldErrors } from '../../../../src/shared/form-validation';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../../src/shared/json';
import type { Property } from '../../../../src/shared/me';
import { precompiledValidator } from './support/precompiled-validator';

const ROOT = join(import.meta.dirname, '../../../..');
const PROPERTIES: Property[] = [
  { code: 'P-1001', name: 'Maple Court Apartments', region: 'North', active: true },
  { code: 'P-1002', name: 'Riverside Lofts', region: 'South', active: true },
  { code: 'P-1003', name: 'Oak Park Townhomes', region: 'East', active: true },
];
// the rich-text widget reads stored HTML with the browser's DOMParser, which node lacks
const textarea = getDefaultRegistry().widgets.TextareaWidget;
if (!textarea) throw new Error('rjsf has no TextareaWidget');
const WIDGETS: RegistryWidgetsType = { ...createWidgets(), richText: textarea };

type Area = { name: string; schema: JsonObject; uiSchema: JsonObject; example: JsonValue | undefined };

function readAreas(dir: string, label: string): Area[] {
  const read = (folder: string, file: string): JsonValue | undefined => {
    try {
      return JSON.parse(readFileSync(join(dir, folder, file), 'utf8')) as JsonValue;
    } catch {
      return undefined;
    }
  };
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((folder) => {
      const ui = read(folder, 'ui.json');
      return {
        name: `${label} ${folder}`,
        schema: read(folder, 'schema.json') as JsonObject,
        uiSchema: isJsonObject(ui) ? ui : {},
        example: read(folder, 'example.json'),
      };
    });
}

const AREAS = [
  ...readAreas(join(ROOT, 'schemas'), 'schemas/'),
  ...readAreas(join(ROOT, 'tests/fixtures/rjsf-corpus/good'), 'corpus'),
];

/** The field schemas of `schema`'s own `properties` (no `$ref` followed: variants stay simple). */
function fieldsOf(schema: JsonObject): [string, JsonObject][] {
  return isJsonObject(schema.properties)
    ? Object.entries(schema.properties).flatMap(([name, field]) =>
        isJsonObject(field) ? [[name, field] as [string, JsonObject]] : [],
      )
    : [];
}

const isType = (field: JsonObject, type: string) =>
  field.type === type || (Array.isArray(field.type) && field.type.includes(type));

/** Broken variants of `example` (an object), each named; only those the schema's shape allows. */
function variantsOf(schema: JsonObject, example: JsonObject): [string, JsonValue][] {
  const fields = fieldsOf(schema);
  const variants: [string, JsonValue][] = [];
  const required = Array.isArray(schema.required)
    ? schema.required.filter((name) => typeof name === 'string' && name in example)
    : [];
  if (typeof required[0] === 'string') {
    const rest = { ...example };
    delete rest[required[0]];
    variants.push([`required "${required[0]}" removed`, rest]);
  }
  const text = fields.find(([name, field]) => name in example && isType(field, 'string') && !isType(field, 'number'));
  if (text) variants.push([`"${text[0]}" a number`, { ...example, [text[0]]: 12345 }]);
  const number = fields.find(([, field]) => isType(field, 'number') || isType(field, 'integer'));
  if (number) variants.push([`"${number[0]}" a word`, { ...example, [number[0]]: 'many' }]);
  const patterned = fields.find(([, field]) => typeof field.pattern === 'string');
  if (patterned) variants.push([`"${patterned[0]}" against its pattern`, { ...example, [patterned[0]]: '#!? ' }]);
  const listed = fields.find(([, field]) => Array.isArray(field.enum));
  if (listed) variants.push([`"${listed[0]}" not an option`, { ...example, [listed[0]]: 'not-an-option' }]);
  const formatted = fields.find(([, field]) => typeof field.format === 'string' && isType(field, 'string'));
  if (formatted)
    variants.push([`"${formatted[0]}" against its format`, { ...example, [formatted[0]]: '2025-13-45T99' }]);
  variants.push(['an unknown field', { ...example, zzUnknownField: 1 }]);
  variants.push(['a list instead of the form', []]);
  const rows = fields.find(
    ([name, field]) => Array.isArray(example[name]) && isJsonObject(field.items) && Array.isArray(field.items.required),
  );
  if (rows) {
    const [name, field] = rows;
    const list = example[name] as JsonValue[];
    const first = list[0];
    const rowRequired = ((field.items as JsonObject).required as JsonValue[]).find(
      (key) => typeof key === 'string' && isJsonObject(first) && key in first,
    );
    if (isJsonObject(first) && typeof rowRequired === 'string') {
      const row = { ...first };
      delete row[rowRequired];
      variants.push([`"${name}/0/${rowRequired}" removed`, { ...example, [name]: [row, ...list.slice(1)] }]);
    }
  }
  return variants;
}

/** An ajv error as both sides must agree on it. */
const describeError = (error: ErrorObject) =>
  `${error.instancePath} ${error.keyword} ${error.schemaPath} ${JSON.stringify(error.params)} ${error.message ?? ''}`;

/** rjsf's dotted property (`.lines.0.amount`) as a JSON Pointer. */
const toPointer = (property: string | undefined) =>
  (property ?? '')
    .split('.')
    .filter((token) => token !== '')
    .map((token) => `/${token}`)
    .join('');

let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
});
afterEach(() => vi.restoreAllMocks());

describe('precompiled validator (browser) and ajv (server) agree', () => {
  it.each(AREAS.map((area) => [area.name, area] as const))('%s', (_name, area) => {
    const server = createFormAjv().compile(area.schema);
    const client = precompiledValidator(area.schema);
    const cases: [string, JsonValue | undefined][] = [['the example', area.example]];
    if (isJsonObject(area.example)) cases.push(...variantsOf(area.schema, area.example));
    let refused = 0;
    for (const [label, data] of cases) {
      const serverValid = server(data);
      const serverErrors = serverValid ? [] : [...(server.errors ?? [])];
      const raw = client.rawValidation<ErrorObject>(area.schema, data as Record<string, unknown>);
      expect((raw.errors ?? []).map(describeError), label).toEqual(serverErrors.map(describeError));
      if (label !== 'the example' && serverErrors.length) refused += 1;
      // What the form shows: an error on every field the server's 422 names (an unknown field on the form itself).
      const shown = client.validateFormData(data as Record<string, unknown>, area.schema, undefined, transformErrors);
      const shownPaths = new Set(shown.errors.map((error) => toPointer(error.property)));
      for (const error of serverErrors) {
        if (error.keyword === 'if') continue;
        const [field] = toFieldErrors([error]);
        const path = error.keyword === 'additionalProperties' ? error.instancePath : field?.path;
        expect(shownPaths.has(path ?? ''), `${label}: ${path} ${field?.message}`).toBe(true);
      }
    }
    if (isJsonObject(area.example)) expect(refused).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
  });
});

describe('the form with its precompiled validator resolves every condition', () => {
  it.each(AREAS.map((area) => [area.name, area] as const))('%s', (_name, area) => {
    const validator = precompiledValidator(area.schema);
    // the create page's schema: property fields turned into selects of property codes
    const rendered = withPropertyOptions(area.schema, area.uiSchema, PROPERTIES);
    const cases: (JsonValue | undefined)[] = [undefined, area.example];
    if (isJsonObject(area.example)) cases.push(...variantsOf(area.schema, area.example).map(([, data]) => data));
    const utils = createSchemaUtils(validator, rendered.schema as RJSFSchema);
    for (const data of cases) {
      const formData = data as Record<string, unknown> | undefined;
      renderToStaticMarkup(
        <Form
          schema={rendered.schema}
          uiSchema={rendered.uiSchema as UiSchema}
          validator={validator}
          widgets={WIDGETS}
          formData={formData}
        />,
      );
      // what a submit runs: omitting the fields of branches not taken, then validating
      const kept = utils.omitExtraData(rendered.schema, formData);
      validator.validateFormData(kept, utils.retrieveSchema(rendered.schema, kept), undefined, transformErrors);
    }
    expect(consoleErrors.filter((args) => String(args[0]).includes('validator'))).toEqual([]);
  });
});

describe('property selects inside conditional parts', () => {
  const schema: JsonObject = {
    type: 'object',
    properties: { kind: { type: 'string', title: 'Kind', enum: ['site', 'none'] } },
    dependencies: {
      kind: {
        oneOf: [
          { properties: { kind: { const: 'site' }, site: { type: 'string', title: 'Site' } }, required: ['site'] },
          { properties: { kind: { const: 'none' } } },
        ],
      },
    },
  };
  const uiSchema: JsonObject = { site: { 'ui:options': { optionsFrom: 'properties' } } };

  it('are matched to the area’s own subschemas, whose functions the module holds', () => {
    const validator = precompiledValidator(schema);
    const rendered = withPropertyOptions(schema, uiSchema, PROPERTIES);
    expect(rendered.schema).not.toBe(schema); // the option holding `site` is a copy with the property codes
    const utils = createSchemaUtils(validator, rendered.schema as RJSFSchema);
    const data = { kind: 'site', site: 'P-1002' };
    renderToStaticMarkup(
      <Form
        schema={rendered.schema}
        uiSchema={rendered.uiSchema as UiSchema}
        validator={validator}
        widgets={WIDGETS}
        formData={data}
      />,
    );
    expect(utils.omitExtraData(rendered.schema as RJSFSchema, data)).toEqual(data);
    expect(
      validator.validateFormData({ kind: 'site' }, rendered.schema as RJSFSchema).errors.map((error) => error.name),
    ).toContain('required');
    expect(consoleErrors).toEqual([]);
  });
});
