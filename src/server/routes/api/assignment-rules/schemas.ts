/**
 * TypeBox schemas of `/api/assignment-rules` (shapes of src/shared/assignment.ts; the
 * compile-time check at the bottom proves both say the same thing). Bodies are checked for types
 * here (400); meaning — existing area, property, user, group — is checked by
 * domains/assignments/rule-validation.ts (422).
 */
import { Type, type Static } from 'typebox';
import type {
  AssigneeOptions,
  AssignmentPreview,
  AssignmentRule,
  AssignmentRuleInput,
  SubmissionAssignment,
} from '../../../../shared/assignment';
import { IdSchema, PersonRefSchema, VersionSchema } from '../schemas';

/**
 * `schema` or null. Null comes first: Fastify's Ajv coerces types, and with the string branch first
 * a JSON `null` would be coerced to `""` (so `"assigneeGroupId": null` could not clear a field).
 */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([Type.Null(), schema]);

/** A role group as a rule or assignment names it: id and name. */
export const GroupRefSchema = Type.Object({ id: Type.String(), name: Type.String() });

/** The value a rule's field condition compares with: a string (at most 500), number or boolean. */
export const FieldValueSchema = Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean()]);

/** A rule's field condition in a request body: JSON Pointer (or field name) and value. */
export const FieldConditionSchema = Type.Object(
  { pointer: Type.String({ maxLength: 300 }), value: FieldValueSchema },
  { additionalProperties: false },
);

/** `AssignmentRule` (src/shared/assignment.ts): a rule as the API answers it. */
export const AssignmentRuleSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  position: Type.Integer(),
  enabled: Type.Boolean(),
  area: Type.String(),
  property: Nullable(Type.String()),
  field: Nullable(
    Type.Object({ pointer: Type.String(), value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]) }),
  ),
  assigneeUser: Nullable(PersonRefSchema),
  assigneeGroup: Nullable(GroupRefSchema),
  version: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const inputProperties = {
  name: Type.String({ maxLength: 200 }),
  enabled: Type.Optional(Type.Boolean()),
  area: Type.String({ maxLength: 64 }),
  property: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  field: Type.Optional(Nullable(FieldConditionSchema)),
  assigneeUserId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  assigneeGroupId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
};

/** `AssignmentRuleInput`: the body of `POST /api/assignment-rules` and of a preview. */
export const AssignmentRuleInputSchema = Type.Object(inputProperties, { additionalProperties: false });

/** The body of `PUT /api/assignment-rules/:id`: the input plus the version read. */
export const AssignmentRuleUpdateSchema = Type.Object(
  { ...inputProperties, version: VersionSchema },
  { additionalProperties: false },
);

/** The body of `PUT /api/assignment-rules/:id/enabled`. */
export const EnabledBodySchema = Type.Object(
  { enabled: Type.Boolean(), version: VersionSchema },
  { additionalProperties: false },
);

/** The body of `PUT /api/assignment-rules/order`: every rule id once, in the new order. */
export const OrderBodySchema = Type.Object(
  { ids: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 1000 }) },
  { additionalProperties: false },
);

/** Path parameter `:id` of a rule (longer than a uuid: 400; another malformed id: 404 in the domain). */
export const RuleParams = Type.Object({ id: IdSchema });

/** `?version=` of `DELETE /api/assignment-rules/:id`. */
export const VersionQuery = Type.Object({ version: VersionSchema });

/** `AssignmentPreview`: how many recent submissions were examined and those the rule matches. */
export const AssignmentPreviewSchema = Type.Object({
  examined: Type.Integer(),
  matches: Type.Array(
    Type.Object({
      id: Type.String(),
      number: Type.String(),
      area: Type.String(),
      summary: Nullable(Type.String()),
      property: Nullable(Type.String()),
      status: Type.String(),
      createdAt: Type.String({ format: 'date-time' }),
    }),
  ),
});

/** `AssigneeOptions`: the users and role groups work can be assigned to. */
export const AssigneeOptionsSchema = Type.Object({
  users: Type.Array(PersonRefSchema),
  groups: Type.Array(GroupRefSchema),
});

/** `SubmissionAssignment`: a submission's status, assignees and the rule that routed it. */
export const SubmissionAssignmentSchema = Type.Object({
  status: Type.String(),
  assigneeUser: Nullable(PersonRefSchema),
  assigneeGroup: Nullable(GroupRefSchema),
  rule: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : { mismatch: [A, B] }) : { mismatch: [A, B] };

/** One `Same<schema, contract>` per payload; each element is `true` when they agree. */
export type AssignmentContractChecks = [
  Same<Static<typeof AssignmentRuleSchema>, AssignmentRule>,
  Same<Static<typeof AssignmentRuleInputSchema>, AssignmentRuleInput>,
  Same<Static<typeof AssignmentPreviewSchema>, AssignmentPreview>,
  Same<Static<typeof AssigneeOptionsSchema>, AssigneeOptions>,
  Same<Static<typeof SubmissionAssignmentSchema>, SubmissionAssignment>,
];

/** Every element must be `true`; a `{ mismatch }` element fails this assignment. */
export const ASSIGNMENT_CONTRACTS_MATCH: AssignmentContractChecks extends true[] ? true : never = true;
