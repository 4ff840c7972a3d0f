/**
 * Form-area discovery: an area is data, never code, and the folders of `schemas/` are the list of
 * areas (docs/architecture.md "The path of a form area"). Every folder of `schemas/` is an area;
 * its files are described in src/shared/area.ts.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { Type } from 'typebox';
import {
  AREA_KEY_PATTERN,
  OPTIONS_FROM_KEY,
  RESERVED_ROUTE_SEGMENTS,
  type AreaDefinition,
  type AreaManifest,
} from '../../../shared/area';
import { COMPARE_OPS, describeRuleProblems, type AreaRule } from '../../../shared/area-rules';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json';

/** An area as loaded from its folder, with its example form data when there is one. */
export type LoadedArea = { definition: AreaDefinition; example: JsonObject | null; folder: string };

/** Thrown with every problem found in `schemas/`, each naming the folder or file at fault. */
export class AreaDiscoveryError extends Error {
  constructor(readonly problems: string[]) {
    super(`The form areas in schemas/ cannot be loaded:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'AreaDiscoveryError';
  }
}

const CompareRuleSchema = Type.Object(
  {
    rule: Type.Literal('compare'),
    field: Type.String(),
    op: Type.Enum(COMPARE_OPS),
    other: Type.String(),
    each: Type.Optional(Type.String()),
    message: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);
const SumRuleSchema = Type.Object(
  {
    rule: Type.Literal('sum'),
    each: Type.String(),
    field: Type.String(),
    equals: Type.String(),
    message: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);

/** `AreaRule` (src/shared/area-rules.ts): one entry of `area.json` `rules`, closed so a misspelt key is refused. */
export const AreaRuleSchema = Type.Union([CompareRuleSchema, SumRuleSchema]);

/** The same, tagged by `rule` for reading area.json: ajv then reports only the named kind's problems. */
const TaggedRuleSchema = Type.Unsafe<AreaRule>({
  type: 'object',
  required: ['rule'],
  discriminator: { propertyName: 'rule' },
  oneOf: [CompareRuleSchema, SumRuleSchema],
});

/** `AreaManifest` (src/shared/area.ts): `area.json`, closed so a misspelt field is refused. */
export const AreaManifestSchema = Type.Object(
  {
    key: Type.String(),
    title: Type.Optional(Type.String({ minLength: 1 })),
    group: Type.Optional(Type.String({ minLength: 1 })),
    description: Type.Optional(Type.String()),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    listColumns: Type.Optional(Type.Array(Type.String())),
    summaryField: Type.Optional(Type.String()),
    handlers: Type.Optional(Type.Array(Type.String())),
    parent: Type.Optional(Type.String()),
    rules: Type.Optional(Type.Array(TaggedRuleSchema)),
    ratesTicket: Type.Optional(
      Type.Object(
        {
          ticketField: Type.String({ minLength: 1 }),
          ratingField: Type.Optional(Type.String({ minLength: 1 })),
          reopenField: Type.Optional(Type.String({ minLength: 1 })),
          reopenReasonField: Type.Optional(Type.String({ minLength: 1 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
/**
 * Checks parsed `area.json` contents against {@link AreaManifestSchema}; on failure its `errors`
 * are ajv errors whose instance paths are JSON Pointers into the file. Also used by
 * scripts/validate-schemas.ts.
 */
export const checkManifest = new Ajv({ allErrors: true, strict: false, discriminator: true }).compile<AreaManifest>(
  AreaManifestSchema,
);

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

async function readJson(file: string, problems: string[], required: boolean): Promise<JsonValue | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT' && !required) return undefined;
    problems.push(`${file}: cannot be read (${(error as Error).message})`);
    return undefined;
  }
  try {
    return JSON.parse(text) as JsonValue;
  } catch (error) {
    problems.push(`${file}: is not valid JSON (${(error as Error).message})`);
    return undefined;
  }
}

function topLevelProperties(schema: JsonObject): Record<string, JsonObject> {
  const props = schema.properties;
  if (!isJsonObject(props)) return {};
  return Object.fromEntries(
    Object.entries(props).filter((entry): entry is [string, JsonObject] => isJsonObject(entry[1])),
  );
}

function isScalarProperty(property: JsonObject): boolean {
  const { type } = property;
  if (typeof type === 'string') return SCALAR_TYPES.has(type);
  return type === undefined && Array.isArray(property.enum);
}

/** Every top-level property whose UI schema says `optionsFrom: "properties"` (either `ui:options` or `ui:optionsFrom`). */
export function findPropertyFields(uiSchema: JsonObject): string[] {
  return Object.keys(uiSchema).filter((field) => {
    const ui = uiSchema[field];
    if (!isJsonObject(ui)) return false;
    const options = ui['ui:options'];
    const source = isJsonObject(options) ? options[OPTIONS_FROM_KEY] : ui[`ui:${OPTIONS_FROM_KEY}`];
    return source === 'properties';
  });
}

/**
 * The ticket's property: the property-option field named `property` when there is one (Reclass
 * also has a `toProperty` picker), otherwise the first such field.
 */
export function findPropertyField(uiSchema: JsonObject): string | undefined {
  const fields = findPropertyFields(uiSchema);
  return fields.includes('property') ? 'property' : fields[0];
}

function checkFolderName(key: string, folder: string, problems: string[]): boolean {
  if (!AREA_KEY_PATTERN.test(key)) {
    problems.push(
      `${folder}: folder name "${key}" is not a valid area key (letters and digits only, ${AREA_KEY_PATTERN})`,
    );
    return false;
  }
  if ((RESERVED_ROUTE_SEGMENTS as readonly string[]).includes(key)) {
    problems.push(`${folder}: "${key}" is a reserved route segment and cannot be an area key`);
    return false;
  }
  return true;
}

function readManifest(
  value: JsonValue | undefined,
  key: string,
  file: string,
  problems: string[],
): AreaManifest | null {
  if (value === undefined) return { key };
  if (!checkManifest(value)) {
    for (const e of checkManifest.errors ?? []) {
      const extra = e.keyword === 'additionalProperties' ? ` ("${String(e.params.additionalProperty)}")` : '';
      problems.push(`${file}: ${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}${extra}`);
    }
    return null;
  }
  if (value.key !== key) {
    problems.push(`${file}: "key" is "${value.key}" but the folder is "${key}"; they must be equal`);
    return null;
  }
  return value;
}

function checkFieldNames(manifest: AreaManifest, schema: JsonObject, file: string, problems: string[]): void {
  const props = topLevelProperties(schema);
  for (const column of manifest.listColumns ?? []) {
    if (!props[column]) {
      problems.push(`${file}: listColumns names "${column}", which is not a top-level property of schema.json`);
    }
  }
  if (manifest.summaryField !== undefined && !props[manifest.summaryField]) {
    problems.push(`${file}: summaryField "${manifest.summaryField}" is not a top-level property of schema.json`);
  }
  const link = manifest.ratesTicket;
  if (link && props[link.ticketField]?.type !== 'string') {
    problems.push(
      `${file}: ratesTicket.ticketField "${link.ticketField}" is not a top-level string property of schema.json`,
    );
  }
  if (link?.ratingField !== undefined && props[link.ratingField]?.type !== 'integer') {
    problems.push(
      `${file}: ratesTicket.ratingField "${link.ratingField}" is not a top-level integer property of schema.json`,
    );
  }
  if (link?.reopenField !== undefined && props[link.reopenField]?.type !== 'boolean') {
    problems.push(
      `${file}: ratesTicket.reopenField "${link.reopenField}" is not a top-level boolean property of schema.json`,
    );
  }
  if (link?.reopenReasonField !== undefined && props[link.reopenReasonField]?.type !== 'string') {
    problems.push(
      `${file}: ratesTicket.reopenReasonField "${link.reopenReasonField}" is not a top-level string property of schema.json`,
    );
  }
  for (const problem of describeRuleProblems(manifest.rules ?? [], schema)) {
    problems.push(`${file}: area ${manifest.key} ${problem}`);
  }
}

/**
 * Builds the definition, filling in what `area.json` leaves out: title and description from the
 * schema, group "Other", version 1, the first 4 scalar top-level properties as list columns.
 */
export function buildDefinition(manifest: AreaManifest, schema: JsonObject, uiSchema: JsonObject): AreaDefinition {
  const props = topLevelProperties(schema);
  const propertyField = findPropertyField(uiSchema);
  const definition: AreaDefinition = {
    key: manifest.key,
    title: manifest.title ?? (typeof schema.title === 'string' && schema.title ? schema.title : manifest.key),
    group: manifest.group ?? 'Other',
    description: manifest.description ?? (typeof schema.description === 'string' ? schema.description : ''),
    version: manifest.version ?? 1,
    schema,
    uiSchema,
    listColumns:
      manifest.listColumns ??
      Object.entries(props)
        .filter(([, p]) => isScalarProperty(p))
        .slice(0, 4)
        .map(([name]) => name),
    handlers: manifest.handlers ?? [],
  };
  if (manifest.parent !== undefined) definition.parent = manifest.parent;
  if (manifest.summaryField !== undefined) definition.summaryField = manifest.summaryField;
  if (manifest.rules?.length) definition.rules = manifest.rules;
  if (manifest.ratesTicket !== undefined) definition.ratesTicket = manifest.ratesTicket;
  if (propertyField !== undefined && props[propertyField]) definition.propertyField = propertyField;
  return definition;
}

async function loadArea(schemasDir: string, key: string, own: string[]): Promise<LoadedArea | null> {
  const folder = join(schemasDir, key);
  if (!checkFolderName(key, folder, own)) return null;
  const manifestFile = join(folder, 'area.json');
  const schemaFile = join(folder, 'schema.json');
  const [manifestJson, schema, ui, example] = await Promise.all([
    readJson(manifestFile, own, false),
    readJson(schemaFile, own, true),
    readJson(join(folder, 'ui.json'), own, false),
    readJson(join(folder, 'example.json'), own, false),
  ]);
  const manifest = readManifest(manifestJson, key, manifestFile, own);
  if (schema !== undefined && (!isJsonObject(schema) || schema.type !== 'object')) {
    own.push(`${schemaFile}: must be a JSON Schema of "type": "object"`);
  }
  if (ui !== undefined && !isJsonObject(ui)) own.push(`${join(folder, 'ui.json')}: must be a JSON object`);
  if (example !== undefined && !isJsonObject(example)) {
    own.push(`${join(folder, 'example.json')}: must be a JSON object`);
  }
  if (manifest && isJsonObject(schema)) checkFieldNames(manifest, schema, manifestFile, own);
  if (own.length || !manifest || !isJsonObject(schema)) return null;
  const uiSchema = isJsonObject(ui) ? ui : {};
  return {
    definition: buildDefinition(manifest, schema, uiSchema),
    example: isJsonObject(example) ? example : null,
    folder,
  };
}

/**
 * One folder of the schemas folder as discovery judged it: the area when it loads, otherwise
 * `null` and every problem found, each naming the file at fault. `problems` is empty exactly when
 * `area` is set.
 */
export type AreaFolderResult = { key: string; folder: string; area: LoadedArea | null; problems: string[] };

/** A nested area's parent must be another, un-nested area that loaded: the problem, or null. */
function parentProblem(area: LoadedArea, byKey: ReadonlyMap<string, AreaDefinition>): string | null {
  const { definition, folder } = area;
  if (definition.parent === undefined) return null;
  const parent = byKey.get(definition.parent);
  if (!parent || parent.key === definition.key) {
    return `${join(folder, 'area.json')}: parent "${definition.parent}" is not another area in schemas/`;
  }
  if (parent.parent !== undefined) {
    return `${join(folder, 'area.json')}: parent "${parent.key}" is itself nested; only one level of nesting is supported`;
  }
  return null;
}

/**
 * Judges every folder of `schemasDir` on its own (dot-folders and plain files are ignored), in
 * folder-name order: a broken folder never hides the others. A nested area whose parent is
 * missing, broken or itself nested is refused too. Throws {@link AreaDiscoveryError} only when
 * `schemasDir` itself cannot be read.
 */
export async function discoverAreaFolders(schemasDir: string): Promise<AreaFolderResult[]> {
  let entries;
  try {
    entries = await readdir(schemasDir, { withFileTypes: true });
  } catch {
    throw new AreaDiscoveryError([`${schemasDir}: the schemas folder does not exist (set SCHEMAS_DIR)`]);
  }
  const keys = entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
  const results = await Promise.all(
    keys.map(async (key): Promise<AreaFolderResult> => {
      const problems: string[] = [];
      const area = await loadArea(schemasDir, key, problems);
      return { key, folder: join(schemasDir, key), area, problems };
    }),
  );
  const byKey = new Map(
    results.flatMap((result) => (result.area ? [[result.area.definition.key, result.area.definition] as const] : [])),
  );
  for (const result of results) {
    const problem = result.area ? parentProblem(result.area, byKey) : null;
    if (problem) {
      result.problems.push(problem);
      result.area = null;
    }
  }
  return results;
}

/**
 * Loads every area folder under `schemasDir`, sorted by title. Throws {@link AreaDiscoveryError}
 * listing every problem of every folder ({@link discoverAreaFolders}): missing folder, bad folder
 * name, `area.json` key ≠ folder name, unreadable or invalid JSON, unknown list columns, unknown
 * parent, a rule naming a property the schema does not declare.
 */
export async function discoverAreas(schemasDir: string): Promise<LoadedArea[]> {
  const results = await discoverAreaFolders(schemasDir);
  const problems = results.flatMap((result) => result.problems);
  if (problems.length) throw new AreaDiscoveryError(problems);
  return results
    .flatMap((result) => (result.area ? [result.area] : []))
    .sort((a, b) => a.definition.title.localeCompare(b.definition.title, 'en'));
}
