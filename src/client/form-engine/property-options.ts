/**
 * Property select fields: a field whose UI options say `optionsFrom: "properties"` gets the
 * property codes from `GET /api/properties` as its `enum`, and `ui:enumNames` labels
 * `P-1001 — Maple Court Apartments` (rjsf 6 reads `ui:enumNames`, positional, next to `enum`).
 *
 * Pure and copy-on-write: the input schemas are never mutated, untouched branches keep their
 * identity, and {@link withPropertyOptions} memoises per (schema, UI schema, list) so rjsf and
 * ajv see the same objects on every render (ajv's compile cache is keyed on the schema object).
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json';
import type { Property } from '../../shared/me';
import { formatPropertyLabel } from '../lib/property-label';
import { optionsSourceOf } from '../lib/ui-schema';

type Choices = { codes: string[]; labels: string[] };
type Pair = { schema: JsonObject; uiSchema: JsonObject };

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
    return {
      schema: { ...schema, enum: [...choices.codes] },
      uiSchema: { ...uiSchema, 'ui:enumNames': [...choices.labels] },
    };
  }
  if (isJsonObject(schema.items) && isJsonObject(uiSchema.items)) {
    const items = transformField(schema.items, uiSchema.items, choices);
    if (items.schema === schema.items && items.uiSchema === uiSchema.items) return { schema, uiSchema };
    return { schema: { ...schema, items: items.schema }, uiSchema: { ...uiSchema, items: items.uiSchema } };
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
      if (nextProperties !== properties) set('properties', nextProperties);
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
      if (visited.some((part, index) => part !== parts[index])) set(key, visited);
    }
    if (isJsonObject(node.dependencies)) {
      const dependencies = node.dependencies;
      const entries = Object.entries(dependencies).map(([key, part]) => [key, isJsonObject(part) ? visit(part) : part] as const);
      if (entries.some(([key, part]) => part !== dependencies[key])) set('dependencies', Object.fromEntries(entries));
    }
    return next;
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
