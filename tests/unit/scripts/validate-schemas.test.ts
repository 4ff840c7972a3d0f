import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runValidateSchemas, SchemasDirError, validateSchemasDir } from '../../../scripts/validate-schemas';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Relative to the repository root, which is the working directory of the test run. */
const FIXTURES = 'tests/fixtures/broken-schemas';
const TSX_CLI = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** Runs `tsx scripts/validate-schemas.ts …args` in the repository root, as `npm run validate:schemas` does. */
function runScript(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TSX_CLI, 'scripts/validate-schemas.ts', ...args],
      { cwd: ROOT, timeout: 50_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Each broken fixture folder, with the exact lines it must produce (the folder prefix added below). */
const CASES: Record<string, { areas: number; lines: string[] }> = {
  'area-json-unknown-field': {
    areas: 1,
    lines: [
      'AP/area.json#/listColumn: is not a field of area.json (its fields: key, title, group, description, version, listColumns, summaryField, handlers, parent, rules, ratesTicket)',
      'AP/area.json#/version: must be integer',
    ],
  },
  'area-json-bad-rule': {
    areas: 1,
    lines: [
      'AP/area.json#/rules/0/rule: must be one of "compare", "sum"',
      'AP/area.json#/rules/1/op: must be one of "<", "<=", ">", ">=", "==", "!="',
    ],
  },
  'bad-ui-order': {
    areas: 1,
    lines: [
      'AP/ui.json#/ui:order/2: "amout" is not a property of the schema',
      'AP/ui.json#/ui:order: leaves out "amount", "notes" and has no "*"; rjsf refuses to render such a form',
    ],
  },
  'example-breaks-rule': {
    areas: 1,
    lines: [
      'AP/example.json#/amount: breaks area.json rules[0] (sum): the line items add up to 7,842.50, not 7,842.00',
    ],
  },
  'example-invalid': {
    areas: 1,
    lines: [
      'AP/example.json#/vendorName: is required',
      'AP/example.json#/amount: must be number',
      'AP/example.json#/lineItems/1/glAccount: must match pattern "^[0-9]{4}-[0-9]{4}$"',
    ],
  },
  'folder-name-invalid': {
    areas: 2,
    lines: [
      'Accounts-Payable: folder name "Accounts-Payable" is not an area key: letters and digits only (/^[A-Za-z0-9][A-Za-z0-9]{0,63}$/)',
      'Forms: folder name "Forms" is a reserved route segment and cannot be an area key',
    ],
  },
  'invalid-json': {
    areas: 1,
    lines: ["AP/ui.json: is not valid JSON (Expected property name or '}' in JSON at position 4 (line 2 column 3))"],
  },
  'key-mismatch': {
    areas: 1,
    lines: ['AP/area.json#/key: "Ap" does not match the folder name "AP"; they must be equal'],
  },
  'list-column-missing': {
    areas: 1,
    lines: ['AP/area.json#/listColumns/1: "amout" is not a top-level property of the schema'],
  },
  'parent-missing': {
    areas: 1,
    lines: [`AP/area.json#/parent: "Invoices" is not an area folder in ${FIXTURES}/parent-missing`],
  },
  'parent-nested': {
    areas: 3,
    lines: ['AP/area.json#/parent: "Vendor" is itself nested; only one level of nesting is supported'],
  },
  'required-missing-property': {
    areas: 1,
    lines: [
      'AP/schema.json#/required/0: "vendorNam" is required but is not a property of the schema',
      'AP/schema.json#/allOf/0/then/required/0: "rushReson" is required but is not a property of the schema',
      // The schema still compiles without strict mode (as the server compiles it), so the example is checked.
      'AP/example.json#/vendorNam: is required',
    ],
  },
  'rule-unknown-field': {
    areas: 1,
    lines: ['AP/area.json#/rules/0: "amout" is not a property of the items of "/lineItems"'],
  },
  'schema-invalid': {
    areas: 1,
    lines: [
      'AP/schema.json#/properties/vendorName/type: is not valid JSON Schema: must be equal to one of the allowed values',
    ],
  },
  'strict-missing-type': {
    areas: 1,
    lines: [
      'AP/schema.json#/allOf/1/if/properties/amount: does not compile: strict mode: missing type "number" for keyword "minimum" at "#/allOf/1/if/properties/amount" (strictTypes)',
    ],
  },
  'strict-unknown-keyword': {
    areas: 1,
    lines: [
      'AP/schema.json#/properties/amount/exclusiveMinimun: does not compile: strict mode: unknown keyword: "exclusiveMinimun"',
    ],
  },
  'summary-field-missing': {
    areas: 1,
    lines: ['AP/area.json#/summaryField: "vendor" is not a top-level property of the schema'],
  },
  'ui-unknown-key': {
    areas: 1,
    lines: ['AP/ui.json#/lineItems/items/glAcount: "glAcount" is not a property of the schema'],
  },
  'attachments-not-array': {
    areas: 1,
    lines: [
      'AP/ui.json#/notes/ui:widget: "attachments" needs an array of objects with an "id" (a file reference: id, name, size, mediaType)',
    ],
  },
  'ui-unknown-widget': {
    areas: 1,
    lines: [
      'AP/ui.json#/notes/ui:widget: "richtext" is not an rjsf widget or one of ours (richText, attachments, image)',
      // rjsf spells it "alt-date"; "altdate" would fail only when the form renders.
      'AP/ui.json#/dueDate/ui:options/widget: "altdate" is not an rjsf widget or one of ours (richText, attachments, image)',
    ],
  },
};

describe('validateSchemasDir on the broken fixtures', () => {
  it('has an expectation for every fixture folder, so none goes unchecked', () => {
    expect(readdirSync(join(ROOT, FIXTURES)).sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.entries(CASES))(
    '%s: names each problem by file and JSON Pointer, and nothing else',
    async (name, expected) => {
      const report = await validateSchemasDir(join(ROOT, FIXTURES, name));
      expect(report).toEqual({
        areas: expected.areas,
        problems: expected.lines.map((line) => `${FIXTURES}/${name}/${line}`),
      });
    },
  );
});

describe('validateSchemasDir on schemas/', () => {
  it('passes the 27 real areas with no problem', async () => {
    expect(await validateSchemasDir(join(ROOT, 'schemas'))).toEqual({ areas: 27, problems: [] });
  });

  it('refuses a folder that does not exist, or a file, naming it', async () => {
    await expect(validateSchemasDir(join(ROOT, FIXTURES, 'no-such-case'))).rejects.toThrow(
      new SchemasDirError(`${FIXTURES}/no-such-case: the schemas folder does not exist`),
    );
    await expect(validateSchemasDir(join(ROOT, 'package.json'))).rejects.toThrow(
      new SchemasDirError('package.json: is a file, not a schemas folder'),
    );
  });
});

/** Runs the command in-process as the CLI would; resolves its exit code and the lines it wrote. */
async function runInProcess(...args: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runValidateSchemas(args, { out: (line) => stdout.push(line), err: (line) => stderr.push(line) });
  return { code, stdout, stderr };
}

describe('runValidateSchemas (the command, in-process)', () => {
  it('checks schemas/ by default, prints the summary and exits 0', async () => {
    expect(await runInProcess()).toEqual({ code: 0, stdout: ['27 areas checked, 0 problems'], stderr: [] });
  });

  it('prints one line per problem and the summary, and exits 1', async () => {
    expect(await runInProcess(`${FIXTURES}/ui-unknown-key`)).toEqual({
      code: 1,
      stdout: [
        `${FIXTURES}/ui-unknown-key/AP/ui.json#/lineItems/items/glAcount: "glAcount" is not a property of the schema`,
        '1 area checked, 1 problem',
      ],
      stderr: [],
    });
  });

  it('counts every folder and every problem across areas', async () => {
    const result = await runInProcess(`${FIXTURES}/folder-name-invalid`);
    expect(result.code).toBe(1);
    expect(result.stdout).toEqual([
      ...(CASES['folder-name-invalid']?.lines ?? []).map((line) => `${FIXTURES}/folder-name-invalid/${line}`),
      '2 areas checked, 2 problems',
    ]);
  });

  it('exits 2 with a clear message when the schemas folder does not exist', async () => {
    expect(await runInProcess('no-such-folder')).toEqual({
      code: 2,
      stdout: [],
      stderr: ['validate-schemas: no-such-folder: the schemas folder does not exist'],
    });
  });

  it('exits 2 with its usage when given more than one folder', async () => {
    const result = await runInProcess('schemas', 'schemas');
    expect(result.code).toBe(2);
    expect(result.stderr.join('\n')).toContain('Usage: validate-schemas [schemasDir]');
  });
});

describe('npm run validate:schemas (tsx scripts/validate-schemas.ts [schemasDir])', () => {
  // The one test that starts the script as its own process (twice): its exit codes and its output
  // streams. Starting tsx takes seconds on a busy machine, hence its own time limit.
  it('exits 0 with the summary on schemas/ and 1 with the problem lines on a broken folder', async () => {
    expect(await runScript()).toEqual({ code: 0, stdout: '27 areas checked, 0 problems\n', stderr: '' });
    expect(await runScript(`${FIXTURES}/ui-unknown-key`)).toEqual({
      code: 1,
      stdout: [
        `${FIXTURES}/ui-unknown-key/AP/ui.json#/lineItems/items/glAcount: "glAcount" is not a property of the schema`,
        '1 area checked, 1 problem',
        '',
      ].join('\n'),
      stderr: '',
    });
  }, 60_000);
});
