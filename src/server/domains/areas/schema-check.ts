/**
 * The checks of an area's `schema.json` (docs/behaviour.md "Form areas"). The schema is compiled
 * with the one ajv set-up the browser and the submissions use ({@link createFormAjv}), so what
 * passes here validates submissions the same way; on top of that, mistakes ajv's non-strict mode
 * passes over silently are refused:
 *
 * - a keyword ajv does not know (ajv strict mode's unknown-keyword check, `strictSchema`), e.g. a
 *   misspelt `exclusiveMinimun`; rjsf's own `discriminator` is allowed. Not strict mode's
 *   `strictRequired`, `strictTypes` or `strictTuples`, which refuse valid schemas rjsf renders
 *   (`then: { required: [...] }` naming a property of the object around it, union types, tuples
 *   with `additionalItems`);
 * - a `required` name, or a name in a property `dependencies` list, that names no field of the
 *   object (after `$ref`, `allOf`/`anyOf`/`oneOf`, `then`/`else` and schema `dependencies`) when
 *   the object takes no other fields: the form could never be submitted.
 *
 * Warnings (the area loads): a `format` ajv does not know (it is not checked), `then`/`else`
 * without `if` and `if` without either (ignored), `additionalItems` beside a single `items` schema
 * (ignored), a `dependencies` key that is no field, a `default` or an `examples` entry that its own
 * schema refuses.
 */
import type { Ajv, ValidateFunction } from 'ajv';
import { closestName } from '../../../shared/closest-name';
import { toFieldErrors } from '../../../shared/form-validation';
import { isJsonObject, type JsonObject } from '../../../shared/json';
import { objectFields, pointerAt, subSchemas, type ObjectFields } from '../../../shared/schema-walk';
import type { Reports } from './findings';
import { createFormAjv, toFormValidator, type FormValidator } from './validation';

/** The key an area's schema is added under in its own ajv instance. */
const AREA_SCHEMA_KEY = 'area-schema';

let sharedAjv: Ajv | undefined;
/** One ajv for what needs no area's schema added: meta-schema checks, the keyword and format lists. */
function checkingAjv(): Ajv {
  sharedAjv ??= createFormAjv();
  return sharedAjv;
}

/** A JSON Pointer as a URI fragment (each token percent-encoded), as ajv resolves `key#/…`. */
function encodeFragment(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => `/${encodeURIComponent(token)}`)
    .join('');
}

/** Keywords rjsf reads from a JSON Schema besides JSON Schema's own. */
const RJSF_SCHEMA_KEYWORDS = new Set(['discriminator']);

/** Keywords of later JSON Schema drafts; the portal reads draft-07, where they mean nothing. */
const LATER_DRAFT_KEYWORDS = new Set([
  'dependentRequired',
  'dependentSchemas',
  'prefixItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
  'minContains',
  'maxContains',
]);

function unknownKeywordMessage(keyword: string, known: readonly string[]): string {
  const base = `"${keyword}" is not a draft-07 JSON Schema keyword, so nothing checks it`;
  if (keyword === 'enumNames') return `${base} (rjsf 6 takes option labels from "ui:enumNames" in ui.json)`;
  if (keyword.startsWith('ui:')) return `${base} (UI options belong in ui.json)`;
  if (LATER_DRAFT_KEYWORDS.has(keyword)) return `${base} (it is a keyword of a later draft; the portal reads draft-07)`;
  const near = closestName(keyword, known);
  return near ? `${base} (did you mean "${near}"?)` : base;
}

/** Every schema node of `schema` with its pointer, depth first: the literal tree, `$ref`s not followed. */
function eachNode(schema: JsonObject, visit: (node: JsonObject, pointer: string) => void, pointer = ''): void {
  visit(schema, pointer);
  for (const sub of subSchemas(schema, pointer)) eachNode(sub.schema, visit, sub.pointer);
}

function checkKeywords(schema: JsonObject, ajv: Ajv, reports: Reports): void {
  const known = Object.keys(ajv.RULES.keywords);
  eachNode(schema, (node, pointer) => {
    for (const key of Object.keys(node)) {
      if (ajv.RULES.keywords[key] || RJSF_SCHEMA_KEYWORDS.has(key)) continue;
      reports.problem('schema.json', pointerAt(pointer, key), unknownKeywordMessage(key, known));
    }
  });
}

/** Names a value of `node` may hold: its fields and those of the object around it; `isOpen` when any name may. */
type KnownNames = { names: ReadonlySet<string>; isOpen: boolean };

function knownNames(fields: ObjectFields, around: KnownNames | null): KnownNames {
  return {
    names: new Set([...(around?.names ?? []), ...fields.fields.keys()]),
    isOpen: Boolean(around?.isOpen) || fields.hasAdditional || fields.patterns.length > 0 || fields.isUnresolved,
  };
}

/** Whether `node` can describe an object (its `type` says so, or says nothing). */
function mayBeObject(node: JsonObject): boolean {
  const { type } = node;
  if (typeof type === 'string') return type === 'object';
  if (Array.isArray(type)) return type.includes('object');
  return true;
}

function checkNames(
  root: JsonObject,
  node: JsonObject,
  pointer: string,
  around: KnownNames | null,
  reports: Reports,
): void {
  const known = knownNames(objectFields(root, node), around);
  const isObject = mayBeObject(node);
  if (isObject && !known.isOpen && Array.isArray(node.required)) {
    node.required.forEach((name, index) => {
      if (typeof name === 'string' && !known.names.has(name)) {
        reports.problem(
          'schema.json',
          pointerAt(pointer, 'required', index),
          `"${name}" is required but is no field of the form (nor may other fields be added): it could never be filled in`,
        );
      }
    });
  }
  if (isObject && isJsonObject(node.dependencies)) {
    for (const [key, value] of Object.entries(node.dependencies)) {
      if (!known.isOpen && !known.names.has(key)) {
        reports.warning(
          'schema.json',
          pointerAt(pointer, 'dependencies', key),
          `"${key}" is no field of the form: this dependency never applies`,
        );
      }
      if (!Array.isArray(value) || known.isOpen) continue;
      value.forEach((name, index) => {
        if (typeof name === 'string' && !known.names.has(name)) {
          reports.problem(
            'schema.json',
            pointerAt(pointer, 'dependencies', key, index),
            `"${name}" is made required by "${key}" but is no field of the form: it could never be filled in`,
          );
        }
      });
    }
  }
  for (const sub of subSchemas(node, pointer)) {
    checkNames(root, sub.schema, sub.pointer, sub.relation === 'same' ? known : null, reports);
  }
}

function checkIgnoredKeywords(schema: JsonObject, ajv: Ajv, reports: Reports): void {
  eachNode(schema, (node, pointer) => {
    if (typeof node.format === 'string' && !ajv.formats[node.format]) {
      reports.warning(
        'schema.json',
        pointerAt(pointer, 'format'),
        `"${node.format}" is not a format ajv knows: values are not checked against it`,
      );
    }
    const hasIf = node.if !== undefined;
    for (const keyword of ['then', 'else'] as const) {
      if (node[keyword] !== undefined && !hasIf) {
        reports.warning('schema.json', pointerAt(pointer, keyword), `"${keyword}" without "if" is ignored`);
      }
    }
    if (hasIf && node.then === undefined && node.else === undefined) {
      reports.warning('schema.json', pointerAt(pointer, 'if'), '"if" without "then" or "else" is ignored');
    }
    if (node.additionalItems !== undefined && !Array.isArray(node.items)) {
      reports.warning(
        'schema.json',
        pointerAt(pointer, 'additionalItems'),
        '"additionalItems" is ignored unless "items" is a list of schemas (a tuple)',
      );
    }
  });
}

/**
 * A `default` or `examples` entry its own schema refuses: the form would start with, or suggest, an
 * invalid value. `fragment(pointer)` compiles the sub-schema at `pointer` within the whole schema.
 */
function checkDefaults(
  schema: JsonObject,
  fragment: (pointer: string) => ValidateFunction | undefined,
  reports: Reports,
): void {
  eachNode(schema, (node, pointer) => {
    const values: Array<[string, unknown]> = [];
    if (node.default !== undefined) values.push([pointerAt(pointer, 'default'), node.default]);
    if (Array.isArray(node.examples))
      node.examples.forEach((value, index) => values.push([pointerAt(pointer, 'examples', index), value]));
    if (!values.length) return;
    let validate: ValidateFunction | undefined;
    try {
      validate = fragment(pointer);
    } catch {
      return;
    }
    if (!validate) return;
    for (const [at, value] of values) {
      if (validate(value)) continue;
      const [first] = toFieldErrors(validate.errors);
      const where = first?.path ? ` at ${first.path}` : '';
      reports.warning(
        'schema.json',
        at,
        `does not validate against its own schema${where}: ${first?.message ?? 'is invalid'}`,
      );
    }
  });
}

/**
 * The JSON Pointer into `schema` an ajv compile error is about: the `at "#/…"` location some
 * errors carry, or the first `$ref` naming what ajv cannot resolve. `null` when neither.
 */
export function schemaPointerOf(message: string, schema: JsonObject): string | null {
  const location = /at (?:path )?"[^"#]*#([^"]*)"/.exec(message);
  if (location?.[1] !== undefined) return decodeURIComponent(location[1]);
  const ref = /can't resolve reference (\S+)/.exec(message)?.[1];
  if (ref === undefined) return null;
  let found: string | null = null;
  eachNode(schema, (node, pointer) => {
    if (found === null && node.$ref === ref) found = pointerAt(pointer, '$ref');
  });
  return found;
}

/**
 * Checks `schema` (the parsed schema.json, an object) and reports what is wrong (see the module
 * comment). Returns the validator submissions of the area are checked with once the schema
 * compiles (also when other problems refuse it: the example is still checked), else null.
 */
export function checkSchema(schema: JsonObject, reports: Reports): FormValidator | null {
  const ajv = checkingAjv();
  let isMetaValid: boolean;
  try {
    isMetaValid = ajv.validateSchema(schema) as boolean;
  } catch (error) {
    // An unknown "$schema": ajv has no meta-schema to check against.
    reports.problem(
      'schema.json',
      '/$schema',
      `is not a JSON Schema version the portal reads (draft-07): ${(error as Error).message}`,
    );
    return null;
  }
  if (!isMetaValid) {
    const seen = new Set<string>();
    for (const error of ajv.errors ?? []) {
      if (seen.has(error.instancePath)) continue;
      seen.add(error.instancePath);
      reports.problem('schema.json', error.instancePath, `is not valid JSON Schema: ${error.message ?? 'is invalid'}`);
    }
    return null;
  }
  // One ajv per area (validation.ts createFormAjv): `$id`s of areas never collide. The schema was
  // checked against the meta-schema above; checking it again here made each instance compile the
  // draft-07 meta-schema for itself (about a third of judging an area).
  const own = createFormAjv();
  let validate: ValidateFunction | undefined;
  try {
    own.addSchema(schema, AREA_SCHEMA_KEY, undefined, false);
    validate = own.getSchema(AREA_SCHEMA_KEY);
  } catch (error) {
    // the key is this module's, not the author's: "… from id area-schema" would only puzzle
    const message = (error as Error).message.replace(` from id ${AREA_SCHEMA_KEY}`, '');
    reports.problem('schema.json', schemaPointerOf(message, schema), `does not compile: ${message}`);
    return null;
  }
  if (!validate) return null;
  checkKeywords(schema, ajv, reports);
  checkNames(schema, schema, '', null, reports);
  checkIgnoredKeywords(schema, ajv, reports);
  checkDefaults(schema, (pointer) => own.getSchema(`${AREA_SCHEMA_KEY}#${encodeFragment(pointer)}`), reports);
  return toFormValidator(validate);
}
