/**
 * `npm run validate:schemas [schemasDir]`: checks every area folder of the schemas folder before
 * the server or the form engine ever sees it, with the server's own judgement of each folder
 * (`discoverAreaFolders` of src/server/domains/areas; docs/behaviour.md "Form areas"): whatever
 * the server would refuse, this refuses with the same message, and whatever the server loads,
 * this accepts.
 *
 * The folder: the argument when given, else `SCHEMAS_DIR` (as the server reads it), else the
 * repository's `schemas/`; a relative path resolves against the working directory.
 *
 * Prints one line per problem, `<folder>/<file>#<JSON Pointer into that file>: <what is wrong>`
 * (the folder relative to the working directory when it is inside it), and one line per warning,
 * prefixed `warning: ` (questionable but valid: the server loads the area, and warnings never make
 * the command fail), then `N areas checked, M problems` (and `, K warnings`). Exit code 0 when
 * there is no problem, 1 when there is one, 2 when the folder cannot be read or the arguments are
 * wrong.
 *
 * The checks are {@link validateSchemasDir} (returns the findings, prints nothing) and the command
 * is {@link runValidateSchemas}; both can be called in-process, as the unit tests do.
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AreaDiscoveryError, discoverAreaFolders } from '../src/server/domains/areas/index';

/** What {@link validateSchemasDir} found: how many area folders, and one line per problem and per warning. */
export type SchemasReport = { areas: number; problems: string[]; warnings: string[] };

/** Thrown by {@link validateSchemasDir} when the schemas folder does not exist or is not a folder. */
export class SchemasDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemasDirError';
  }
}

/** `path` relative to the working directory when it is inside it, with `/` separators. */
function displayPath(path: string): string {
  const rel = relative(process.cwd(), resolve(path));
  const shown = rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : resolve(path);
  return shown.split(sep).join('/');
}

/**
 * Judges every area folder of `dir` as the server does (folders whose names start with a dot, and
 * plain files, are skipped). Returns the number of folders and their problems and warnings, in
 * folder-name order. Throws {@link SchemasDirError} when `dir` cannot be read as a folder.
 */
export async function validateSchemasDir(dir: string): Promise<SchemasReport> {
  let results;
  try {
    results = await discoverAreaFolders(displayPath(dir));
  } catch (error) {
    if (error instanceof AreaDiscoveryError) throw new SchemasDirError(error.problems.join('; '));
    throw error;
  }
  return {
    areas: results.length,
    problems: results.flatMap((result) => result.problems),
    warnings: results.flatMap((result) => result.warnings),
  };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Where {@link runValidateSchemas} writes: standard output and standard error, one line per call. */
export type CliOutput = { out: (line: string) => void; err: (line: string) => void };

const CONSOLE_OUTPUT: CliOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

/**
 * The command without its process: checks `args[0]`, else `env.SCHEMAS_DIR`, else the
 * repository's `schemas/`; writes the problems, the warnings and the summary line to `output`, and
 * resolves to the exit code.
 */
export async function runValidateSchemas(
  args: readonly string[],
  output: CliOutput = CONSOLE_OUTPUT,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  if (args.length > 1 || args[0]?.startsWith('-')) {
    output.err(
      'Usage: validate-schemas [schemasDir]   (default: SCHEMAS_DIR, else the schemas/ folder of the repository)',
    );
    return 2;
  }
  const dir = args[0] ?? (env.SCHEMAS_DIR || fileURLToPath(new URL('../schemas/', import.meta.url)));
  let report: SchemasReport;
  try {
    report = await validateSchemasDir(dir);
  } catch (error) {
    if (!(error instanceof SchemasDirError)) throw error;
    output.err(`validate-schemas: ${error.message}`);
    return 2;
  }
  for (const problem of report.problems) output.out(problem);
  for (const warning of report.warnings) output.out(`warning: ${warning}`);
  const warnings = report.warnings.length ? `, ${plural(report.warnings.length, 'warning')}` : '';
  output.out(`${plural(report.areas, 'area')} checked, ${plural(report.problems.length, 'problem')}${warnings}`);
  return report.problems.length ? 1 : 0;
}

const entry = process.argv[1];
if (entry !== undefined && realpathSync(entry) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runValidateSchemas(process.argv.slice(2));
}
