/**
 * Walking a form's JSON Schema (draft-07) as rjsf reads it: which sub-schemas a schema has and
 * whether they describe the same value or a value inside it, local `$ref`s
 * (`#/definitions/…`, `#/$defs/…`, `#`), the fields a form may show for one object (its own
 * `properties` and those of `$ref`, `allOf`/`anyOf`/`oneOf`, `then`/`else` and schema
 * `dependencies`), and a schema's type as rjsf's `getSchemaType` infers it. Pure: the server's
 * area checks and the browser's list columns use the same answers.
 */
import { escapePointerToken, parsePointer } from './json-pointer';
import { isJsonObject, type JsonObject, type JsonValue } from './json';

/** How a sub-schema relates to its parent's value: the same value, a value inside it, or none (a definition). */
export type SubSchemaRelation = 'same' | 'inner' | 'definition';

/** One direct sub-schema, with its keyword and its JSON Pointer in the whole schema. */
export type SubSchema = { keyword: string; schema: JsonObject; pointer: string; relation: SubSchemaRelation };

const SAME_VALUE_SINGLE = new Set(['not', 'if', 'then', 'else']);
const SAME_VALUE_LISTS = new Set(['allOf', 'anyOf', 'oneOf']);
const INNER_VALUE_SINGLE = new Set(['additionalProperties', 'additionalItems', 'contains', 'propertyNames']);
const INNER_VALUE_MAPS = new Set(['properties', 'patternProperties']);
const DEFINITION_MAPS = new Set(['definitions', '$defs']);
/** Sub-schemas whose properties a form does not show: `if` only tests, `not` only forbids. */
const HIDDEN_KEYWORDS = new Set(['if', 'not']);

/** `pointer` followed by `tokens`, each escaped (RFC 6901). */
export function pointerAt(pointer: string, ...tokens: Array<string | number>): string {
  return pointer + tokens.map((token) => `/${escapePointerToken(String(token))}`).join('');
}

/** The direct sub-schemas of `schema` (itself at `pointer`), in keyword order; `$ref` targets are not followed. */
export function subSchemas(schema: JsonObject, pointer = ''): SubSchema[] {
  const found: SubSchema[] = [];
  const add = (keyword: string, value: JsonValue | undefined, path: string, relation: SubSchemaRelation) => {
    if (isJsonObject(value)) found.push({ keyword, schema: value, pointer: path, relation });
  };
  for (const [keyword, value] of Object.entries(schema)) {
    const path = pointerAt(pointer, keyword);
    if (SAME_VALUE_SINGLE.has(keyword)) add(keyword, value, path, 'same');
    else if (INNER_VALUE_SINGLE.has(keyword)) add(keyword, value, path, 'inner');
    else if (SAME_VALUE_LISTS.has(keyword) && Array.isArray(value)) {
      value.forEach((item, index) => add(keyword, item, pointerAt(path, index), 'same'));
    } else if (keyword === 'items') {
      if (Array.isArray(value)) value.forEach((item, index) => add(keyword, item, pointerAt(path, index), 'inner'));
      else add(keyword, value, path, 'inner');
    } else if (isJsonObject(value)) {
      // `dependencies` values are schemas for the same object, or lists of names (skipped by add).
      const relation = INNER_VALUE_MAPS.has(keyword)
        ? 'inner'
        : DEFINITION_MAPS.has(keyword)
          ? 'definition'
          : keyword === 'dependencies'
            ? 'same'
            : null;
      if (relation)
        for (const [name, item] of Object.entries(value)) add(keyword, item, pointerAt(path, name), relation);
    }
  }
  return found;
}

/**
 * The schema a local `$ref` names in `root` (`#`, `#/definitions/x`, any `#/…` JSON Pointer, its
 * tokens URI-decoded), or `undefined` when it is not local or names nothing.
 */
export function resolveLocalRef(root: JsonObject, ref: string): JsonObject | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: JsonValue | undefined = root;
  let tokens: string[];
  try {
    tokens = parsePointer(decodeURIComponent(ref.slice(1)));
  } catch {
    return undefined;
  }
  for (const token of tokens) {
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(token)) node = node[Number(token)];
    else if (isJsonObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return isJsonObject(node) ? node : undefined;
}

/**
 * `schema` with its `$ref` chain followed (rjsf merges a `$ref`'s target with the keywords beside
 * it; here the keywords beside it win, as they do in rjsf). `null` when a `$ref` is not local, names
 * nothing or goes round in a circle.
 */
export function derefSchema(root: JsonObject, schema: JsonObject): JsonObject | null {
  let node = schema;
  const seen = new Set<JsonObject>();
  while (typeof node.$ref === 'string') {
    if (seen.has(node)) return null;
    seen.add(node);
    const target = resolveLocalRef(root, node.$ref);
    if (!target) return null;
    const beside = Object.fromEntries(Object.entries(node).filter(([keyword]) => keyword !== '$ref'));
    node = Object.keys(beside).length ? { ...target, ...beside } : target;
  }
  return node;
}

/** The fields a form may show for one object value: each name's schema, and whether other names may appear. */
export type ObjectFields = {
  /** Each field's schema as first declared (not dereferenced). */
  fields: Map<string, JsonObject>;
  /** `patternProperties`: a name matching a pattern is a field too, of that pattern's schema. */
  patterns: Array<{ pattern: string; schema: JsonObject }>;
  /** `additionalProperties` is not false: the form lets the user add fields of any name. */
  hasAdditional: boolean;
  /** A `$ref` could not be followed: the fields it brings are unknown. */
  isUnresolved: boolean;
};

/**
 * The fields a form may show for a value of `schema` (inside `root`): its own `properties` first,
 * then those of its `$ref`, `allOf`/`anyOf`/`oneOf`, `then`/`else` and schema `dependencies`
 * (rjsf merges them in when they apply), not of `if` (a test) or `not`. The first declaration
 * of a name wins.
 */
export function objectFields(root: JsonObject, schema: JsonObject): ObjectFields {
  const result: ObjectFields = { fields: new Map(), patterns: [], hasAdditional: false, isUnresolved: false };
  const seen = new Set<JsonObject>();
  const visit = (node: JsonObject) => {
    if (seen.has(node)) return;
    seen.add(node);
    if (isJsonObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        if (isJsonObject(property) && !result.fields.has(name)) result.fields.set(name, property);
      }
    }
    if (isJsonObject(node.patternProperties)) {
      for (const [pattern, property] of Object.entries(node.patternProperties)) {
        if (isJsonObject(property)) result.patterns.push({ pattern, schema: property });
      }
    }
    if (node.additionalProperties !== undefined && node.additionalProperties !== false) result.hasAdditional = true;
    if (typeof node.$ref === 'string') {
      const target = resolveLocalRef(root, node.$ref);
      if (target) visit(target);
      else result.isUnresolved = true;
    }
    for (const sub of subSchemas(node)) {
      if (sub.relation === 'same' && !HIDDEN_KEYWORDS.has(sub.keyword)) visit(sub.schema);
    }
  };
  visit(schema);
  return result;
}

/** True when `name` matches the `patternProperties` pattern `pattern` (an invalid pattern matches nothing). */
export function matchesPattern(name: string, pattern: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(name);
  } catch {
    return false;
  }
}

function guessType(value: JsonValue): string | undefined {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return 'string';
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'object') return 'object';
  return undefined;
}

/**
 * The type of a value of `schema` as rjsf's `getSchemaType` infers it (after following `$ref`s
 * and looking into `allOf`, which rjsf merges first): `type` (of a two-element list with `"null"`,
 * the other one; of another list, the first), else that of `const`, `"string"` for an `enum`,
 * `"object"` with `properties`/`additionalProperties`/`patternProperties`; `undefined` when none says.
 */
export function schemaType(root: JsonObject, schema: JsonObject): string | undefined {
  const node = derefSchema(root, schema);
  if (!node) return undefined;
  let { type } = node;
  if (Array.isArray(type)) {
    const names = type.filter((item): item is string => typeof item === 'string');
    type = names.length === 2 && names.includes('null') ? names.find((name) => name !== 'null') : names[0];
  }
  if (typeof type === 'string') return type;
  if (
    node.const !== undefined &&
    node.const !== null &&
    node.const !== false &&
    node.const !== 0 &&
    node.const !== ''
  ) {
    return guessType(node.const);
  }
  if (node.enum !== undefined) return 'string';
  if (
    node.properties !== undefined ||
    node.additionalProperties !== undefined ||
    node.patternProperties !== undefined
  ) {
    return 'object';
  }
  if (Array.isArray(node.allOf)) {
    for (const part of node.allOf) {
      const partType = isJsonObject(part) ? schemaType(root, part) : undefined;
      if (partType) return partType;
    }
  }
  return undefined;
}

/** True when a form of `schema` (a whole area schema) has an object as its value, so its data has fields. */
export function isObjectRoot(schema: JsonObject): boolean {
  return schemaType(schema, schema) === 'object';
}

/** The words for the root's type in messages: `a string`, `an array`, `an untyped value`. */
export function describeRootType(schema: JsonObject): string {
  const type = schemaType(schema, schema);
  if (type === undefined) return 'a value of no declared type';
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}
