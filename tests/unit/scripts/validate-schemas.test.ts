import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runValidateSchemas, SchemasDirError, validateSchemasDir } from '../../../scripts/validate-schemas';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Relative to the repository root, which is the working directory of the test run. */
const BROKEN = 'tests/fixtures/rjsf-corpus/broken';
const QUESTIONABLE = 'tests/fixtures/rjsf-corpus/questionable';
const UI_UNKNOWN_KEY = `${BROKEN}/ui-unknown-key/AP/ui.json#/lineItems/items/glAcount: "glAcount" is not a field of the schema`;
const TSX_CLI = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** Runs `tsx scripts/validate-schemas.ts …args` in the repository root, as `npm run validate:schemas` does. */
function runScript(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    // the run's own SCHEMAS_DIR (if any) must not leak into the script
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'SCHEMAS_DIR'));
    execFile(
      process.execPath,
      [TSX_CLI, 'scripts/validate-schemas.ts', ...args],
      { cwd: ROOT, timeout: 50_000, env: { ...inherited, ...env } },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        done({ code, stdout, stderr });
      },
    );
  });
}

/** Runs the command in-process as the CLI would; resolves its exit code and the lines it wrote. */
async function runInProcess(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const output = { out: (line: string) => stdout.push(line), err: (line: string) => stderr.push(line) };
  const code = await runValidateSchemas(args, output, env);
  return { code, stdout, stderr };
}

describe('validateSchemasDir', () => {
  it('passes the 27 real areas with no problem and no warning', async () => {
    expect(await validateSchemasDir(join(ROOT, 'schemas'))).toEqual({ areas: 27, problems: [], warnings: [] });
  });

  it('refuses a folder that does not exist, or a file, naming it', async () => {
    await expect(validateSchemasDir(`${BROKEN}/no-such-case`)).rejects.toThrow(
      new SchemasDirError(`${BROKEN}/no-such-case: the schemas folder does not exist (set SCHEMAS_DIR)`),
    );
    await expect(validateSchemasDir(join(ROOT, 'package.json'))).rejects.toThrow(
      new SchemasDirError('package.json: is a file, not a schemas folder'),
    );
  });
});

describe('runValidateSchemas (the command, in-process)', () => {
  it('checks schemas/ when given neither a folder nor SCHEMAS_DIR, prints the summary and exits 0', async () => {
    expect(await runInProcess([], {})).toEqual({ code: 0, stdout: ['27 areas checked, 0 problems'], stderr: [] });
  });

  it('checks SCHEMAS_DIR when given no folder, as the server reads it', async () => {
    expect(await runInProcess([], { SCHEMAS_DIR: `${BROKEN}/ui-unknown-key` })).toEqual({
      code: 1,
      stdout: [UI_UNKNOWN_KEY, '1 area checked, 1 problem'],
      stderr: [],
    });
  });

  it('checks the folder argument, which wins over SCHEMAS_DIR', async () => {
    const result = await runInProcess([`${BROKEN}/ui-unknown-key`], { SCHEMAS_DIR: 'schemas' });
    expect(result).toEqual({ code: 1, stdout: [UI_UNKNOWN_KEY, '1 area checked, 1 problem'], stderr: [] });
  });

  it('resolves a relative or absolute folder alike and names files relative to the working directory', async () => {
    const absolute = await runInProcess([resolve(ROOT, `${BROKEN}/ui-unknown-key`)]);
    expect(absolute.stdout).toEqual([UI_UNKNOWN_KEY, '1 area checked, 1 problem']);
  });

  it('prints warnings with a "warning: " prefix and still exits 0', async () => {
    const result = await runInProcess([QUESTIONABLE]);
    expect(result.code).toBe(0);
    expect(result.stdout.slice(0, -1).every((line) => line.startsWith(`warning: ${QUESTIONABLE}/Odd/`))).toBe(true);
    expect(result.stdout.at(-1)).toBe('1 area checked, 0 problems, 8 warnings');
  });

  it('counts every folder and every problem across areas', async () => {
    const result = await runInProcess([`${BROKEN}/folder-name-invalid`]);
    expect(result).toEqual({
      code: 1,
      stdout: [
        `${BROKEN}/folder-name-invalid/Accounts-Payable: folder name "Accounts-Payable" is not an area key: letters and digits only (/^[A-Za-z0-9][A-Za-z0-9]{0,63}$/)`,
        `${BROKEN}/folder-name-invalid/Forms: folder name "Forms" is a reserved route segment and cannot be an area key`,
        '2 areas checked, 2 problems',
      ],
      stderr: [],
    });
  });

  it('exits 2 with a clear message when the schemas folder does not exist', async () => {
    expect(await runInProcess(['no-such-folder'])).toEqual({
      code: 2,
      stdout: [],
      stderr: ['validate-schemas: no-such-folder: the schemas folder does not exist (set SCHEMAS_DIR)'],
    });
    expect((await runInProcess([], { SCHEMAS_DIR: 'no-such-folder' })).code).toBe(2);
  });

  it('exits 2 with its usage when given more than one folder', async () => {
    const result = await runInProcess(['schemas', 'schemas']);
    expect(result.code).toBe(2);
    expect(result.stderr.join('\n')).toContain('Usage: validate-schemas [schemasDir]');
  });
});

describe('npm run validate:schemas (tsx scripts/validate-schemas.ts [schemasDir])', () => {
  // The one test that starts the script as its own process (three times): its exit codes, its
  // output streams, and SCHEMAS_DIR read from its environment. Starting tsx takes seconds on a busy
  // machine, hence its own time limit.
  it('exits 0 on schemas/, 1 on a broken SCHEMAS_DIR, and takes the argument over SCHEMAS_DIR', async () => {
    expect(await runScript([])).toEqual({ code: 0, stdout: '27 areas checked, 0 problems\n', stderr: '' });
    const broken = { code: 1, stdout: `${UI_UNKNOWN_KEY}\n1 area checked, 1 problem\n`, stderr: '' };
    expect(await runScript([], { SCHEMAS_DIR: `${BROKEN}/ui-unknown-key` })).toEqual(broken);
    expect(await runScript([`${BROKEN}/ui-unknown-key`], { SCHEMAS_DIR: 'schemas' })).toEqual(broken);
  }, 90_000);
});
