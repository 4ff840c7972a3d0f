/**
 * `npm run validate:schemas [schemasDir]`: checks every area folder of `schemas/` (or
 * `schemasDir`) before the server or the form engine ever sees it.
 *
 * Per folder: the folder name is an area key and equals `area.json` `key`; `area.json` has only
 * known fields of the right types, its `listColumns`/`summaryField` are top-level properties, its
 * rules name real properties and its `parent` is another, un-nested area folder; `schema.json`
 * compiles with ajv in strict mode (the shared form options, ajv-formats and rjsf's extra
 * formats) and every `required` name is a property; every key of `ui.json` is a property (nested
 * objects, `items` of arrays), every widget is rjsf's or ours, `ui:order` names real properties
 * and leaves none out; `example.json` is valid against the schema and keeps the area's rules.
 *
 * Prints one line per problem, `<file>#<JSON Pointer into that file>: <what is wrong>` (the file
 * relative to the working directory), then `N areas checked, M problems`. Exit code 0 when there
 * is no problem, 1 when there is one, 2 when the folder does not exist or the arguments are wrong.
 *
 * The checks are {@link validateSchemasDir} (returns the problems, prints nothing) and the command
 * is {@link runValidateSchemas}; both can be called in-process, as the unit tests do.
 */
import { readdir, readFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { AreaManifestSchema, AreaRuleSchema, checkManifest } from '../src/server/domains/areas/discovery';
import { AREA_KEY_PATTERN, RESERVED_ROUTE_SEGMENTS, type AreaManifest } from '../src/shared/area';
import { checkAreaRules, describeRuleProblems } from '../src/shared/area-rules';
import { escapePointerToken, FORM_AJV_OPTIONS, RJSF_EXTRA_FORMATS, toFieldErrors } from '../src/shared/form-validation';
import { isJsonObject, type JsonObject, type JsonValue } from '../src/shared/json';
import { requiredProblems, schemaPointerOf } from './lib/schema-walk';
import { uiSchemaProblems } from './lib/ui-schema-check';

/** What {@link validateSchemasDir} found: how many area folders, and one line per problem. */
export type SchemasReport = { areas: number; problems: string[] };

/** Thrown by {@link validateSchemasDir} when the schemas folder does not exist or is not a folder. */
export class SchemasDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemasDirError';
  }
}

/** One area folder as read from disk: the files that are present and JSON, and why others are not. */
type AreaFolder = {
  key: string;
  folder: string;
  files: Partial<Record<AreaFile, JsonValue>>;
  unreadable: Set<AreaFile>;
  readProblems: string[];
};
type AreaFile = 'area.json' | 'schema.json' | 'ui.json' | 'example.json';
/** Adds one problem: the file at fault (or the folder itself), a JSON Pointer into it, the message. */
type Report = (file: AreaFile | null, pointer: string | null, message: string) => void;
/** What a folder's checks may know of the others: folder names and their declared parents. */
type Siblings = { dir: string; keys: ReadonlySet<string>; parents: ReadonlyMap<string, string> };

const REQUIRED_FILES = new Set<AreaFile>(['schema.json']);
const MANIFEST_FIELDS = Object.keys(AreaManifestSchema.properties).join(', ');
const RULE_KINDS = AreaRuleSchema.anyOf.map((rule) => JSON.stringify(rule.properties.rule.const)).join(', ');

/** `path` relative to the working directory when it is inside it, with `/` separators. */
function displayPath(path: string): string {
  const rel = relative(process.cwd(), resolve(path));
  const shown = rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : resolve(path);
  return shown.split(sep).join('/');
}

function pointerOf(...tokens: Array<string | number>): string {
  return tokens.map((token) => `/${escapePointerToken(String(token))}`).join('');
}

async function readArea(dir: string, key: string): Promise<AreaFolder> {
  const folder = join(dir, key);
  const area: AreaFolder = { key, folder, files: {}, unreadable: new Set(), readProblems: [] };
  for (const name of ['area.json', 'schema.json', 'ui.json', 'example.json'] as const) {
    const file = join(folder, name);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== 'ENOENT') area.readProblems.push(`${displayPath(file)}: cannot be read (${String(code)})`);
      else if (REQUIRED_FILES.has(name)) area.readProblems.push(`${displayPath(file)}: is missing`);
      if (code !== 'ENOENT') area.unreadable.add(name);
      continue;
    }
    try {
      area.files[name] = JSON.parse(text) as JsonValue;
    } catch (error) {
      area.readProblems.push(`${displayPath(file)}: is not valid JSON (${(error as Error).message})`);
      area.unreadable.add(name);
    }
  }
  return area;
}

function checkFolderName(key: string, report: Report): void {
  if (!AREA_KEY_PATTERN.test(key)) {
    report(null, null, `folder name "${key}" is not an area key: letters and digits only (${AREA_KEY_PATTERN})`);
  } else if ((RESERVED_ROUTE_SEGMENTS as readonly string[]).includes(key)) {
    report(null, null, `folder name "${key}" is a reserved route segment and cannot be an area key`);
  }
}

/** One line per ajv error of `area.json`, on the field at fault; the first message per field. */
function manifestErrors(errors: readonly ErrorObject[], report: Report): void {
  const seen = new Set<string>();
  for (const error of errors) {
    let pointer = error.instancePath;
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'required') {
      pointer += pointerOf(String(error.params.missingProperty));
      message = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      pointer += pointerOf(String(error.params.additionalProperty));
      message = `is not a field of area.json (its fields: ${MANIFEST_FIELDS})`;
    } else if (error.keyword === 'discriminator') {
      // Only `rules` items are tagged (by `rule`): an unknown tag names no kind of rule.
      pointer += pointerOf(String(error.params.tag));
      message = `must be one of ${RULE_KINDS}`;
    } else if (error.keyword === 'enum') {
      message = `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    }
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    report('area.json', pointer, message);
  }
}

/** The area's manifest (defaults when `area.json` is absent), or `null` when it is unusable. */
function checkManifestFile(area: AreaFolder, report: Report): AreaManifest | null {
  // Without area.json the server uses defaults; an unreadable one it refuses.
  if (!('area.json' in area.files)) return area.unreadable.has('area.json') ? null : { key: area.key };
  const value = area.files['area.json'];
  if (!checkManifest(value)) {
    manifestErrors(checkManifest.errors ?? [], report);
    return null;
  }
  if (value.key !== area.key) {
    report('area.json', '/key', `"${value.key}" does not match the folder name "${area.key}"; they must be equal`);
    return null;
  }
  return value;
}

function checkParent(manifest: AreaManifest, siblings: Siblings, report: Report): void {
  const { parent } = manifest;
  if (parent === undefined) return;
  if (parent === manifest.key)
    report('area.json', '/parent', `"${parent}" is this area; an area cannot be its own parent`);
  else if (!siblings.keys.has(parent)) {
    report('area.json', '/parent', `"${parent}" is not an area folder in ${displayPath(siblings.dir)}`);
  } else if (siblings.parents.has(parent)) {
    report('area.json', '/parent', `"${parent}" is itself nested; only one level of nesting is supported`);
  }
}

/** listColumns, summaryField and rules against the schema's properties. */
function checkManifestNames(manifest: AreaManifest, schema: JsonObject, report: Report): void {
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const isTopLevel = (name: string) => Object.hasOwn(properties, name);
  manifest.listColumns?.forEach((column, index) => {
    if (!isTopLevel(column)) {
      report('area.json', pointerOf('listColumns', index), `"${column}" is not a top-level property of the schema`);
    }
  });
  const { summaryField } = manifest;
  if (summaryField !== undefined && !isTopLevel(summaryField)) {
    report('area.json', '/summaryField', `"${summaryField}" is not a top-level property of the schema`);
  }
  manifest.rules?.forEach((rule, index) => {
    // describeRuleProblems numbers the rules it is given; given one, strip its "rules[0] (kind): ".
    const prefix = `rules[0] (${rule.rule}): `;
    for (const problem of describeRuleProblems([rule], schema)) {
      report(
        'area.json',
        pointerOf('rules', index),
        problem.startsWith(prefix) ? problem.slice(prefix.length) : problem,
      );
    }
  });
}

/** ajv configured as the server and the client configure it; `strict` adds strict mode. */
function createFormAjv(isStrict: boolean): Ajv {
  const ajv = new Ajv(isStrict ? { ...FORM_AJV_OPTIONS, strict: true } : { ...FORM_AJV_OPTIONS, logger: false });
  addFormats(ajv);
  for (const [name, pattern] of Object.entries(RJSF_EXTRA_FORMATS)) ajv.addFormat(name, pattern);
  return ajv;
}

/**
 * Compiles the schema in strict mode and reports why it does not compile. Returns the validator
 * for the example: when strict mode refuses the schema, one compiled with the server's own
 * (non-strict) options, so the example is still checked as the server would check a submission.
 */
function compileSchema(
  schema: JsonObject,
  reportedRequired: ReadonlySet<string>,
  report: Report,
): ValidateFunction | null {
  const ajv = createFormAjv(true);
  let isMetaValid: boolean;
  try {
    isMetaValid = ajv.validateSchema(schema) as boolean;
  } catch (error) {
    // An unknown "$schema": ajv has no meta-schema to check against.
    report('schema.json', '/$schema', `does not compile: ${(error as Error).message}`);
    return null;
  }
  if (!isMetaValid) {
    const seen = new Set<string>();
    for (const error of ajv.errors ?? []) {
      if (seen.has(error.instancePath)) continue;
      seen.add(error.instancePath);
      report('schema.json', error.instancePath, `is not valid JSON Schema: ${error.message ?? 'is invalid'}`);
    }
    return null;
  }
  try {
    return ajv.compile(schema);
  } catch (error) {
    const { message } = error as Error;
    // A strictRequired error about a name requiredProblems reported says it again, without the pointer.
    const required = /required property "([^"]*)" is not defined at .*\(strictRequired\)/.exec(message)?.[1];
    if (required === undefined || !reportedRequired.has(required)) {
      report('schema.json', schemaPointerOf(message, schema), `does not compile: ${message}`);
    }
  }
  try {
    return createFormAjv(false).compile(schema);
  } catch {
    return null;
  }
}

/** The example against the compiled schema, then against each of the area's rules. */
function checkExample(
  example: JsonObject,
  validate: ValidateFunction,
  manifest: AreaManifest | null,
  report: Report,
): void {
  if (!validate(example)) {
    for (const { path, message } of toFieldErrors(validate.errors)) report('example.json', path, message);
  }
  manifest?.rules?.forEach((rule, index) => {
    for (const { path, message } of checkAreaRules([rule], example)) {
      report('example.json', path, `breaks area.json rules[${index}] (${rule.rule}): ${message}`);
    }
  });
}

/** Every check of one area folder, in file order: area.json, schema.json, ui.json, example.json. */
function checkArea(area: AreaFolder, siblings: Siblings): string[] {
  const problems = [...area.readProblems];
  const report: Report = (file, pointer, message) => {
    const where = displayPath(file ? join(area.folder, file) : area.folder);
    problems.push(`${where}${pointer === null ? '' : `#${pointer}`}: ${message}`);
  };
  checkFolderName(area.key, report);
  const manifest = checkManifestFile(area, report);
  const { 'schema.json': schemaJson, 'ui.json': ui, 'example.json': example } = area.files;
  let schema: JsonObject | null = null;
  if (schemaJson !== undefined) {
    if (!isJsonObject(schemaJson)) report('schema.json', null, 'must be a JSON object (a JSON Schema)');
    else if (schemaJson.type !== 'object') report('schema.json', '/type', 'must be "object": a form is an object');
    else schema = schemaJson;
  }
  if (manifest) checkParent(manifest, siblings, report);
  if (manifest && schema) checkManifestNames(manifest, schema, report);
  let validate: ValidateFunction | null = null;
  if (schema) {
    const required = requiredProblems(schema);
    for (const { pointer, message } of required) report('schema.json', pointer, message);
    validate = compileSchema(schema, new Set(required.map((problem) => problem.name)), report);
  }
  if (ui !== undefined && !isJsonObject(ui)) report('ui.json', null, 'must be a JSON object (a UI schema)');
  else if (ui !== undefined && schema) {
    for (const { pointer, message } of uiSchemaProblems(ui, schema)) report('ui.json', pointer, message);
  }
  if (example !== undefined && !isJsonObject(example)) report('example.json', null, 'must be a JSON object');
  else if (example !== undefined && validate) checkExample(example, validate, manifest, report);
  return problems;
}

/**
 * Validates every area folder of `dir` (folders whose names start with a dot, and plain files,
 * are skipped, as the server skips them). Returns the number of folders checked and one line per
 * problem, folders in name order. Throws {@link SchemasDirError} when `dir` is not a folder.
 */
export async function validateSchemasDir(dir: string): Promise<SchemasReport> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why: Record<string, string> = {
      ENOENT: 'the schemas folder does not exist',
      ENOTDIR: 'is a file, not a schemas folder',
    };
    throw new SchemasDirError(`${displayPath(dir)}: ${why[String(code)] ?? `cannot be read (${String(code)})`}`);
  }
  const keys = entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  const areas = await Promise.all(keys.map((key) => readArea(dir, key)));
  const parents = new Map<string, string>();
  for (const { key, files } of areas) {
    const manifest = files['area.json'];
    if (isJsonObject(manifest) && typeof manifest.parent === 'string') parents.set(key, manifest.parent);
  }
  const siblings: Siblings = { dir, keys: new Set(keys), parents };
  return { areas: areas.length, problems: areas.flatMap((area) => checkArea(area, siblings)) };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Where {@link runValidateSchemas} writes: standard output and standard error, one line per call. */
export type CliOutput = { out: (line: string) => void; err: (line: string) => void };

const CONSOLE_OUTPUT: CliOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

/**
 * The command without its process: checks `args[0]` (default: the repository's `schemas/`),
 * writes the problems and the summary line to `output`, and resolves to the exit code.
 */
export async function runValidateSchemas(
  args: readonly string[],
  output: CliOutput = CONSOLE_OUTPUT,
): Promise<number> {
  if (args.length > 1 || args[0]?.startsWith('-')) {
    output.err('Usage: validate-schemas [schemasDir]   (default: the schemas/ folder of the repository)');
    return 2;
  }
  const dir = args[0] ?? fileURLToPath(new URL('../schemas/', import.meta.url));
  let report: SchemasReport;
  try {
    report = await validateSchemasDir(dir);
  } catch (error) {
    if (!(error instanceof SchemasDirError)) throw error;
    output.err(`validate-schemas: ${error.message}`);
    return 2;
  }
  for (const problem of report.problems) output.out(problem);
  output.out(`${plural(report.areas, 'area')} checked, ${plural(report.problems.length, 'problem')}`);
  return report.problems.length ? 1 : 0;
}

const entry = process.argv[1];
if (entry !== undefined && realpathSync(entry) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runValidateSchemas(process.argv.slice(2));
}
