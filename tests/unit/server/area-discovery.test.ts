import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AreaDiscoveryError, discoverAreaFolders, discoverAreas } from '../../../src/server/domains/areas/discovery';
import { findPropertyField } from '../../../src/server/domains/areas/manifest';

let root: string;

async function writeArea(key: string, files: Record<string, unknown>): Promise<void> {
  await mkdir(join(root, key), { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    await writeFile(join(root, key, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
}

const schema = {
  type: 'object',
  title: 'Uniform order',
  description: 'Order uniforms for staff',
  properties: {
    employee: { type: 'string' },
    size: { enum: ['S', 'M', 'L'] },
    items: { type: 'array', items: { type: 'string' } },
    quantity: { type: 'integer' },
    rush: { type: 'boolean' },
    note: { type: 'string' },
    site: { type: 'string' },
  },
};

async function problemsOf(run: () => Promise<unknown>): Promise<string[]> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AreaDiscoveryError) return error.problems;
    throw error;
  }
  throw new Error('expected an AreaDiscoveryError');
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'tm-areas-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('discoverAreas', () => {
  it('treats every folder as an area and fills defaults when area.json is missing', async () => {
    await writeArea('Uniform', {
      'schema.json': schema,
      'ui.json': { site: { 'ui:options': { optionsFrom: 'properties' } } },
    });
    await writeFile(join(root, 'README.md'), 'not an area');
    await mkdir(join(root, '.hidden'));
    const [area, ...rest] = await discoverAreas(root);
    expect(rest).toHaveLength(0);
    expect(area?.definition).toEqual({
      key: 'Uniform',
      title: 'Uniform order',
      group: 'Other',
      description: 'Order uniforms for staff',
      version: 1,
      schema,
      uiSchema: { site: { 'ui:options': { optionsFrom: 'properties' } } },
      validator: expect.stringMatching(/^areas\/Uniform\/validators\/[0-9a-f]{64}\.js$/) as unknown,
      listColumns: ['employee', 'size', 'quantity', 'rush'],
      handlers: [],
      propertyField: 'site',
    });
    expect(area?.example).toBeNull();
  });

  it('takes title from the key when neither area.json nor the schema names one', async () => {
    await writeArea('Yardi', { 'schema.json': { type: 'object', properties: {} } });
    const [area] = await discoverAreas(root);
    expect(area?.definition).toMatchObject({ title: 'Yardi', description: '', listColumns: [] });
  });

  it('reads area.json and the example, and sorts areas by title', async () => {
    await writeArea('B1', {
      'schema.json': schema,
      'area.json': { key: 'B1', title: 'Alpha', group: 'HR', version: 3, listColumns: ['note'], handlers: ['HR'] },
      'example.json': { employee: 'x' },
    });
    await writeArea('A1', { 'schema.json': schema, 'area.json': { key: 'A1', title: 'Beta' } });
    const areas = await discoverAreas(root);
    expect(areas.map((a) => a.definition.key)).toEqual(['B1', 'A1']);
    expect(areas[0]?.definition).toMatchObject({ group: 'HR', version: 3, listColumns: ['note'], handlers: ['HR'] });
    expect(areas[0]?.example).toEqual({ employee: 'x' });
  });

  it('refuses a folder name that is not a valid area key, naming the folder', async () => {
    await writeArea('bad-name', { 'schema.json': schema });
    await writeArea('Tickets', { 'schema.json': schema });
    const problems = await problemsOf(() => discoverAreas(root));
    expect(problems).toEqual([
      `${join(root, 'Tickets')}: folder name "Tickets" is a reserved route segment and cannot be an area key`,
      `${join(root, 'bad-name')}: folder name "bad-name" is not an area key: letters and digits only (/^[A-Za-z0-9][A-Za-z0-9]{0,63}$/)`,
    ]);
  });

  it('refuses an area.json whose key differs from the folder name, naming the file and the field', async () => {
    await writeArea('AP', { 'schema.json': schema, 'area.json': { key: 'Ap' } });
    const problems = await problemsOf(() => discoverAreas(root));
    expect(problems).toEqual([
      `${join(root, 'AP', 'area.json')}#/key: "Ap" does not match the folder name "AP"; they must be equal`,
    ]);
  });

  it('lists every problem at once: bad JSON, missing schema, unknown columns, unknown parent, unknown manifest field', async () => {
    await writeArea('One', { 'schema.json': '{ nope' });
    await writeArea('Two', { 'ui.json': {} });
    await writeArea('Three', {
      'schema.json': schema,
      'area.json': { key: 'Three', listColumns: ['missing'], summaryField: 'gone' },
    });
    await writeArea('Four', { 'schema.json': schema, 'area.json': { key: 'Four', parent: 'Nowhere' } });
    await writeArea('Five', { 'schema.json': schema, 'area.json': { key: 'Five', colour: 'red' } });
    const problems = await problemsOf(() => discoverAreas(root));
    expect(problems).toEqual([
      `${join(root, 'Five', 'area.json')}#/colour: is not a field of area.json (its fields: key, title, group, description, version, listColumns, summaryField, handlers, parent, rules, approvals, ratesTicket)`,
      `${join(root, 'Four', 'area.json')}#/parent: "Nowhere" is not an area folder in ${root}`,
      `${join(root, 'One', 'schema.json')}: is not valid JSON (Expected property name or '}' in JSON at position 2 (line 1 column 3))`,
      `${join(root, 'Three', 'area.json')}#/listColumns/0: "missing" is not a field of the schema`,
      `${join(root, 'Three', 'area.json')}#/summaryField: "gone" is not a field of the schema`,
      `${join(root, 'Two', 'schema.json')}: is missing`,
    ]);
  });

  it('carries ratesTicket into the definition and refuses one naming a field of the wrong type', async () => {
    await writeArea('Uniform', {
      'schema.json': schema,
      'area.json': { key: 'Uniform', ratesTicket: { ticketField: 'employee', ratingField: 'quantity' } },
    });
    const [area] = await discoverAreas(root);
    expect(area?.definition.ratesTicket).toEqual({ ticketField: 'employee', ratingField: 'quantity' });
    await writeArea('Uniform', {
      'schema.json': schema,
      'area.json': {
        key: 'Uniform',
        ratesTicket: {
          ticketField: 'quantity',
          ratingField: 'note',
          reopenField: 'note',
          reopenReasonField: 'quantity',
        },
      },
    });
    const file = join(root, 'Uniform', 'area.json');
    expect(await problemsOf(() => discoverAreas(root))).toEqual([
      `${file}#/ratesTicket/ticketField: "quantity" is not a top-level "string" field of the schema`,
      `${file}#/ratesTicket/ratingField: "note" is not a top-level "integer" field of the schema`,
      `${file}#/ratesTicket/reopenField: "note" is not a top-level "boolean" field of the schema`,
      `${file}#/ratesTicket/reopenReasonField: "quantity" is not a top-level "string" field of the schema`,
    ]);
  });

  it('carries the cross-field rules of area.json into the definition', async () => {
    const rules = [{ rule: 'compare', field: '/quantity', op: '>=', other: '/quantity', message: 'is odd' }];
    await writeArea('Uniform', { 'schema.json': schema, 'area.json': { key: 'Uniform', rules } });
    const [area] = await discoverAreas(root);
    expect(area?.definition.rules).toEqual(rules);
  });

  it('refuses a rule that names no property or is misspelt, naming the file and the rule', async () => {
    const good = { rule: 'compare', field: '/quantity', op: '<', other: '/quantity', message: 'm' };
    await writeArea('Uniform', {
      'schema.json': schema,
      'area.json': { key: 'Uniform', rules: [good, { ...good, other: '/size2' }] },
    });
    await writeArea('Yardi', {
      'schema.json': schema,
      'area.json': {
        key: 'Yardi',
        rules: [
          { ...good, op: '=<' },
          { ...good, rule: 'sum', each: '/items', equal: '/x' },
        ],
      },
    });
    expect(await problemsOf(() => discoverAreas(root))).toEqual([
      `${join(root, 'Uniform', 'area.json')}#/rules/1: "/size2" is not a property of the schema`,
      `${join(root, 'Yardi', 'area.json')}#/rules/0/op: must be one of "<", "<=", ">", ">=", "==", "!="`,
      `${join(root, 'Yardi', 'area.json')}#/rules/1/equals: is required`,
      `${join(root, 'Yardi', 'area.json')}#/rules/1/op: is not a field of a "sum" rule (its fields: rule, each, field, equals, message)`,
      `${join(root, 'Yardi', 'area.json')}#/rules/1/other: is not a field of a "sum" rule (its fields: rule, each, field, equals, message)`,
      `${join(root, 'Yardi', 'area.json')}#/rules/1/equal: is not a field of a "sum" rule (its fields: rule, each, field, equals, message)`,
    ]);
  });

  it('carries approval steps into the definition', async () => {
    const approvals = [
      { id: 'big', name: 'Big order', when: { field: '/quantity', op: '>', value: 10 }, approvers: { group: 'HR' } },
      { id: 'site', name: 'Site lead', approvers: { field: '/email' } },
    ];
    await writeArea('Uniform', {
      'schema.json': { ...schema, properties: { ...schema.properties, email: { type: 'string', format: 'email' } } },
      'area.json': { key: 'Uniform', approvals },
    });
    const [area] = await discoverAreas(root);
    expect(area?.definition.approvals).toEqual(approvals);
  });

  it('refuses bad approval steps: duplicate ids, bad conditions, approver fields that hold no e-mail address, unknown keys', async () => {
    const step = { id: 'a', name: 'A', approvers: { group: 'Any group: groups are data' } };
    await writeArea('Uniform', {
      'schema.json': schema,
      'area.json': {
        key: 'Uniform',
        approvals: [
          step,
          { ...step, when: { field: '/quantity', op: '>', value: 'ten' } },
          { ...step, id: 'b', when: { any: [{ field: '/nope', op: '==', value: 1 }] } },
          { ...step, id: 'c', when: { field: '/quantity', op: '>' } },
          { ...step, id: 'd', when: { field: '/rush', op: '>', value: true } },
          { ...step, id: 'e', approvers: { field: '/note' } },
        ],
      },
    });
    await writeArea('Yardi', {
      'schema.json': schema,
      'area.json': {
        key: 'Yardi',
        approvals: [
          { ...step, id: '1st', when: { field: '/quantity', op: '=>', value: 1 } },
          { ...step, id: 'x', approvers: { role: 'HR' } },
          { ...step, id: 'y', colour: 'red' },
        ],
      },
    });
    const uniform = join(root, 'Uniform', 'area.json');
    const yardi = join(root, 'Yardi', 'area.json');
    const problems = await problemsOf(() => discoverAreas(root));
    expect(problems).toEqual(
      expect.arrayContaining([
        `${uniform}#/approvals/1/id: "a" is the id of an earlier step; ids must be unique`,
        `${uniform}#/approvals/1/when: compares "/quantity" (number) with "ten" (string); the condition would never hold`,
        `${uniform}#/approvals/2/when: "/nope" is not a property of the schema`,
        `${uniform}#/approvals/3/when: compares "/quantity" with a "value" or an "other" field: give exactly one`,
        `${uniform}#/approvals/4/when: "/rush" is a boolean: compare it with "==" or "!="`,
        `${uniform}#/approvals/5/approvers/field: "/note" is not a top-level text property with "format": "email" (the approver's e-mail address)`,
        `${yardi}#/approvals/0/id: must match pattern "^[A-Za-z][A-Za-z0-9_-]{0,63}$"`,
        `${yardi}#/approvals/2/colour: is not a field here (a step has id, name, when, approvers; a comparison field, op and value or other; when one comparison, any or all; approvers group or field)`,
      ]),
    );
    expect(problems.some((problem) => problem.startsWith(`${yardi}#/approvals/1/approvers`))).toBe(true);
    // Role groups are data: a group no one has created yet is no problem.
    expect(problems.join('\n')).not.toContain('Any group');
  });

  it('refuses nesting deeper than one level', async () => {
    await writeArea('Top', { 'schema.json': schema });
    await writeArea('Mid', { 'schema.json': schema, 'area.json': { key: 'Mid', parent: 'Top' } });
    await writeArea('Low', { 'schema.json': schema, 'area.json': { key: 'Low', parent: 'Mid' } });
    expect(await problemsOf(() => discoverAreas(root))).toEqual([
      `${join(root, 'Low', 'area.json')}#/parent: "Mid" is itself nested; only one level of nesting is supported`,
    ]);
  });

  it('refuses a missing schemas folder with a message naming it', async () => {
    expect(await problemsOf(() => discoverAreas(join(root, 'missing')))).toEqual([
      `${join(root, 'missing')}: the schemas folder does not exist (set SCHEMAS_DIR)`,
    ]);
  });

  it('refuses a schema that is not valid JSON Schema or does not compile, naming schema.json and the pointer', async () => {
    await writeArea('Broken', { 'schema.json': { type: 'object', properties: { a: { type: 'nonsense' } } } });
    await writeArea('Unresolved', {
      'schema.json': { type: 'object', properties: { a: { $ref: '#/definitions/gone' } } },
    });
    expect(await problemsOf(() => discoverAreas(root))).toEqual([
      `${join(root, 'Broken', 'schema.json')}#/properties/a/type: is not valid JSON Schema: must be equal to one of the allowed values`,
      `${join(root, 'Unresolved', 'schema.json')}#/properties/a/$ref: does not compile: can't resolve reference #/definitions/gone`,
    ]);
  });
});

describe('discoverAreaFolders', () => {
  it('judges each folder on its own: a broken one is refused with its problems, the others load', async () => {
    await writeArea('Good', { 'schema.json': schema });
    await writeArea('Bad', { 'schema.json': schema, 'ui.json': { employe: {} } });
    const results = await discoverAreaFolders(root);
    expect(
      results.map(({ key, area, problems, warnings }) => ({ key, loads: area !== null, problems, warnings })),
    ).toEqual([
      {
        key: 'Bad',
        loads: false,
        problems: [`${join(root, 'Bad', 'ui.json')}#/employe: "employe" is not a field of the schema`],
        warnings: [],
      },
      { key: 'Good', loads: true, problems: [], warnings: [] },
    ]);
  });

  it('compiles the validator submissions are checked with, and keeps the example whatever its root', async () => {
    await writeArea('Note', {
      'schema.json': { type: 'string', title: 'Note', minLength: 3 },
      'example.json': '"A note"',
    });
    const [result] = await discoverAreaFolders(root);
    expect(result?.area?.validate('ab')).toEqual([{ path: '', message: 'must NOT have fewer than 3 characters' }]);
    expect(result?.area?.validate('abc')).toEqual([]);
    expect(result?.area).toMatchObject({ example: null, exampleData: 'A note' });
    expect(result?.area?.definition).toMatchObject({ title: 'Note', listColumns: [] });
  });

  it('refuses a nested area whose parent is refused, saying why', async () => {
    await writeArea('Top', { 'schema.json': { type: 'object', properties: { a: { type: 'strin' } } } });
    await writeArea('Child', { 'schema.json': schema, 'area.json': { key: 'Child', parent: 'Top' } });
    const results = await discoverAreaFolders(root);
    expect(results.find((result) => result.key === 'Child')?.problems).toEqual([
      `${join(root, 'Child', 'area.json')}#/parent: "Top" is refused (see its problems), so this area nested under it is refused too`,
    ]);
  });

  it('reports questionable but valid constructs as warnings, and loads the area', async () => {
    await writeArea('Odd', {
      'schema.json': {
        type: 'object',
        properties: {
          phone: { type: 'string', format: 'phone' },
          size: { type: 'integer', minimum: 1, default: 0 },
          pair: { type: 'array', items: { type: 'string' }, additionalItems: { type: 'number' } },
        },
        then: { required: ['phone'] },
      },
      'ui.json': { 'ui:field': 'FancyField' },
    });
    const [result] = await discoverAreaFolders(root);
    const file = (name: string) => join(root, 'Odd', name);
    expect(result?.area).not.toBeNull();
    expect(result?.warnings).toEqual([
      `${file('schema.json')}#/then: "then" without "if" is ignored`,
      `${file('schema.json')}#/properties/phone/format: "phone" is not a format ajv knows: values are not checked against it`,
      `${file('schema.json')}#/properties/pair/additionalItems: "additionalItems" is ignored unless "items" is a list of schemas (a tuple)`,
      `${file('schema.json')}#/properties/size/default: does not validate against its own schema: must be >= 1`,
      `${file('ui.json')}#/ui:field: "FancyField" is not a field rjsf or the form engine registers: rjsf renders its own field instead`,
    ]);
  });
});

describe('findPropertyField', () => {
  it('finds the field by ui:options.optionsFrom or ui:optionsFrom, ignoring other sources', () => {
    expect(findPropertyField({ a: {}, b: { 'ui:options': { optionsFrom: 'properties' } } })).toBe('b');
    expect(findPropertyField({ c: { 'ui:optionsFrom': 'properties' } })).toBe('c');
    expect(findPropertyField({ d: { 'ui:options': { optionsFrom: 'vendors' } } })).toBeUndefined();
  });
});
