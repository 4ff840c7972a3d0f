/**
 * Form-area discovery: an area is data, never code, and the folders of `schemas/` are the list of
 * areas (docs/architecture.md "The path of a form area"). Each folder is judged on its own
 * (docs/behaviour.md "Form areas"): its files are read and checked — area.json
 * (./manifest.ts), schema.json (./schema-check.ts, which also compiles the validator submissions
 * are checked with), ui.json (./ui-schema-check.ts), example.json — and every problem is named by
 * file and JSON Pointer. `npm run validate:schemas` prints exactly these problems, and the
 * warnings beside them.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  AREA_KEY_PATTERN,
  RESERVED_ROUTE_SEGMENTS,
  type AreaDefinition,
  type AreaManifest,
} from '../../../shared/area';
import { checkAreaRules } from '../../../shared/area-rules';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json';
import { derefSchema, isObjectRoot, objectFields, schemaType } from '../../../shared/schema-walk';
import type { AreaFile, Finding, Report, Reports } from './findings';
import { checkManifestNames, findPropertyField, readManifest } from './manifest';
import { checkSchema } from './schema-check';
import { checkUiSchema } from './ui-schema-check';
import type { FormValidator } from './validation';
import { validatorModulePath } from './validator-code';

/**
 * An area as loaded from its folder: its definition, the validator its submissions are checked
 * with (compiled once, while the folder was judged), and its example form data. `example` is the
 * example when it is a JSON object (a form whose root is an object); `exampleData` is example.json
 * as read, whatever its root (undefined without example.json).
 */
export type LoadedArea = {
  definition: AreaDefinition;
  example: JsonObject | null;
  exampleData: JsonValue | undefined;
  folder: string;
  validate: FormValidator;
};

/** Thrown with every problem found in `schemas/`, each naming the folder or file at fault. */
export class AreaDiscoveryError extends Error {
  constructor(readonly problems: string[]) {
    super(`The form areas in schemas/ cannot be loaded:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'AreaDiscoveryError';
  }
}

const FILES = ['area.json', 'schema.json', 'ui.json', 'example.json'] as const satisfies readonly AreaFile[];
const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/** One folder's files as read: the JSON of each file present, and the files that are there but unusable. */
type FolderFiles = { json: Partial<Record<AreaFile, JsonValue>>; unreadable: Set<AreaFile> };

/**
 * `folder/file#pointer: message`; `folder/file: message` for the whole file (no pointer, or the
 * empty pointer of a form's root value); `folder: message` for the folder itself.
 */
export function formatFinding(folder: string, finding: Finding): string {
  const where = finding.file ? join(folder, finding.file) : folder;
  return `${where}${finding.pointer ? `#${finding.pointer}` : ''}: ${finding.message}`;
}

/** The texts of an area folder's files, in {@link FILES} order; a file that cannot be read is its error. */
type FolderTexts = (string | NodeJS.ErrnoException)[];

async function readTexts(folder: string): Promise<FolderTexts> {
  return Promise.all(
    FILES.map(async (name) => {
      try {
        return await readFile(join(folder, name), 'utf8');
      } catch (error) {
        return error as NodeJS.ErrnoException;
      }
    }),
  );
}

function parseFiles(texts: FolderTexts, reports: Reports): FolderFiles {
  const files: FolderFiles = { json: {}, unreadable: new Set() };
  FILES.forEach((name, index) => {
    const text = texts[index];
    if (text instanceof Error) {
      if (text.code !== 'ENOENT') {
        reports.problem(name, null, `cannot be read (${text.code ?? text.message})`);
        files.unreadable.add(name);
      } else if (name === 'schema.json') reports.problem(name, null, 'is missing');
      return;
    }
    try {
      files.json[name] = JSON.parse(text ?? '') as JsonValue;
    } catch (error) {
      reports.problem(name, null, `is not valid JSON (${(error as Error).message})`);
      files.unreadable.add(name);
    }
  });
  return files;
}

function checkFolderName(key: string, reports: Reports): void {
  if (!AREA_KEY_PATTERN.test(key)) {
    reports.problem(
      null,
      null,
      `folder name "${key}" is not an area key: letters and digits only (${AREA_KEY_PATTERN})`,
    );
  } else if ((RESERVED_ROUTE_SEGMENTS as readonly string[]).includes(key)) {
    reports.problem(null, null, `folder name "${key}" is a reserved route segment and cannot be an area key`);
  }
}

/** The example against the compiled schema, then against each of the area's rules. */
function checkExample(
  example: JsonValue,
  validate: FormValidator,
  manifest: AreaManifest | null,
  reports: Reports,
): void {
  for (const { path, message } of validate(example)) reports.problem('example.json', path, message);
  manifest?.rules?.forEach((rule, index) => {
    for (const { path, message } of checkAreaRules([rule], example)) {
      reports.problem('example.json', path, `breaks area.json rules[${index}] (${rule.rule}): ${message}`);
    }
  });
}

function isScalarField(root: JsonObject, field: JsonObject): boolean {
  const type = schemaType(root, field);
  return type !== undefined && SCALAR_TYPES.has(type);
}

/**
 * Builds the definition, filling in what `area.json` leaves out: title and description from the
 * schema, group "Other", version 1, the first 4 scalar fields as list columns (none for a form
 * whose root is not an object).
 */
export function buildDefinition(manifest: AreaManifest, schema: JsonObject, uiSchema: JsonObject): AreaDefinition {
  const isObject = isObjectRoot(schema);
  const { fields } = isObject ? objectFields(schema, schema) : { fields: new Map<string, JsonObject>() };
  const propertyField = isObject ? findPropertyField(uiSchema) : undefined;
  const definition: AreaDefinition = {
    key: manifest.key,
    title: manifest.title ?? (typeof schema.title === 'string' && schema.title ? schema.title : manifest.key),
    group: manifest.group ?? 'Other',
    description: manifest.description ?? (typeof schema.description === 'string' ? schema.description : ''),
    version: manifest.version ?? 1,
    schema,
    uiSchema,
    validator: validatorModulePath(manifest.key, schema),
    listColumns:
      manifest.listColumns ??
      [...fields]
        .filter(([, field]) => isScalarField(schema, field))
        .slice(0, 4)
        .map(([name]) => name),
    handlers: manifest.handlers ?? [],
  };
  if (manifest.parent !== undefined) definition.parent = manifest.parent;
  if (manifest.summaryField !== undefined) definition.summaryField = manifest.summaryField;
  if (manifest.rules?.length) definition.rules = manifest.rules;
  if (manifest.approvals?.length) definition.approvals = manifest.approvals;
  if (manifest.ratesTicket !== undefined) definition.ratesTicket = manifest.ratesTicket;
  if (propertyField !== undefined && fields.has(propertyField)) definition.propertyField = propertyField;
  return definition;
}

/** Every check of one folder, in file order: the folder name, area.json, schema.json, ui.json, example.json. */
/** One folder's judgement: its area (or null) and every finding, replayed when the files are unchanged. */
type Judgement = { area: LoadedArea | null; findings: { kind: 'problem' | 'warning'; args: Parameters<Report> }[] };

/**
 * The last judgement of each folder with the texts it was made from. A server re-reads the schemas
 * folder on every change and every re-scan; a folder whose files did not change is not compiled
 * and checked again (re-judging the 27 areas takes ~450 ms; replaying them ~15 ms). One entry per
 * folder path; a folder that leaves its schemas folder is forgotten at the next discovery there.
 */
const lastJudgements = new Map<string, { texts: string; judgement: Judgement }>();

function textKey(texts: FolderTexts): string {
  return JSON.stringify(texts.map((text) => (text instanceof Error ? `!${text.code ?? text.message}` : text)));
}

async function judgeFolder(folder: string, key: string, reports: Reports): Promise<LoadedArea | null> {
  const texts = await readTexts(folder);
  const cacheKey = textKey(texts);
  const cached = lastJudgements.get(folder);
  const judgement = cached?.texts === cacheKey ? cached.judgement : judgeTexts(key, texts);
  if (cached?.texts !== cacheKey) lastJudgements.set(folder, { texts: cacheKey, judgement });
  for (const { kind, args } of judgement.findings) reports[kind](...args);
  // A fresh definition each time: the catalogue sets its `version`, and no caller shares it by accident.
  const { area } = judgement;
  return area === null ? null : { ...area, definition: { ...area.definition }, folder };
}

function judgeTexts(key: string, texts: FolderTexts): Judgement {
  const findings: Judgement['findings'] = [];
  const reports: Reports = {
    problem: (...args) => findings.push({ kind: 'problem', args }),
    warning: (...args) => findings.push({ kind: 'warning', args }),
  };
  return { area: judgeFiles(key, texts, reports), findings };
}

function judgeFiles(key: string, texts: FolderTexts, reports: Reports): LoadedArea | null {
  let problems = 0;
  const counting: Reports = {
    problem: (...args) => {
      problems += 1;
      reports.problem(...args);
    },
    warning: reports.warning,
  };
  checkFolderName(key, counting);
  const { json, unreadable } = parseFiles(texts, counting);
  const manifest = readManifest(json['area.json'], key, unreadable.has('area.json'), counting.problem);
  const { 'schema.json': schemaJson, 'ui.json': ui, 'example.json': example } = json;
  let schema: JsonObject | null = null;
  if (schemaJson !== undefined) {
    if (isJsonObject(schemaJson)) schema = schemaJson;
    else counting.problem('schema.json', null, 'must be a JSON object (a JSON Schema)');
  }
  if (ui !== undefined && !isJsonObject(ui)) counting.problem('ui.json', null, 'must be a JSON object (a UI schema)');
  const uiSchema = isJsonObject(ui) ? ui : {};
  if (manifest && schema) checkManifestNames(manifest, schema, uiSchema, counting.problem);
  const validate = schema ? checkSchema(schema, counting) : null;
  if (schema && isJsonObject(ui) && derefSchema(schema, schema)) checkUiSchema(ui, schema, counting);
  if (example !== undefined && validate) checkExample(example, validate, manifest, counting);
  if (problems || !manifest || !schema || !validate) return null;
  return {
    definition: buildDefinition(manifest, schema, uiSchema),
    example: isJsonObject(example) ? example : null,
    exampleData: example,
    folder: '',
    validate,
  };
}

/**
 * One folder of the schemas folder as discovery judged it: the area when it loads, otherwise
 * `null`; every problem found (`problems` is empty exactly when `area` is set) and every warning
 * (questionable but valid: the area loads), each `<folder>/<file>#<JSON Pointer>: <message>`.
 */
export type AreaFolderResult = {
  key: string;
  folder: string;
  area: LoadedArea | null;
  problems: string[];
  warnings: string[];
};

/**
 * A nested area's parent must be another, un-nested area that loads and whose root is an object:
 * the problem, or null. `results` are all folders of the schemas folder, judged on their own.
 */
function parentProblem(
  area: LoadedArea,
  results: ReadonlyMap<string, AreaFolderResult>,
  schemasDir: string,
): string | null {
  const { definition, folder } = area;
  const { parent } = definition;
  if (parent === undefined) return null;
  const at = (message: string) => formatFinding(folder, { file: 'area.json', pointer: '/parent', message });
  if (parent === definition.key) return at(`"${parent}" is this area; an area cannot be its own parent`);
  const result = results.get(parent);
  if (!result) return at(`"${parent}" is not an area folder in ${schemasDir}`);
  if (!result.area) return at(`"${parent}" is refused (see its problems), so this area nested under it is refused too`);
  if (result.area.definition.parent !== undefined) {
    return at(`"${parent}" is itself nested; only one level of nesting is supported`);
  }
  if (!isObjectRoot(result.area.definition.schema)) {
    return at(`"${parent}" is a form of one field (its root is not an object): it cannot have nested areas`);
  }
  return null;
}

/**
 * Judges every folder of `schemasDir` on its own (dot-folders and plain files are ignored), in
 * folder-name order: a broken folder never hides the others. A nested area whose parent is
 * missing, refused or itself nested is refused too. Throws {@link AreaDiscoveryError} only when
 * `schemasDir` itself cannot be read. Paths in the messages start with `schemasDir` as given.
 */
export async function discoverAreaFolders(schemasDir: string): Promise<AreaFolderResult[]> {
  let entries;
  try {
    entries = await readdir(schemasDir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOTDIR'
        ? 'is a file, not a schemas folder'
        : code === 'ENOENT'
          ? 'the schemas folder does not exist (set SCHEMAS_DIR)'
          : `cannot be read (${code ?? 'error'})`;
    throw new AreaDiscoveryError([`${schemasDir}: ${why}`]);
  }
  const keys = entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
  const present = new Set(keys.map((key) => join(schemasDir, key)));
  for (const folder of lastJudgements.keys()) {
    if (dirname(folder) === join(schemasDir) && !present.has(folder)) lastJudgements.delete(folder);
  }
  const results = await Promise.all(
    keys.map(async (key): Promise<AreaFolderResult> => {
      const folder = join(schemasDir, key);
      const problems: string[] = [];
      const warnings: string[] = [];
      const reports: Reports = {
        problem: (file, pointer, message) => problems.push(formatFinding(folder, { file, pointer, message })),
        warning: (file, pointer, message) => warnings.push(formatFinding(folder, { file, pointer, message })),
      };
      const area = await judgeFolder(folder, key, reports);
      return { key, folder, area, problems, warnings };
    }),
  );
  const byKey = new Map(results.map((result) => [result.key, result]));
  const refused = results.flatMap((result) => {
    const problem = result.area ? parentProblem(result.area, byKey, schemasDir) : null;
    return problem ? [{ result, problem }] : [];
  });
  for (const { result, problem } of refused) {
    result.problems.push(problem);
    result.area = null;
  }
  return results;
}

/**
 * Loads every area folder under `schemasDir`, sorted by title. Throws {@link AreaDiscoveryError}
 * listing every problem of every folder ({@link discoverAreaFolders}).
 */
export async function discoverAreas(schemasDir: string): Promise<LoadedArea[]> {
  const results = await discoverAreaFolders(schemasDir);
  const problems = results.flatMap((result) => result.problems);
  if (problems.length) throw new AreaDiscoveryError(problems);
  return results
    .flatMap((result) => (result.area ? [result.area] : []))
    .sort((a, b) => a.definition.title.localeCompare(b.definition.title, 'en'));
}
