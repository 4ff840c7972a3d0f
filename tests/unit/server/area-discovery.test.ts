import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AreaDiscoveryError, discoverAreas, findPropertyField } from '../../../src/server/domains/areas/discovery';
import { loadAreaRegistry } from '../../../src/server/domains/areas/registry';

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
    expect(problems).toHaveLength(2);
    expect(problems.find((p) => p.includes('bad-name'))).toContain('not a valid area key');
    expect(problems.find((p) => p.includes('Tickets'))).toContain('reserved route segment');
  });

  it('refuses an area.json whose key differs from the folder name, naming the file', async () => {
    await writeArea('AP', { 'schema.json': schema, 'area.json': { key: 'Ap' } });
    const problems = await problemsOf(() => discoverAreas(root));
    expect(problems).toEqual([
      `${join(root, 'AP', 'area.json')}: "key" is "Ap" but the folder is "AP"; they must be equal`,
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
    expect(problems).toHaveLength(6);
    expect(problems.join('\n')).toMatch(/One[/\\]schema\.json: is not valid JSON/);
    expect(problems.join('\n')).toMatch(/Two[/\\]schema\.json: cannot be read/);
    expect(problems.join('\n')).toContain('listColumns names "missing"');
    expect(problems.join('\n')).toContain('summaryField "gone"');
    expect(problems.join('\n')).toContain('parent "Nowhere" is not another area');
    expect(problems.join('\n')).toMatch(/Five[/\\]area\.json: .*additional properties/);
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
        ratesTicket: { ticketField: 'quantity', ratingField: 'note', reopenField: 'note', reopenReasonField: 'quantity' },
      },
    });
    const problems = (await problemsOf(() => discoverAreas(root))).join('\n');
    expect(problems).toContain('ratesTicket.ticketField "quantity" is not a top-level string property');
    expect(problems).toContain('ratesTicket.ratingField "note" is not a top-level integer property');
    expect(problems).toContain('ratesTicket.reopenField "note" is not a top-level boolean property');
    expect(problems).toContain('ratesTicket.reopenReasonField "quantity" is not a top-level string property');
  });

  it('carries the cross-field rules of area.json into the definition', async () => {
    const rules = [{ rule: 'compare', field: '/quantity', op: '>=', other: '/quantity', message: 'is odd' }];
    await writeArea('Uniform', { 'schema.json': schema, 'area.json': { key: 'Uniform', rules } });
    const [area] = await discoverAreas(root);
    expect(area?.definition.rules).toEqual(rules);
  });

  it('refuses a rule that names no property or is misspelt, naming the area and the rule index', async () => {
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
    // Areas load concurrently: the order of their problems is not fixed.
    const problems = (await problemsOf(() => discoverAreas(root))).sort();
    expect(problems).toEqual(
      [
        `${join(root, 'Uniform', 'area.json')}: area Uniform rules[1] (compare): "/size2" is not a property of the schema`,
        `${join(root, 'Yardi', 'area.json')}: /rules/0/op must be equal to one of the allowed values`,
        `${join(root, 'Yardi', 'area.json')}: /rules/1 must have required property 'equals'`,
        `${join(root, 'Yardi', 'area.json')}: /rules/1 must NOT have additional properties ("op")`,
        `${join(root, 'Yardi', 'area.json')}: /rules/1 must NOT have additional properties ("other")`,
        `${join(root, 'Yardi', 'area.json')}: /rules/1 must NOT have additional properties ("equal")`,
      ].sort(),
    );
  });

  it('refuses nesting deeper than one level', async () => {
    await writeArea('Top', { 'schema.json': schema });
    await writeArea('Mid', { 'schema.json': schema, 'area.json': { key: 'Mid', parent: 'Top' } });
    await writeArea('Low', { 'schema.json': schema, 'area.json': { key: 'Low', parent: 'Mid' } });
    expect(await problemsOf(() => discoverAreas(root))).toEqual([
      expect.stringContaining('parent "Mid" is itself nested'),
    ]);
  });

  it('refuses a missing schemas folder with a message naming it', async () => {
    expect(await problemsOf(() => discoverAreas(join(root, 'missing')))).toEqual([
      expect.stringContaining('the schemas folder does not exist'),
    ]);
  });

  it('refuses a schema ajv cannot compile, naming schema.json', async () => {
    await writeArea('Broken', { 'schema.json': { type: 'object', properties: { a: { type: 'nonsense' } } } });
    expect(await problemsOf(() => loadAreaRegistry(root))).toEqual([
      expect.stringMatching(/Broken[/\\]schema\.json: is not a valid JSON Schema/),
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
