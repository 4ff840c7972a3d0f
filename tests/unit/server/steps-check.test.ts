import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverAreaFolders } from '../../../src/server/domains/areas/discovery';
import type { Reports } from '../../../src/server/domains/areas/findings';
import { checkUiSchema } from '../../../src/server/domains/areas/ui-schema-check';
import type { JsonObject, JsonValue } from '../../../src/shared/json';

// "details" is a field too: a condition shows it
const schema: JsonObject = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    date: { type: 'string' },
    hurt: { type: 'boolean' },
    cost: { type: 'number' },
  },
  allOf: [{ if: { properties: { hurt: { const: true } } }, then: { properties: { details: { type: 'string' } } } }],
};

/** The problems of a UI schema with `ui:steps: steps`, each `<pointer>: <message>`. */
function problemsOf(steps: JsonValue, ui: JsonObject = {}): string[] {
  const found: string[] = [];
  const reports: Reports = {
    problem: (_file, pointer, message) => found.push(`${pointer ?? ''}: ${message}`),
    warning: (_file, pointer, message) => found.push(`warning ${pointer ?? ''}: ${message}`),
  };
  checkUiSchema({ ...ui, 'ui:steps': steps }, schema, reports);
  return found;
}

const WHAT = { title: 'What', fields: ['title', 'date'] };
const INJURIES = { title: 'Injuries', fields: ['hurt', 'details'] };
const COSTS = { title: 'Costs', fields: ['cost'] };
const GOOD = [WHAT, INJURIES, COSTS];

describe('ui:steps checks', () => {
  it('accepts steps that hold every field once, conditional ones included', () => {
    expect(problemsOf(GOOD)).toEqual([]);
  });

  it('refuses a field in no step, naming it', () => {
    expect(problemsOf([WHAT, INJURIES])).toEqual([
      '/ui:steps: "cost" is in no step; put each field in exactly one step',
    ]);
    expect(
      problemsOf([
        { title: 'A', fields: ['title', 'date'] },
        { title: 'B', fields: ['hurt'] },
      ]),
    ).toEqual(['/ui:steps: "cost", "details" are in no step; put each field in exactly one step']);
  });

  it('refuses a field in two steps and a name that is not a field', () => {
    expect(problemsOf([WHAT, { title: 'Injuries', fields: ['hurt', 'details', 'date', 'dat'] }, COSTS])).toEqual([
      '/ui:steps/1/fields/2: step 2 "Injuries": "date" is already in step "What"; a field belongs to exactly one step',
      '/ui:steps/1/fields/3: step 2 "Injuries": "dat" is not a top-level field of the schema',
    ]);
  });

  it('refuses an empty title, an empty step, unknown options and fewer than two steps', () => {
    expect(
      problemsOf([
        { title: ' ', fields: ['title', 'date', 'hurt', 'details'] },
        { title: 'Costs', fields: [], note: 'x' },
      ]),
    ).toEqual([
      "/ui:steps/0/title: step 1 needs a title (the step's heading)",
      '/ui:steps/1/note: step 2 "Costs": "note" is not a step option (title, fields)',
      '/ui:steps/1/fields: step 2 "Costs" needs a list of one or more field names',
      '/ui:steps: "cost" is in no step; put each field in exactly one step',
    ]);
    expect(problemsOf([{ title: 'All', fields: ['title', 'date', 'hurt', 'details', 'cost'] }])).toEqual([
      '/ui:steps: needs at least 2 steps (it has 1); leave it out to show the form whole',
    ]);
    expect(problemsOf({ title: 'All' })).toEqual([
      '/ui:steps: must be a list of steps: [{ "title": "…", "fields": ["…"] }, …]',
    ]);
    expect(problemsOf([WHAT, 'Costs', INJURIES])).toEqual([
      '/ui:steps/1: step 2 must be an object: { "title": "…", "fields": ["…"] }',
      '/ui:steps: "cost" is in no step; put each field in exactly one step',
    ]);
  });

  it('refuses ui:steps below the root', () => {
    const found: string[] = [];
    const reports: Reports = {
      problem: (_f, pointer, message) => found.push(`${pointer ?? ''}: ${message}`),
      warning: () => undefined,
    };
    checkUiSchema({ title: { 'ui:steps': GOOD } }, schema, reports);
    expect(found).toEqual(['/title/ui:steps: "ui:steps" splits the whole form: it belongs at the root of ui.json']);
  });

  it('names the area folder and the field in what the schema checker prints', async () => {
    const root = await mkdtemp(join(tmpdir(), 'tm-steps-'));
    try {
      await mkdir(join(root, 'Claim'));
      await writeFile(join(root, 'Claim', 'schema.json'), JSON.stringify(schema));
      await writeFile(join(root, 'Claim', 'ui.json'), JSON.stringify({ 'ui:steps': [WHAT, INJURIES] }));
      const [result] = await discoverAreaFolders(root);
      expect(result?.area).toBeNull();
      expect(result?.problems).toEqual([
        `${join(root, 'Claim', 'ui.json')}#/ui:steps: "cost" is in no step; put each field in exactly one step`,
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
