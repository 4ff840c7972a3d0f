/**
 * Cross-field rules of a form area: the business rules JSON Schema draft-07 cannot state (one
 * field compared with another, lines adding up to a total). They are data, kept in
 * `schemas/<key>/area.json` under `"rules"`, and the very same {@link checkAreaRules} runs in the
 * browser (rjsf `customValidate`) and on the server (after the JSON Schema, before storing).
 *
 * Vocabulary (paths are JSON Pointers, RFC 6901; inside `each`, names are relative to one item):
 *
 * - `{ "rule": "compare", "field": "/writeOffAmount", "op": "<=", "other": "/balance", "message": "…" }`
 *   — `field op other`, the error on `field`. Ops: `<` `<=` `>` `>=` `==` `!=`. Both values must
 *   be of one kind: numbers (numerically), ISO 8601 dates (`2026-04-14`, as text), date-times
 *   (by the instant they denote) or other text (as text).
 * - the same with `"each": "/lines"` and item-relative names (`"field": "toAccount"`,
 *   `"other": "fromAccount"`): checked on every item, the error on `/lines/<i>/toAccount`.
 * - `{ "rule": "sum", "each": "/lineItems", "field": "amount", "equals": "/amount", "message": "…" }`
 *   — the items' `field` must add up to `equals`, compared in integer cents; the error on `equals`.
 *   `{sum}` and `{total}` in the message become the two amounts (`7,842.00`).
 * - `{ "rule": "total", "each": "/lineItems", "field": "amount", "label": "Lines total" }` — a
 *   computed value, not a check: the items' `field` added up, shown live under the array (and on
 *   read views) as `Lines total: 7,842.50`. With `"times": "unitPrice"`, each item contributes
 *   `field × times` rounded to the cent (quantity × unit price), and the total is their sum. A
 *   total is display only, never stored: a total the business keeps is a field the user enters,
 *   checked against the lines by a `sum` rule (the server never trusts a computed value).
 *
 * A rule whose values are missing or not comparable reports nothing: required fields and types
 * are the schema's job, and the schema's error is the clearer one. A `total` counts an item whose
 * values are missing as 0, so it follows the lines as they are filled in.
 */
import type { FieldError } from './api-error';
import { parsePointer } from './form-validation';
import { isJsonObject, type JsonObject } from './json';

/** Comparison operators of a `compare` rule. */
export const COMPARE_OPS = ['<', '<=', '>', '>=', '==', '!='] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];

/** `field op other`; with `each`, on every item of that array (then `field`/`other` are item-relative). */
export type CompareRule = {
  rule: 'compare';
  field: string;
  op: CompareOp;
  other: string;
  each?: string;
  message: string;
};

/** The items of the array at `each` add up (their item-relative `field`) to the number at `equals`. */
export type SumRule = { rule: 'sum'; each: string; field: string; equals: string; message: string };

/**
 * A computed value shown under the array at `each`: the sum of the items' `field` (times their
 * `times`, per item, when given), display only. `label` names it (`Lines total`).
 */
export type TotalRule = { rule: 'total'; each: string; field: string; times?: string; label: string };

/** One cross-field rule of an area (`area.json` `rules[]`). */
export type AreaRule = CompareRule | SumRule | TotalRule;

/** An item-relative name (`amount`, `vendor/name`) as a pointer inside one item. */
function relativeTokens(name: string): string[] {
  return parsePointer(`/${name}`);
}

/** The value at `tokens` (a parsed JSON Pointer) in `data`, or undefined when the path is absent. */
export function valueAt(data: unknown, tokens: readonly string[]): unknown {
  let node = data;
  for (const token of tokens) {
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(token)) node = node[Number(token)];
    else if (isJsonObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/i;

/** A value reduced to something orderable, tagged with its kind; `null` when it cannot be compared. */
function comparable(value: unknown): { kind: string; key: number | string } | null {
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'number', key: value } : null;
  if (typeof value !== 'string') return null;
  if (DATE.test(value)) return { kind: 'date', key: value };
  if (DATE_TIME.test(value)) {
    // By instant, not by text: "10:00+02:00" is before "09:00Z".
    const time = Date.parse(value);
    return Number.isNaN(time) ? null : { kind: 'date-time', key: time };
  }
  return { kind: 'text', key: value };
}

/** `a op b` when both are of one kind (number, date, date-time, other text); `null` when they are not. */
export function compareValues(a: unknown, op: CompareOp, b: unknown): boolean | null {
  const left = comparable(a);
  const right = comparable(b);
  if (!left || !right || left.kind !== right.kind) return null;
  const x = left.key;
  const y = right.key;
  switch (op) {
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    case '>=':
      return x >= y;
    case '==':
      return x === y;
    case '!=':
      return x !== y;
  }
}

/** Whole cents of an amount: float error (0.1 + 0.2) must not fail a total that is right. */
function toCents(value: number): number {
  return Math.round(value * 100);
}

/** `784250` → `7,842.50`. */
function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

function checkCompare(rule: CompareRule, data: unknown): FieldError[] {
  if (rule.each === undefined) {
    const holds = compareValues(
      valueAt(data, parsePointer(rule.field)),
      rule.op,
      valueAt(data, parsePointer(rule.other)),
    );
    return holds === false ? [{ path: rule.field, message: rule.message }] : [];
  }
  const items = valueAt(data, parsePointer(rule.each));
  if (!Array.isArray(items)) return [];
  const field = relativeTokens(rule.field);
  const other = relativeTokens(rule.other);
  const errors: FieldError[] = [];
  items.forEach((item: unknown, index) => {
    if (compareValues(valueAt(item, field), rule.op, valueAt(item, other)) === false) {
      errors.push({ path: `${rule.each}/${index}/${rule.field}`, message: rule.message });
    }
  });
  return errors;
}

function checkSum(rule: SumRule, data: unknown): FieldError[] {
  const items = valueAt(data, parsePointer(rule.each));
  const total = valueAt(data, parsePointer(rule.equals));
  if (!Array.isArray(items) || typeof total !== 'number' || !Number.isFinite(total)) return [];
  const field = relativeTokens(rule.field);
  let sum = 0;
  for (const item of items as unknown[]) {
    const amount = valueAt(item, field);
    // A line without an amount: the schema says so; a sum of the other lines would mislead.
    if (typeof amount !== 'number' || !Number.isFinite(amount)) return [];
    sum += toCents(amount);
  }
  if (sum === toCents(total)) return [];
  const message = rule.message.replaceAll('{sum}', formatCents(sum)).replaceAll('{total}', formatCents(toCents(total)));
  return [{ path: rule.equals, message }];
}

/**
 * Checks `data` (form data as submitted) against `rules`; returns one {@link FieldError} per
 * broken rule (per item for `each` compares), in rule order, `[]` when all hold. Pure: the same
 * answer in the browser and on the server. Paths are JSON Pointers into `data`. `total` entries
 * compute, they do not check: they never report.
 */
export function checkAreaRules(rules: readonly AreaRule[], data: unknown): FieldError[] {
  return rules.flatMap((rule) => {
    if (rule.rule === 'sum') return checkSum(rule, data);
    if (rule.rule === 'compare') return checkCompare(rule, data);
    return [];
  });
}

/** A finite number, or 0 (a value not entered yet). */
function numberOr0(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * The value of a `total` over `items` (the array at the rule's `each`; anything else counts as no
 * items), in whole cents: each item's `field` (times its `times`) rounded to the cent, then added.
 * An item value that is not a finite number counts as 0.
 */
export function totalCents(rule: TotalRule, items: unknown): number {
  if (!Array.isArray(items)) return 0;
  const field = relativeTokens(rule.field);
  const times = rule.times === undefined ? null : relativeTokens(rule.times);
  let cents = 0;
  for (const item of items as unknown[]) {
    const value = numberOr0(valueAt(item, field));
    cents += toCents(times ? value * numberOr0(valueAt(item, times)) : value);
  }
  return cents;
}

/** The `total` entries of `rules` whose `each` is `pointer` (the array they are shown under). */
export function totalsOf(rules: readonly AreaRule[] | undefined, pointer: string): TotalRule[] {
  return (rules ?? []).filter((rule): rule is TotalRule => rule.rule === 'total' && rule.each === pointer);
}

/** The property schema at `tokens` (through `properties`, and `items` for array indices), or `null`. */
export function schemaAt(schema: JsonObject, tokens: readonly string[]): JsonObject | null {
  let node: JsonObject = schema;
  for (const token of tokens) {
    const properties = node.properties;
    const next =
      isJsonObject(properties) && Object.hasOwn(properties, token)
        ? properties[token]
        : /^(0|[1-9][0-9]*)$/.test(token)
          ? node.items
          : undefined;
    if (!isJsonObject(next)) return null;
    node = next;
  }
  return node;
}

/** `number` for number and integer, the declared type otherwise, `undefined` when not declared. */
export function jsonType(schema: JsonObject): string | undefined {
  const { type } = schema;
  if (type === 'integer') return 'number';
  return typeof type === 'string' ? type : undefined;
}

/** Describes how the names of one rule fail to match `schema`. */
function ruleProblems(rule: AreaRule, schema: JsonObject): string[] {
  let items: JsonObject | null = null;
  if (rule.each !== undefined) {
    const array = schemaAt(schema, parsePointer(rule.each));
    items = array?.type === 'array' && isJsonObject(array.items) ? array.items : null;
    if (!items) return [`each "${rule.each}" is not an array property of the schema`];
  }
  const problems: string[] = [];
  const property = (name: string, isItemRelative: boolean): JsonObject | null => {
    const found =
      isItemRelative && items
        ? schemaAt(items, relativeTokens(name))
        : name.startsWith('/')
          ? schemaAt(schema, parsePointer(name))
          : null;
    if (found) return found;
    if (isItemRelative) problems.push(`"${name}" is not a property of the items of "${rule.each}"`);
    else if (!name.startsWith('/')) problems.push(`"${name}" is not a JSON Pointer (write "/${name}")`);
    else problems.push(`"${name}" is not a property of the schema`);
    return found;
  };
  const mustBeNumbers = (checks: readonly (readonly [string, JsonObject | null])[]) => {
    for (const [name, found] of checks) {
      if (found && jsonType(found) !== 'number') problems.push(`"${name}" is not a number property`);
    }
    return problems;
  };
  if (rule.rule === 'sum') {
    return mustBeNumbers([
      [rule.field, property(rule.field, true)],
      [rule.equals, property(rule.equals, false)],
    ]);
  }
  if (rule.rule === 'total') {
    const names = rule.times === undefined ? [rule.field] : [rule.field, rule.times];
    return mustBeNumbers(names.map((name) => [name, property(name, true)] as const));
  }
  const isItemRelative = rule.each !== undefined;
  const types = [property(rule.field, isItemRelative), property(rule.other, isItemRelative)].map((found) =>
    found ? jsonType(found) : undefined,
  );
  if (types[0] && types[1] && types[0] !== types[1]) {
    problems.push(
      `compares "${rule.field}" (${types[0]}) with "${rule.other}" (${types[1]}); the rule would never apply`,
    );
  }
  return problems;
}

/**
 * Checks that every rule names properties `schema` (an area's JSON Schema) declares: pointers
 * for top-level names and `each`, item-relative names inside `each`, numbers for `sum` and `total`, one type
 * on both sides of a `compare`. Returns one line per problem, `rules[<index>] (<rule>): …`; `[]`
 * when all is well. Used at discovery, where any problem refuses start.
 */
export function describeRuleProblems(rules: readonly AreaRule[], schema: JsonObject): string[] {
  return rules.flatMap((rule, index) =>
    ruleProblems(rule, schema).map((problem) => `rules[${index}] (${rule.rule}): ${problem}`),
  );
}
