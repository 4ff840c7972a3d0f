/**
 * TypeBox schemas of the role-group, user and scope payloads (src/shared/role-groups.ts), with the
 * compile-time proof that both describe the same thing (as routes/api/contracts.ts does).
 */
import { Type, type Static } from 'typebox';
import type {
  RoleGroup,
  RoleGroupDetail,
  RoleGroupList,
  ScopeVocabulary,
  UserAccess,
  UserPage,
  UserSummary,
} from '../../../../shared/role-groups';
import { IdSchema } from '../schemas';

/** `UserSummary`: id, name and e-mail of a user. */
export const UserSummarySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
});

/** `RoleGroup`: a group with its scopes, identity-provider ids and member count. */
export const RoleGroupSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  description: Type.String(),
  scopes: Type.Array(Type.String()),
  idpGroupIds: Type.Array(Type.String()),
  includesEveryone: Type.Boolean(),
  memberCount: Type.Integer(),
  version: Type.Integer(),
});

/** `RoleGroupList`: every role group. */
export const RoleGroupListSchema = Type.Object({ items: Type.Array(RoleGroupSchema) });

/** `RoleGroupDetail`: a group with its explicit members. */
export const RoleGroupDetailSchema = Type.Object({
  ...RoleGroupSchema.properties,
  members: Type.Array(UserSummarySchema),
});

/** `UserPage`: one keyset page of users and the cursor of the next. */
export const UserPageSchema = Type.Object({
  items: Type.Array(UserSummarySchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

const GroupSourceSchema = Type.Union([
  Type.Literal('member'),
  Type.Literal('everyone'),
  Type.Literal('idp-group'),
  Type.Literal('group-map'),
]);

/** `UserAccess`: a user's groups (and how they belong), each scope with the groups granting it. */
export const UserAccessSchema = Type.Object({
  user: UserSummarySchema,
  groups: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), via: Type.Array(GroupSourceSchema) })),
  scopes: Type.Array(Type.Object({ scope: Type.String(), groups: Type.Array(Type.String()) })),
  idpGroups: Type.Union([Type.Array(Type.String()), Type.Null()]),
});

/** `ScopeVocabulary`: every scope a role group may hold, with a label and a category. */
export const ScopeVocabularySchema = Type.Object({
  items: Type.Array(Type.Object({ scope: Type.String(), label: Type.String(), category: Type.String() })),
});

/** Path parameter `:id` (longer than a uuid: 400; another malformed id: 404 in the domain). */
export const UuidParams = Type.Object({ id: IdSchema });
/** Path parameters `:id` (the group) and `:userId`. */
export const MemberParams = Type.Object({ id: IdSchema, userId: IdSchema });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : { mismatch: [A, B] }) : { mismatch: [A, B] };
type Checks = [
  Same<Static<typeof UserSummarySchema>, UserSummary>,
  Same<Static<typeof RoleGroupSchema>, RoleGroup>,
  Same<Static<typeof RoleGroupListSchema>, RoleGroupList>,
  Same<Static<typeof RoleGroupDetailSchema>, RoleGroupDetail>,
  Same<Static<typeof UserPageSchema>, UserPage>,
  Same<Static<typeof UserAccessSchema>, UserAccess>,
  Same<Static<typeof ScopeVocabularySchema>, ScopeVocabulary>,
];

/** Every element must be `true`; a `{ mismatch }` element fails this assignment. */
export const ROLE_GROUP_CONTRACTS_MATCH: Checks extends true[] ? true : never = true;
