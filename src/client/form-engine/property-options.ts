/**
 * Property select fields: a field whose UI options say `optionsFrom: "properties"` gets the
 * property codes from `GET /api/properties` as its `enum`, and `ui:enumNames` labels
 * `P-1001 — Maple Court Apartments` (rjsf 6 reads `ui:enumNames`, positional, next to `enum`).
 *
 * Pure and copy-on-write: the input schemas are never mutated, untouched branches keep their
 * identity, and {@link withPropertyOptions} memoises per (schema, UI schema, list) so rjsf sees the
 * same objects on every render. Every copy is remembered with what it stands for, so
 * {@link originalSchemaOf} finds the area's own subschema again: the precompiled validator
 * (./validator.ts) holds functions for the area's schema as the server sent it, not for a copy
 * with the property codes.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json';
import type { Property } from '../../shared/me';
import { formatPropertyLabel } from '../lib/property-label';
import { optionsSourceOf } from '../lib/ui-schema';

type Choices = { codes: string[]; labels: string[] };
type Pair = { schema: JsonObject; uiSchema: JsonObject };

/** Each object or list this module made, to the one of the input schema it stands for. */
const originals = new WeakMap<object, JsonValue>();
/** Each `enum` list of property codes this module added, to the field's own `enum` (undefined: none). */
const addedEnums = new WeakMap<object, JsonValue | undefined>();

/** `copy` (a new object or list standing for `original`), remembered for {@link originalSchemaOf}. */
function madeFrom<T extends JsonValue>(copy: T, original: JsonValue): T {
  if (copy !== original) originals.set(copy as object, original);
  return copy;
}

/**
 * The part of the input schema `value` stands for: itself when this module made no part of it,
 * the input object when it is a copy this module made, and otherwise (a copy rjsf made, e.g. an
 * option with `additionalProperties` relaxed) a copy of it whose parts are mapped back and whose
 * added property codes are left out. Returns `value` itself when nothing changes.
 */
export function originalSchemaOf<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  const original = originals.get(value);
  if (original !== undefined) return original as T;
  if (Array.isArray(value)) {
    const mapped = value.map((item: unknown) => originalSchemaOf(item));
    return mapped.some((item, index) => item !== value[index]) ? (mapped as T) : value;
  }
  let changed = false;
  const mapped: Record<string, unknown> = {};
  for (const [key, part] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'enum' && typeof part === 'object' && part !== null && addedEnums.has(part)) {
      changed = true;
      const own = addedEnums.get(part);
      if (own !== undefined) mapped[key] = own;
      continue;
    }
    const back = originalSchemaOf(part);
    if (back !== part) changed = true;
    mapped[key] = back;
  }
  return changed ? (mapped as T) : value;
}

/** Schema keywords whose object sub-schemas may declare `properties` for the same UI level. */
const CONDITIONAL_SINGLE = ['then', 'else'] as const;
const CONDITIONAL_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;

/** True when any field in `uiSchema` (at any depth) takes its options from the property list. */
export function usesPropertyOptions(uiSchema: JsonValue | undefined): boolean {
  if (!isJsonObject(uiSchema)) return false;
  if (optionsSourceOf(uiSchema) === 'properties') return true;
  return Object.entries(uiSchema).some(([key, value]) => !key.startsWith('ui:') && usesPropertyOptions(value));
}

function isTextSchema(schema: JsonObject): boolean {
  const { type } = schema;
  if (type === undefined) return !isJsonObject(schema.properties) && schema.items === undefined;
  return type === 'string' || (Array.isArray(type) && type.includes('string'));
}

function transformField(schema: JsonObject, uiSchema: JsonObject, choices: Choices): Pair {
  if (optionsSourceOf(uiSchema) === 'properties' && isTextSchema(schema)) {
    const codes = [...choices.codes];
    addedEnums.set(codes, schema.enum);
    return {
      schema: madeFrom({ ...schema, enum: codes }, schema),
      uiSchema: { ...uiSchema, 'ui:enumNames': [...choices.labels] },
    };
  }
  if (isJsonObject(schema.items) && isJsonObject(uiSchema.items)) {
    const items = transformField(schema.items, uiSchema.items, choices);
    if (items.schema === schema.items && items.uiSchema === uiSchema.items) return { schema, uiSchema };
    return { schema: madeFrom({ ...schema, items: items.schema }, schema), uiSchema: { ...uiSchema, items: items.uiSchema } };
  }
  return transformObject(schema, uiSchema, choices);
}

/** Applies the transform to `properties` of `schema` and of its conditional parts (`then`, `allOf`, `dependencies`…). */
function transformObject(schema: JsonObject, uiSchema: JsonObject, choices: Choices): Pair {
  let nextUi = uiSchema;
  const visit = (node: JsonObject): JsonObject => {
    let next = node;
    const set = (key: string, value: JsonValue) => {
      if (next === node) next = { ...node };
      next[key] = value;
    };
    if (isJsonObject(node.properties)) {
      const properties = node.properties;
      let nextProperties = properties;
      for (const [key, propertySchema] of Object.entries(properties)) {
        const propertyUi = key.startsWith('ui:') ? undefined : uiSchema[key];
        if (!isJsonObject(propertySchema) || !isJsonObject(propertyUi)) continue;
        const result = transformField(propertySchema, propertyUi, choices);
        if (result.schema !== propertySchema) {
          if (nextProperties === properties) nextProperties = { ...properties };
          nextProperties[key] = result.schema;
        }
        if (result.uiSchema !== propertyUi) {
          if (nextUi === uiSchema) nextUi = { ...uiSchema };
          nextUi[key] = result.uiSchema;
        }
      }
      if (nextProperties !== properties) set('properties', madeFrom(nextProperties, properties));
    }
    for (const key of CONDITIONAL_SINGLE) {
      const part = node[key];
      if (isJsonObject(part)) {
        const visited = visit(part);
        if (visited !== part) set(key, visited);
      }
    }
    for (const key of CONDITIONAL_LISTS) {
      const parts = node[key];
      if (!Array.isArray(parts)) continue;
      const visited = parts.map((part) => (isJsonObject(part) ? visit(part) : part));
      if (visited.some((part, index) => part !== parts[index])) set(key, madeFrom(visited, parts));
    }
    if (isJsonObject(node.dependencies)) {
      const dependencies = node.dependencies;
      const entries = Object.entries(dependencies).map(([key, part]) => [key, isJsonObject(part) ? visit(part) : part] as const);
      if (entries.some(([key, part]) => part !== dependencies[key])) {
        set('dependencies', madeFrom(Object.fromEntries(entries), dependencies));
      }
    }
    return madeFrom(next, node);
  };
  const nextSchema = visit(schema);
  return { schema: nextSchema, uiSchema: nextUi };
}

/**
 * Returns `schema` and `uiSchema` with every `optionsFrom: "properties"` field turned into a
 * select of property codes labelled `code — name`: active properties only, or all of them with
 * `includeInactive` (read-only views of stored data). An empty list changes nothing.
 */
export function applyPropertyOptions(
  schema: JsonObject,
  uiSchema: JsonObject,
  properties: readonly Property[],
  options: { includeInactive?: boolean } = {},
): Pair {
  const listed = options.includeInactive ? properties : properties.filter((property) => property.active);
  if (listed.length === 0) return { schema, uiSchema };
  const choices: Choices = { codes: listed.map((p) => p.code), labels: listed.map(formatPropertyLabel) };
  return transformObject(schema, uiSchema, choices);
}

const memo = new WeakMap<JsonObject, WeakMap<JsonObject, WeakMap<readonly Property[], Map<boolean, Pair>>>>();

/** {@link applyPropertyOptions}, memoised: the same inputs always give the very same output objects. */
export function withPropertyOptions(
  schema: JsonObject,
  uiSchema: JsonObject,
  properties: readonly Property[],
  includeInactive = false,
): Pair {
  let byUi = memo.get(schema);
  if (!byUi) memo.set(schema, (byUi = new WeakMap()));
  let byList = byUi.get(uiSchema);
  if (!byList) byUi.set(uiSchema, (byList = new WeakMap()));
  let byFlag = byList.get(properties);
  if (!byFlag) byList.set(properties, (byFlag = new Map<boolean, Pair>()));
  let result = byFlag.get(includeInactive);
  if (!result) byFlag.set(includeInactive, (result = applyPropertyOptions(schema, uiSchema, properties, { includeInactive })));
  return result;
}
