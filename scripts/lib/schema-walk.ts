/**
 * Walking a JSON Schema (draft-07) for scripts/validate-schemas.ts: which sub-schemas a schema
 * has and whether they apply to the same value or to a value inside it, the properties a form
 * shows at one level, `required` names that are not properties, and where in the schema an ajv
 * compile error points.
 */
import { escapePointerToken } from '../../src/shared/form-validation';
import { isJsonObject, type JsonObject } from '../../src/shared/json';

/** A sub-schema with its JSON Pointer; `isSameValue` when it applies to the value its parent applies to. */
type SubSchema = { keyword: string; schema: JsonObject; pointer: string; isSameValue: boolean };

/** One `required` name that names no property, at its pointer in the schema. */
export type RequiredProblem = { name: string; pointer: string; message: string };

const SAME_VALUE_SINGLE = ['not', 'if', 'then', 'else'];
const SAME_VALUE_LISTS = ['allOf', 'anyOf', 'oneOf'];
const INNER_VALUE_SINGLE = ['additionalProperties', 'additionalItems', 'contains', 'propertyNames'];
/** `definitions` apply to no value of their own; they are walked as fresh levels. */
const INNER_VALUE_MAPS = ['properties', 'patternProperties', 'definitions'];
/** Sub-schemas whose properties a form does not show: `if` only tests, `not` only forbids. */
const HIDDEN_KEYWORDS = new Set(['if', 'not']);

function at(pointer: string, ...tokens: Array<string | number>): string {
  return pointer + tokens.map((token) => `/${escapePointerToken(String(token))}`).join('');
}

/** The direct sub-schemas of `schema` (itself at `pointer`), in keyword order. */
function subSchemas(schema: JsonObject, pointer = ''): SubSchema[] {
  const found: SubSchema[] = [];
  const add = (keyword: string, value: unknown, path: string, isSameValue: boolean) => {
    if (isJsonObject(value)) found.push({ keyword, schema: value, pointer: path, isSameValue });
  };
  for (const [keyword, value] of Object.entries(schema)) {
    const path = at(pointer, keyword);
    if (SAME_VALUE_SINGLE.includes(keyword)) add(keyword, value, path, true);
    else if (INNER_VALUE_SINGLE.includes(keyword)) add(keyword, value, path, false);
    else if (SAME_VALUE_LISTS.includes(keyword) && Array.isArray(value)) {
      value.forEach((item, index) => add(keyword, item, at(path, index), true));
    } else if (keyword === 'items') {
      if (Array.isArray(value)) value.forEach((item, index) => add(keyword, item, at(path, index), false));
      else add(keyword, value, path, false);
    } else if ((INNER_VALUE_MAPS.includes(keyword) || keyword === 'dependencies') && isJsonObject(value)) {
      // `dependencies` values are schemas for the same object (or lists of names, skipped by add).
      for (const [name, item] of Object.entries(value)) add(keyword, item, at(path, name), keyword === 'dependencies');
    }
  }
  return found;
}

/**
 * The properties a form may show for a value of `schema`: its own `properties` first, then those
 * of `allOf`/`anyOf`/`oneOf`, `then`/`else` and schema `dependencies` (rjsf merges them in when
 * they apply). The first definition of a name wins.
 */
export function propertiesAt(schema: JsonObject): Map<string, JsonObject> {
  const found = new Map<string, JsonObject>();
  const visit = (node: JsonObject) => {
    if (isJsonObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        if (isJsonObject(property) && !found.has(name)) found.set(name, property);
      }
    }
    for (const sub of subSchemas(node)) {
      if (sub.isSameValue && !HIDDEN_KEYWORDS.has(sub.keyword)) visit(sub.schema);
    }
  };
  visit(schema);
  return found;
}

/**
 * Every `required` name that is not a property: of the same object schema, or, inside
 * `allOf`/`then`/`else`/… of an object, of that sub-schema or of the object around it (ajv's
 * strictRequired rule, with a pointer per name). Nested objects and array items are checked on
 * their own. Pointers are `…/required/<index>`.
 */
export function requiredProblems(
  schema: JsonObject,
  pointer = '',
  around: ReadonlySet<string> = new Set(),
): RequiredProblem[] {
  const own = isJsonObject(schema.properties) ? Object.keys(schema.properties) : [];
  const known = new Set([...around, ...own]);
  const problems: RequiredProblem[] = [];
  if (Array.isArray(schema.required)) {
    schema.required.forEach((name, index) => {
      if (typeof name === 'string' && !known.has(name)) {
        problems.push({
          name,
          pointer: at(pointer, 'required', index),
          message: `"${name}" is required but is not a property of the schema`,
        });
      }
    });
  }
  for (const sub of subSchemas(schema, pointer)) {
    problems.push(...requiredProblems(sub.schema, sub.pointer, sub.isSameValue ? known : new Set()));
  }
  return problems;
}

/**
 * The JSON Pointer into `schema` an ajv compile error is about: the `at "#/…"` location that
 * strictTypes, strictRequired and unknown-format errors carry, or, for `unknown keyword: "x"`
 * (which carries none), the first sub-schema that has the keyword `x`. `null` when neither.
 */
export function schemaPointerOf(message: string, schema: JsonObject): string | null {
  const location = /at (?:path )?"[^"#]*#([^"]*)"/.exec(message);
  if (location?.[1] !== undefined) return decodeURIComponent(location[1]);
  const keyword = /unknown keyword: "([^"]+)"/.exec(message)?.[1];
  if (keyword === undefined) return null;
  const search = (node: JsonObject, pointer: string): string | null => {
    if (Object.hasOwn(node, keyword)) return at(pointer, keyword);
    for (const sub of subSchemas(node, pointer)) {
      const found = search(sub.schema, sub.pointer);
      if (found !== null) return found;
    }
    return null;
  };
  return search(schema, '');
}
