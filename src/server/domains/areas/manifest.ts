/**
 * The checks of an area's `area.json` (src/shared/area.ts `AreaManifest`): a closed schema, so a
 * misspelt field is refused; the key equals the folder name; `listColumns`, `summaryField`,
 * `ratesTicket` and `rules` name fields of the schema. A form whose root is not an object (a form
 * of one field, docs/behaviour.md "Form areas") has no fields to name: each of those, and a
 * property picker at its root, is refused for such an area.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { Type } from 'typebox';
import { OPTIONS_FROM_KEY, type AreaManifest } from '../../../shared/area';
import { APPROVAL_STEP_ID_PATTERN, describeApprovalProblems } from '../../../shared/approvals';
import { COMPARE_OPS, describeRuleProblems, type AreaRule } from '../../../shared/area-rules';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json';
import { describeRootType, isObjectRoot, objectFields, pointerAt, schemaType } from '../../../shared/schema-walk';
import type { Report } from './findings';

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
const TotalRuleSchema = Type.Object(
  {
    rule: Type.Literal('total'),
    each: Type.String(),
    field: Type.String(),
    times: Type.Optional(Type.String()),
    label: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);

/** `AreaRule` (src/shared/area-rules.ts): one entry of `area.json` `rules`, closed so a misspelt key is refused. */
export const AreaRuleSchema = Type.Union([CompareRuleSchema, SumRuleSchema, TotalRuleSchema]);

/** The same, tagged by `rule` for reading area.json: ajv then reports only the named kind's problems. */
const TaggedRuleSchema = Type.Unsafe<AreaRule>({
  type: 'object',
  required: ['rule'],
  discriminator: { propertyName: 'rule' },
  oneOf: [CompareRuleSchema, SumRuleSchema, TotalRuleSchema],
});

/** `ApprovalComparison` (src/shared/approvals.ts): `field op value` or `field op other`. */
const ApprovalComparisonSchema = Type.Object(
  {
    field: Type.String({ minLength: 1 }),
    op: Type.Enum(COMPARE_OPS),
    value: Type.Optional(Type.Union([Type.Number(), Type.String(), Type.Boolean()])),
    other: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);

/** `ApprovalStepDeclaration` (src/shared/approvals.ts): one entry of `area.json` `approvals`, closed. */
const ApprovalStepSchema = Type.Object(
  {
    id: Type.String({ pattern: APPROVAL_STEP_ID_PATTERN }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    when: Type.Optional(
      Type.Union([
        ApprovalComparisonSchema,
        Type.Object({ any: Type.Array(ApprovalComparisonSchema, { minItems: 1 }) }, { additionalProperties: false }),
        Type.Object({ all: Type.Array(ApprovalComparisonSchema, { minItems: 1 }) }, { additionalProperties: false }),
      ]),
    ),
    approvers: Type.Union([
      Type.Object({ group: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
      Type.Object({ field: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
    ]),
  },
  { additionalProperties: false },
);

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
    approvals: Type.Optional(Type.Array(ApprovalStepSchema)),
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
 * are ajv errors whose instance paths are JSON Pointers into the file.
 */
export const checkManifest = new Ajv({ allErrors: true, strict: false, discriminator: true }).compile<AreaManifest>(
  AreaManifestSchema,
);

const MANIFEST_FIELDS = Object.keys(AreaManifestSchema.properties).join(', ');
const APPROVAL_FIELDS =
  'a step has id, name, when, approvers; a comparison field, op and value or other; when one comparison, any or all; approvers group or field';
const RULE_KINDS = AreaRuleSchema.anyOf.map((rule) => JSON.stringify(rule.properties.rule.const)).join(', ');

/** The kind of rule an error's schema path (`#/properties/rules/items/oneOf/2/…`) lies in, if any. */
function ruleKindOf(schemaPath: string) {
  const match = /^#\/properties\/rules\/items\/oneOf\/(\d+)\//.exec(schemaPath);
  return match ? AreaRuleSchema.anyOf[Number(match[1])] : undefined;
}

/** One finding per ajv error of `area.json`, on the field at fault; the first message per field. */
function reportManifestErrors(errors: readonly ErrorObject[], problem: Report): void {
  const seen = new Set<string>();
  for (const error of errors) {
    let pointer = error.instancePath;
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'required') {
      pointer = pointerAt(pointer, String(error.params.missingProperty));
      message = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      pointer = pointerAt(pointer, String(error.params.additionalProperty));
      const kind = ruleKindOf(error.schemaPath);
      message = kind
        ? `is not a field of a "${kind.properties.rule.const}" rule (its fields: ${Object.keys(kind.properties).join(', ')})`
        : error.schemaPath.startsWith('#/properties/approvals/')
          ? `is not a field here (${APPROVAL_FIELDS})`
          : `is not a field of area.json (its fields: ${MANIFEST_FIELDS})`;
    } else if (error.keyword === 'discriminator') {
      // Only `rules` items are tagged (by `rule`): an unknown tag names no kind of rule.
      pointer = pointerAt(pointer, String(error.params.tag));
      message = `must be one of ${RULE_KINDS}`;
    } else if (error.keyword === 'enum') {
      message = `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    }
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    problem('area.json', pointer, message);
  }
}

/**
 * The manifest of the area `key`: `area.json` as read (`undefined` when the folder has none:
 * defaults), checked; null when it is refused (reported) or could not be read (`isUnreadable`).
 */
export function readManifest(
  value: JsonValue | undefined,
  key: string,
  isUnreadable: boolean,
  problem: Report,
): AreaManifest | null {
  if (value === undefined) return isUnreadable ? null : { key };
  if (!checkManifest(value)) {
    reportManifestErrors(checkManifest.errors ?? [], problem);
    return null;
  }
  if (value.key !== key) {
    problem('area.json', '/key', `"${value.key}" does not match the folder name "${key}"; they must be equal`);
    return null;
  }
  return value;
}

/** Every top-level field whose UI schema says `optionsFrom: "properties"` (in `ui:options` or as `ui:optionsFrom`). */
export function findPropertyFields(uiSchema: JsonObject): string[] {
  return Object.keys(uiSchema).filter(
    (field) => !field.startsWith('ui:') && optionsSource(uiSchema[field]) === 'properties',
  );
}

function optionsSource(ui: JsonValue | undefined): JsonValue | undefined {
  if (!isJsonObject(ui)) return undefined;
  const options = ui['ui:options'];
  return isJsonObject(options) && options[OPTIONS_FROM_KEY] !== undefined
    ? options[OPTIONS_FROM_KEY]
    : ui[`ui:${OPTIONS_FROM_KEY}`];
}

/**
 * The ticket's property: the property-option field named `property` when there is one (Reclass
 * also has a `toProperty` picker), otherwise the first such field.
 */
export function findPropertyField(uiSchema: JsonObject): string | undefined {
  const fields = findPropertyFields(uiSchema);
  return fields.includes('property') ? 'property' : fields[0];
}

/** What a form whose root is not an object cannot have, each refused on its own (docs/behaviour.md "Form areas"). */
function checkNonObjectRoot(manifest: AreaManifest, schema: JsonObject, uiSchema: JsonObject, problem: Report): void {
  const root = `the schema's root is ${describeRootType(schema)}, not an object (a form of one field)`;
  if (manifest.listColumns !== undefined) {
    problem(
      'area.json',
      '/listColumns',
      `${root}: it has no fields to show as columns; leave listColumns out (lists show the value itself)`,
    );
  }
  if (manifest.summaryField !== undefined) {
    problem(
      'area.json',
      '/summaryField',
      `${root}: it has no field to summarise by; leave summaryField out (the summary is the value itself)`,
    );
  }
  if (manifest.ratesTicket !== undefined) {
    problem('area.json', '/ratesTicket', `${root}: rating a ticket needs its ticket, rating and reopen fields`);
  }
  if (manifest.rules?.length) problem('area.json', '/rules', `${root}: cross-field rules compare fields`);
  if (manifest.approvals?.length) {
    problem('area.json', '/approvals', `${root}: approval conditions and approver fields name fields`);
  }
  if (manifest.parent !== undefined) {
    problem('area.json', '/parent', `${root}: a nested area starts from its parent's property field and needs fields`);
  }
  if (optionsSource(uiSchema) !== undefined) {
    const pointer = isJsonObject(uiSchema['ui:options'])
      ? `/ui:options/${OPTIONS_FROM_KEY}`
      : `/ui:${OPTIONS_FROM_KEY}`;
    problem('ui.json', pointer, `${root}: a property, colleague or role-group picker must be a field of an object`);
  }
}

/** `listColumns`, `summaryField`, `ratesTicket`, `rules` and `approvals` against the fields of `schema`. */
export function checkManifestNames(
  manifest: AreaManifest,
  schema: JsonObject,
  uiSchema: JsonObject,
  problem: Report,
): void {
  if (!isObjectRoot(schema)) {
    checkNonObjectRoot(manifest, schema, uiSchema, problem);
    return;
  }
  const { fields } = objectFields(schema, schema);
  manifest.listColumns?.forEach((column, index) => {
    if (!fields.has(column))
      problem('area.json', pointerAt('/listColumns', index), `"${column}" is not a field of the schema`);
  });
  const { summaryField } = manifest;
  if (summaryField !== undefined && !fields.has(summaryField)) {
    problem('area.json', '/summaryField', `"${summaryField}" is not a field of the schema`);
  }
  const link = manifest.ratesTicket;
  const wanted = [
    ['ticketField', link?.ticketField, 'string'],
    ['ratingField', link?.ratingField, 'integer'],
    ['reopenField', link?.reopenField, 'boolean'],
    ['reopenReasonField', link?.reopenReasonField, 'string'],
  ] as const;
  for (const [name, field, type] of wanted) {
    if (field === undefined) continue;
    const fieldSchema = fields.get(field);
    if (!fieldSchema || schemaType(schema, fieldSchema) !== type) {
      problem('area.json', `/ratesTicket/${name}`, `"${field}" is not a top-level "${type}" field of the schema`);
    }
  }
  manifest.rules?.forEach((rule, index) => {
    // describeRuleProblems numbers the rules it is given; given one, strip its "rules[0] (kind): ".
    const prefix = `rules[0] (${rule.rule}): `;
    for (const message of describeRuleProblems([rule], schema)) {
      problem(
        'area.json',
        pointerAt('/rules', index),
        message.startsWith(prefix) ? message.slice(prefix.length) : message,
      );
    }
  });
  for (const [pointer, message] of describeApprovalProblems(manifest.approvals ?? [], schema)) {
    problem('area.json', pointer, message);
  }
}
