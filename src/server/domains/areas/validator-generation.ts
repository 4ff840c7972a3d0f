/**
 * Writes the precompiled validator module of a form schema (./validator-code.ts names it and says
 * what it is): ajv's standalone code (https://ajv.js.org/standalone.html) for the schema and every
 * subschema rjsf checks with `isValid`. No database here: the web app's build generates modules with
 * this file too (scripts/lib/precompiled-validators.ts). The server imports it on the first request
 * of a module (./validator-modules.ts), not at start.
 */
import {
  getClosestMatchingOption,
  getDiscriminatorFieldFromSchema,
  hashForSchema,
  ID_KEY,
  JUNK_OPTION_ID,
  relaxOptionsForScoring,
  schemaParser,
  type RJSFSchema,
  type ValidatorType,
} from '@rjsf/utils';
import { _, Ajv, type CodeOptions } from 'ajv';
// Node's ES module resolver looks up no index file in a folder: the file is named
import standaloneCode from 'ajv/dist/standalone/index.js';
import { FORM_AJV_OPTIONS } from '../../../shared/form-validation';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json';
import { VALIDATOR_FORMATS_MODULE, VALIDATOR_RUNTIME_MODULES } from '../../../shared/precompiled-validators';
import { resolveLocalRef, subSchemas } from '../../../shared/schema-walk';
import { addFormFormats } from './validation';

/** ajv's code options: one line per statement off, formats read through `require` (the shared table). */
const CODE_OPTIONS: CodeOptions = {
  source: true,
  lines: false,
  formats: _`require(${VALIDATOR_FORMATS_MODULE})`,
};

/** True when following local `$ref`s from some `$ref` of `schema` leads back to it (a recursive schema). */
function hasRecursiveRef(schema: JsonObject): boolean {
  const refsIn = (node: JsonObject, found: string[] = []): string[] => {
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) found.push(node.$ref);
    for (const sub of subSchemas(node)) refsIn(sub.schema, found);
    return found;
  };
  const done = new Set<string>();
  const visiting = new Set<string>();
  const loops = (ref: string): boolean => {
    if (visiting.has(ref)) return true;
    if (done.has(ref)) return false;
    visiting.add(ref);
    const target = resolveLocalRef(schema, ref);
    const found = target ? refsIn(target).some(loops) : false;
    visiting.delete(ref);
    done.add(ref);
    return found;
  };
  return refsIn(schema).some(loops);
}

/** A `ValidatorType` that only records the schemas rjsf asks `isValid` about, keyed by rjsf's id for each. */
class SubschemaRecorder implements ValidatorType {
  readonly found = new Map<string, RJSFSchema>();
  constructor(readonly rootSchema: RJSFSchema) {}
  isValid(schema: RJSFSchema): boolean {
    if (typeof schema !== 'object' || schema === null || schema[ID_KEY] === JUNK_OPTION_ID) return false;
    const id = typeof schema[ID_KEY] === 'string' ? schema[ID_KEY] : hashForSchema(schema);
    if (!this.found.has(id)) this.found.set(id, schema);
    return false;
  }
  rawValidation(): never {
    throw new Error('only isValid is recorded');
  }
  validateFormData(): never {
    throw new Error('only isValid is recorded');
  }
  toErrorList(): never {
    throw new Error('only isValid is recorded');
  }
}

/**
 * The subschemas rjsf checks with `isValid` that its schema parser does not list, found on every
 * node of the literal schema (definitions included): each `if` (as `omitExtraData` tests it), the
 * options of each `oneOf`/`anyOf` as rjsf scores them (`getClosestMatchingOption` over the options
 * with `$ref`s resolved and `additionalProperties: false` relaxed, as `omitExtraData` does, and over
 * the options as written), and the conditions of `dependencies` with `oneOf`. Each node is tried
 * on its own: what rjsf cannot work out for one node is left out.
 */
function recordSubschemas(root: JsonObject, recorder: SubschemaRecorder): void {
  const rootSchema = root as RJSFSchema;
  const visit = (node: JsonObject): void => {
    if (isJsonObject(node.if)) recorder.isValid(node.if);
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const options = node[keyword];
      if (!Array.isArray(options)) continue;
      const discriminator = getDiscriminatorFieldFromSchema(node as RJSFSchema);
      for (const scored of [
        () => relaxOptionsForScoring(options as RJSFSchema[], true, rootSchema),
        () => options as RJSFSchema[],
      ]) {
        try {
          getClosestMatchingOption(recorder, rootSchema, {}, scored(), 0, discriminator);
        } catch {
          // left out: rjsf could not score these options
        }
      }
    }
    if (isJsonObject(node.dependencies)) {
      for (const [key, dependency] of Object.entries(node.dependencies)) {
        if (!isJsonObject(dependency) || !Array.isArray(dependency.oneOf)) continue;
        for (const option of dependency.oneOf) {
          const condition =
            isJsonObject(option) && isJsonObject(option.properties) ? option.properties[key] : undefined;
          if (condition !== undefined)
            recorder.isValid({ type: 'object', properties: { [key]: condition } } as RJSFSchema);
        }
      }
    }
    for (const sub of subSchemas(node)) visit(sub.schema);
  };
  visit(root);
}

/** `schema` with each local `$ref` (`#/…`) made to point into the schema registered as `rootId`. */
function refsInto(rootId: string, schema: JsonValue): JsonValue {
  if (Array.isArray(schema)) return schema.map((item) => refsInto(rootId, item));
  if (!isJsonObject(schema)) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? [key, `${rootId}${value}`]
        : [key, refsInto(rootId, value)],
    ),
  );
}

/**
 * ajv's standalone code (CommonJS: `exports[id] = validate…`) for `schema` and for the subschemas
 * rjsf validates on their own, each under the id rjsf looks it up by (`$id`, else rjsf's
 * `hashForSchema`), as `createPrecompiledValidator` expects; the pieces of rjsf's
 * `compileSchemaValidatorsCode`, with two additions: the subschemas its parser misses (see
 * {@link recordSubschemas}; its parser is not run on a recursive schema, where it does not end),
 * and local `$ref`s inside a subschema pointed at the root schema, so they resolve. A subschema
 * ajv cannot compile is left out and `onIncomplete` is told (the browser then logs that it has
 * no function for it and treats it as not matching). Throws ajv's error when the root schema does
 * not compile.
 */
function generateValidatorCode(schema: JsonObject, onIncomplete?: (error: Error) => void): string {
  const rootSchema = schema as RJSFSchema;
  const rootId = typeof rootSchema[ID_KEY] === 'string' ? rootSchema[ID_KEY] : hashForSchema(rootSchema);
  const recorder = new SubschemaRecorder(rootSchema);
  const subschemas = new Map<string, JsonValue>();
  if (!hasRecursiveRef(schema)) {
    try {
      for (const [id, sub] of Object.entries(schemaParser(rootSchema))) if (id !== rootId) subschemas.set(id, sub);
    } catch (error) {
      onIncomplete?.(error as Error);
    }
  }
  recordSubschemas(schema, recorder);
  for (const [id, sub] of recorder.found) if (id !== rootId && !subschemas.has(id)) subschemas.set(id, sub);

  const ajv = addFormFormats(new Ajv({ ...FORM_AJV_OPTIONS, logger: false, code: CODE_OPTIONS }));
  ajv.addSchema({ ...schema, [ID_KEY]: rootId });
  ajv.getSchema(rootId);
  for (const [id, sub] of subschemas) {
    const own = refsInto(rootId, sub) as JsonObject;
    try {
      ajv.addSchema({ ...own, [ID_KEY]: id });
      ajv.getSchema(id);
    } catch (error) {
      ajv.removeSchema(id);
      onIncomplete?.(error as Error);
    }
  }
  return standaloneCode(ajv);
}

/**
 * The ES module served for `schema`: ajv's code wrapped in `export default function
 * validators(require)`. Throws when ajv's code would `require` something the web app does not
 * provide (`VALIDATOR_RUNTIME_MODULES`), so such code is never served.
 */
export function generateValidatorModule(schema: JsonObject, onIncomplete?: (error: Error) => void): string {
  const code = generateValidatorCode(schema, onIncomplete);
  const allowed = new Set<string>(VALIDATOR_RUNTIME_MODULES);
  for (const [, name] of code.matchAll(/\brequire\(("(?:[^"\\]|\\.)*")\)/g)) {
    const module = JSON.parse(name ?? '""') as string;
    if (!allowed.has(module))
      throw new Error(`the validator code needs "${module}", which the web app does not provide`);
  }
  return [
    '// Precompiled validators of one form schema: ajv standalone code; the contract is in src/shared/precompiled-validators.ts.',
    'export default function validators(require) {',
    'const exports = {};',
    code,
    'return exports;',
    '}',
    '',
  ].join('\n');
}
