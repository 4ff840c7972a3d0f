import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { approvalConditionHolds, type ApprovalStepDeclaration } from '../../src/shared/approvals';
import type { AreaManifest } from '../../src/shared/area';
import { checkAreaRules, describeRuleProblems, type AreaRule } from '../../src/shared/area-rules';
import type { JsonObject as SharedJsonObject } from '../../src/shared/json';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Schema = {
  type?: string;
  title?: string;
  description?: string;
  enum?: Json[];
  const?: Json;
  format?: string;
  pattern?: string;
  maxLength?: number;
  minLength?: number;
  multipleOf?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  contains?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  allOf?: Schema[];
  if?: Schema;
  then?: Schema;
  else?: Schema;
  [keyword: string]: unknown;
};
type Area = {
  key: string;
  title: string;
  group: string;
  description: string;
  version: number;
  listColumns: string[];
  summaryField: string;
  handlers: string[];
  parent?: string;
  rules?: AreaRule[];
  approvals?: ApprovalStepDeclaration[];
  ratesTicket?: { ticketField: string; ratingField?: string; reopenField?: string; reopenReasonField?: string };
};
type UiSchema = { [key: string]: unknown };

const SCHEMAS_DIR = new URL('../../schemas/', import.meta.url);

const EXPECTED_KEYS = [
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
];
const AREA_FILES = ['area.json', 'example.json', 'schema.json', 'ui.json'];
const GROUPS = [
  'Accounting',
  'Risk & compliance',
  'Facilities',
  'HR',
  'Maintenance',
  'Marketing',
  'Portal',
  'Resident relations',
  'IT',
];
const PARENTS: Record<string, string> = { IncidentFollowUp: 'IncidentForm', InsuranceClaim: 'IncidentForm' };
const ALLOWED_WIDGETS = new Set([
  'text',
  'textarea',
  'password',
  'email',
  'uri',
  'date',
  'datetime',
  'time',
  'updown',
  'range',
  'radio',
  'select',
  'checkbox',
  'checkboxes',
  'hidden',
  'color',
  'file',
  'richText',
  'attachments',
]);
const LONG_TEXT_MAX = 10000;
const PROPERTY_CODE = /^P-10(0[1-9]|1[0-9]|2[0-4])$/;
const PROPERTY_FIELD = { type: 'string', title: 'Property', minLength: 1, maxLength: 20 };
const DATE = /^\d{4}-\d{2}-\d{2}(T|$)/;

/**
 * Ajv as the server should configure it. `multipleOfPrecision` is load-bearing: without it ajv computes
 * 19.99 / 0.01 = 1998.9999999999998 and rejects most cent amounts against `multipleOf: 0.01`.
 * rjsf's validator-ajv8 uses 8 by default, so the server must use the same.
 */
function createAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true, multipleOfPrecision: 8 });
  addFormats(ajv);
  return ajv;
}

function readJson<T>(key: string, file: string): T {
  const text = readFileSync(new URL(`${key}/${file}`, SCHEMAS_DIR), 'utf8');
  expect(text.endsWith('\n'), `${key}/${file} ends with a newline`).toBe(true);
  const badIndent = text.split('\n').filter((line) => /^( {2})* ?\t|^( {2})* [^ ]/.test(line));
  expect(badIndent, `${key}/${file} uses 2-space indentation`).toEqual([]);
  return JSON.parse(text) as T;
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

function missing(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? [])
    .filter((e) => e.keyword === 'required')
    .map((e) => `${e.instancePath}/${String(e.params.missingProperty)}`);
}

/** Every object schema in the tree, with its JSON pointer. */
function objectSchemas(schema: Schema, path = '#'): Array<[string, Schema]> {
  const found: Array<[string, Schema]> = [];
  if (schema.type === 'object' && schema.properties) found.push([path, schema]);
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    found.push(...objectSchemas(child, `${path}/properties/${name}`));
  if (schema.items) found.push(...objectSchemas(schema.items, `${path}/items`));
  return found;
}

/** Every property schema (top level and nested), with its JSON pointer. */
function propertySchemas(schema: Schema, path = '#'): Array<[string, Schema]> {
  const found: Array<[string, Schema]> = [];
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const childPath = `${path}/properties/${name}`;
    found.push([childPath, child], ...propertySchemas(child, childPath));
  }
  if (schema.items) found.push(...propertySchemas(schema.items, `${path}/items`));
  return found;
}

/** Problems in a UI schema: keys that are not properties, widgets outside the allowed list, a bad ui:order. */
function uiProblems(ui: UiSchema, schema: Schema, path: string): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget' && !ALLOWED_WIDGETS.has(String(value)))
      problems.push(`${path}: widget "${String(value)}" is not allowed`);
    if (key === 'ui:order') {
      const order = value as string[];
      const names = Object.keys(schema.properties ?? {});
      const unknown = order.filter((n) => n !== '*' && !names.includes(n));
      const unlisted = names.filter((n) => !order.includes(n));
      if (unknown.length) problems.push(`${path}: ui:order names unknown fields ${unknown.join(', ')}`);
      if (unlisted.length && !order.includes('*')) problems.push(`${path}: ui:order leaves out ${unlisted.join(', ')}`);
    }
    if (key.startsWith('ui:')) continue;
    const child = key === 'items' && schema.type === 'array' ? schema.items : schema.properties?.[key];
    if (!child) problems.push(`${path}: "${key}" is not a property`);
    else problems.push(...uiProblems(value as UiSchema, child, `${path}/${key}`));
  }
  return problems;
}

/** Every `$comment` in a schema tree. */
function comments(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(comments);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === '$comment' && typeof child === 'string' ? [child] : comments(child),
  );
}

/** A value that makes one `if` property constraint true, derived from the constraint itself. */
function satisfying(constraint: Schema): Json {
  if (constraint.const !== undefined) return constraint.const;
  if (constraint.enum) return constraint.enum[0] as Json;
  if (constraint.exclusiveMinimum !== undefined) return constraint.exclusiveMinimum + 1;
  if (constraint.maximum !== undefined) return constraint.maximum;
  if (constraint.contains) return [satisfying(constraint.contains)];
  if (constraint.type === 'string') return 'x';
  throw new Error(`no satisfying value for ${JSON.stringify(constraint)}`);
}

const keys = readdirSync(SCHEMAS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('schemas/', () => {
  it('holds exactly the 27 form areas, each with area, schema, UI schema and example', () => {
    expect(keys).toEqual([...EXPECTED_KEYS].sort());
    for (const key of keys) expect(readdirSync(new URL(`${key}/`, SCHEMAS_DIR)).sort(), key).toEqual(AREA_FILES);
  });
});

describe.each(keys)('schemas/%s', (key) => {
  const area = readJson<Area>(key, 'area.json');
  const schema = readJson<Schema>(key, 'schema.json');
  const ui = readJson<UiSchema>(key, 'ui.json');
  const example = readJson<JsonObject>(key, 'example.json');
  const properties = schema.properties ?? {};
  const ajv = createAjv();

  it('describes the area: key, title, group, description, version, handlers and parent', () => {
    expect(area.key).toBe(key);
    expect(area.title.length).toBeGreaterThan(0);
    expect(area.description.length).toBeGreaterThan(20);
    expect(GROUPS).toContain(area.group);
    expect(Number.isInteger(area.version) && area.version >= 1).toBe(true);
    expect(area.handlers.length).toBeGreaterThan(0);
    for (const handler of area.handlers) expect(GROUPS).toContain(handler);
    for (const step of area.approvals ?? [])
      if ('group' in step.approvers) expect(GROUPS).toContain(step.approvers.group);
    expect(area.parent).toBe(PARENTS[key]);
    if (area.parent) expect(EXPECTED_KEYS).toContain(area.parent);
    expect(Object.keys(area).sort()).toEqual(
      [
        'key',
        'title',
        'group',
        'description',
        'version',
        'listColumns',
        'summaryField',
        'handlers',
        ...(area.parent ? ['parent'] : []),
        ...(area.rules ? ['rules'] : []),
        ...(area.ratesTicket ? ['ratesTicket'] : []),
        ...(area.approvals ? ['approvals'] : []),
      ].sort(),
    );
  });

  it('names 3 to 5 top-level scalar list columns and a required string summary field', () => {
    expect(area.listColumns.length).toBeGreaterThanOrEqual(3);
    expect(area.listColumns.length).toBeLessThanOrEqual(5);
    expect(new Set(area.listColumns).size).toBe(area.listColumns.length);
    for (const column of area.listColumns) {
      expect(properties[column], column).toBeDefined();
      expect(['string', 'number', 'integer', 'boolean'], column).toContain(properties[column]?.type);
    }
    expect(properties[area.summaryField]?.type).toBe('string');
    expect(schema.required).toContain(area.summaryField);
  });

  it('is a draft-07 object schema that compiles under ajv strict mode', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.type).toBe('object');
    expect(schema.title).toBeTruthy();
    expect(schema.description).toBeTruthy();
    expect(() => ajv.compile(schema)).not.toThrow();
  });

  it('closes every object, titles every field and bounds every string', () => {
    for (const [path, object] of objectSchemas(schema)) expect(object.additionalProperties, path).toBe(false);
    for (const [path, field] of propertySchemas(schema)) {
      expect(field.title, `${path} has a title`).toBeTruthy();
      if (field.type === 'string' && !field.enum && field.const === undefined)
        expect(field.maxLength, `${path} has a maxLength`).toBeGreaterThan(0);
      if (field.type === 'array') expect(field.maxItems, `${path} has a maxItems`).toBeGreaterThan(0);
    }
    const count = Object.keys(properties).length;
    expect(count).toBeGreaterThanOrEqual(8);
    expect(count).toBeLessThanOrEqual(25);
  });

  it('defines money as a non-negative number in cents that accepts 19.99 and rejects 12.345', () => {
    const moneyFields = propertySchemas(schema).filter(([, field]) => field.multipleOf === 0.01);
    for (const [path, field] of moneyFields) {
      expect(field.type, path).toBe('number');
      expect(field.minimum === 0 || field.exclusiveMinimum === 0, `${path} is not negative`).toBe(true);
      const validate = ajv.compile(field);
      expect(validate(19.99), `${path} accepts 19.99`).toBe(true);
      expect(validate(1234.56), `${path} accepts 1234.56`).toBe(true);
      expect(validate(12.345), `${path} rejects 12.345`).toBe(false);
      expect(validate(-5), `${path} rejects -5`).toBe(false);
    }
  });

  it('takes the property from the API as a short code when the area has one', () => {
    const field = properties.property;
    if (!field) return;
    expect(field).toMatchObject(PROPERTY_FIELD);
    const { 'ui:help': help, ...rest } = (ui.property ?? {}) as UiSchema;
    expect(rest).toEqual({ 'ui:options': { optionsFrom: 'properties' } });
    if (help !== undefined) expect(typeof help).toBe('string');
  });

  it('has a UI schema that orders every field, names only real fields and uses known widgets', () => {
    expect(Array.isArray(ui['ui:order'])).toBe(true);
    expect(uiProblems(ui, schema, key)).toEqual([]);
  });

  it('renders long text with the rich-text widget, never a plain textarea', () => {
    const longFields = Object.entries(properties).filter(
      ([, field]) => field.type === 'string' && field.maxLength === LONG_TEXT_MAX,
    );
    for (const [name] of longFields) expect((ui[name] as UiSchema | undefined)?.['ui:widget'], name).toBe('richText');
    expect(JSON.stringify(ui)).not.toContain('"textarea"');
  });

  it('accepts its example, a realistic 2026 submission for a seeded property', () => {
    const validate = ajv.compile(schema);
    const valid = validate(example);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
    if (properties.property && example.property !== undefined) expect(example.property).toMatch(PROPERTY_CODE);
    for (const [name, value] of Object.entries(example)) {
      if (typeof value === 'string' && DATE.test(value) && properties[name]?.format)
        expect(value.startsWith('2026-'), name).toBe(true);
    }
  });

  it('declares its cross-field rules in area.json: they name real fields and the example keeps them', () => {
    const rules = area.rules ?? [];
    expect(area.rules?.length, 'rules, when present, is not empty').not.toBe(0);
    expect(describeRuleProblems(rules, readJson<SharedJsonObject>(key, 'schema.json'))).toEqual([]);
    expect(checkAreaRules(rules, example)).toEqual([]);
  });

  it('says in $comment only what is enforced: cross-field rules point at area.json "rules"', () => {
    for (const comment of comments(schema)) {
      expect(comment, 'no rule is left to an unnamed server check').not.toMatch(/server (checks|enforces)/);
      if (/compare/.test(comment)) {
        expect(comment).toContain('area.json "rules"');
        expect(area.rules?.length, `${key} declares the rule its $comment states`).toBeGreaterThan(0);
      }
    }
  });

  it('rejects the example without its first required field, naming that field', () => {
    const first = schema.required?.[0];
    expect(first).toBeDefined();
    const variant = clone(example);
    delete variant[first as string];
    const validate = ajv.compile(schema);
    expect(validate(variant)).toBe(false);
    expect(missing(validate.errors)).toContain(`/${first}`);
  });

  it('rejects fields the schema does not define', () => {
    const validate = ajv.compile(schema);
    expect(validate({ ...example, unexpectedField: 'x' })).toBe(false);
  });

  it('enforces every conditional requirement: each then-required field is required once its condition holds', () => {
    const validate = ajv.compile(schema);
    for (const [index, rule] of (schema.allOf ?? []).entries()) {
      const condition = rule.if?.properties ?? {};
      const base = clone(example);
      for (const [name, constraint] of Object.entries(condition)) {
        // A condition on an array ("contains") keeps the example's other items.
        const value = satisfying(constraint);
        const current = base[name];
        base[name] = Array.isArray(value) && Array.isArray(current) ? [...new Set([...current, ...value])] : value;
      }
      for (const field of rule.then?.required ?? []) {
        const variant = clone(base);
        delete variant[field];
        expect(validate(variant), `allOf/${index}: ${field} missing`).toBe(false);
        expect(missing(validate.errors), `allOf/${index}`).toContain(`/${field}`);
      }
    }
  });
});

describe('conditional rules the business asked for', () => {
  const load = (key: string) => {
    const validate = createAjv().compile(readJson<Schema>(key, 'schema.json'));
    return { validate, example: readJson<JsonObject>(key, 'example.json') };
  };

  it('AP: an invoice above $5,000.00 waits for Accounting (area.json approvals); the form names no approver', () => {
    const { validate, example } = load('AP');
    expect(validate({ ...example, amount: 5000.01 })).toBe(true);
    const [step, ...more] = readJson<AreaManifest>('AP', 'area.json').approvals ?? [];
    expect(more).toEqual([]);
    expect(step?.approvers).toEqual({ group: 'Accounting' });
    expect(approvalConditionHolds(step?.when, { ...example, amount: 5000.01 })).toBe(true);
    expect(approvalConditionHolds(step?.when, { ...example, amount: 5000 })).toBe(false);
  });

  it('TechnologyRequest: new hardware waits for IT; a repair does not', () => {
    const { example } = load('TechnologyRequest');
    const [step] = readJson<AreaManifest>('TechnologyRequest', 'area.json').approvals ?? [];
    expect(step?.approvers).toEqual({ group: 'IT' });
    expect(approvalConditionHolds(step?.when, { ...example, requestType: 'New hardware' })).toBe(true);
    expect(approvalConditionHolds(step?.when, { ...example, requestType: 'Hardware repair or replacement' })).toBe(
      false,
    );
  });

  it('AP: GL accounts must look like 6310-0000 and at least one line is needed', () => {
    const { validate, example } = load('AP');
    expect(validate({ ...example, lineItems: [{ glAccount: '6310', description: 'x', amount: 1 }] })).toBe(false);
    expect(validate({ ...example, lineItems: [] })).toBe(false);
  });

  it('IncidentForm: police called needs the report number', () => {
    const { validate, example } = load('IncidentForm');
    const variant = clone(example);
    delete variant.policeReportNumber;
    expect(validate(variant)).toBe(false);
    expect(missing(validate.errors)).toContain('/policeReportNumber');
    delete variant.policeDepartment;
    expect(validate({ ...variant, policeCalled: false })).toBe(true);
  });

  it('EmployeeInjury: lost time needs the first day missed and expected return', () => {
    const { validate, example } = load('EmployeeInjury');
    const variant = clone(example);
    delete variant.firstDayMissed;
    delete variant.expectedReturnDate;
    expect(validate(variant)).toBe(false);
    expect(missing(validate.errors)).toEqual(expect.arrayContaining(['/firstDayMissed', '/expectedReturnDate']));
    expect(validate({ ...variant, lostTime: false })).toBe(true);
  });

  it('WriteOffs: sent to collections needs the agency, and the schema documents the balance rule', () => {
    const { validate, example } = load('WriteOffs');
    const variant = clone(example);
    delete variant.collectionsAgency;
    expect(validate(variant)).toBe(false);
    expect(missing(validate.errors)).toContain('/collectionsAgency');
    const schema = readJson<Schema>('WriteOffs', 'schema.json');
    expect(String(schema.$comment)).toMatch(/writeOffAmount.*balance/);
    expect(schema.properties?.writeOffAmount?.description).toMatch(/not exceed the current balance/);
  });

  it.each<[string, (example: JsonObject) => JsonObject, Array<{ path: string; message: string }>]>([
    [
      'AP',
      (example) => ({ ...example, amount: 7842 }),
      [{ path: '/amount', message: 'the line items add up to 7,842.50, not 7,842.00' }],
    ],
    [
      'Reclass',
      (example) => ({ ...example, totalAmount: 4455.41 }),
      [{ path: '/totalAmount', message: 'the lines add up to 4,455.40, not 4,455.41' }],
    ],
    [
      'Reclass',
      (example) => ({
        ...example,
        lines: (example.lines as JsonObject[]).map((line) => ({ ...line, toAccount: line.fromAccount as Json })),
      }),
      [
        { path: '/lines/0/toAccount', message: 'must differ from the From GL account' },
        { path: '/lines/1/toAccount', message: 'must differ from the From GL account' },
      ],
    ],
    [
      'WriteOffs',
      (example) => ({ ...example, writeOffAmount: 4862.36 }),
      [{ path: '/writeOffAmount', message: 'must not exceed the current balance' }],
    ],
    [
      'Deposits',
      (example) => ({ ...example, cashAmount: 48215.76 }),
      [{ path: '/cashAmount', message: 'must not exceed the deposit total' }],
    ],
    [
      'PreventativeMaintenance',
      (example) => ({ ...example, nextDueDate: example.dateCompleted as Json }),
      [{ path: '/nextDueDate', message: 'must be after the date completed' }],
    ],
  ])('%s: a variant the schema accepts breaks a rule of area.json, on the field at fault', (key, vary, expected) => {
    const { validate, example } = load(key);
    const variant = vary(clone(example));
    expect(validate(variant), 'JSON Schema alone cannot see it').toBe(true);
    expect(checkAreaRules(readJson<Area>(key, 'area.json').rules ?? [], variant)).toEqual(expected);
  });

  it('Vendor: the tax ID must match the chosen tax ID type', () => {
    const { validate, example } = load('Vendor');
    expect(validate({ ...example, taxIdType: 'SSN' })).toBe(false);
    expect(validate({ ...example, taxIdType: 'SSN', taxId: '123-45-6789' })).toBe(true);
  });

  it('Walkabout: an area rated Poor or Unsafe needs notes', () => {
    const { validate, example } = load('Walkabout');
    expect(validate({ ...example, areas: [{ area: 'Landscaping', rating: 'Unsafe' }] })).toBe(false);
    expect(validate({ ...example, areas: [{ area: 'Landscaping', rating: 'Good' }] })).toBe(true);
  });

  it('TicketFeedback: ticket numbers look like AP-000001', () => {
    const { validate, example } = load('TicketFeedback');
    expect(validate({ ...example, ticketNumber: 'AP-000001' })).toBe(true);
    expect(validate({ ...example, ticketNumber: 'AP-1' })).toBe(false);
  });

  it.each([
    ['AP', 'lineItems'],
    ['Reclass', 'lines'],
    ['Walkabout', 'areas'],
    ['EmployeeInjury', 'witnesses'],
    ['Uniform', 'items'],
  ])('%s has the repeating section %s, bounded by maxItems', (key, field) => {
    const section = readJson<Schema>(key, 'schema.json').properties?.[field];
    expect(section?.type).toBe('array');
    expect(section?.items?.type).toBe('object');
    expect(section?.maxItems).toBeGreaterThan(0);
    const { validate, example } = load(key);
    const items = example[field] as Json[];
    const tooMany = Array.from({ length: (section?.maxItems ?? 0) + 1 }, () => items[0] as Json);
    expect(validate({ ...example, [field]: tooMany })).toBe(false);
  });
});
