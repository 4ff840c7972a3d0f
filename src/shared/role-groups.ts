/**
 * Role-group API contracts (docs/behaviour.md "Role groups"), shared by client and server: role
 * groups with their scopes, members and identity-provider group ids; user search; a user's
 * effective access and where each scope comes from; the scope vocabulary
 * (docs/behaviour.md "Scopes").
 */

/** Name of the seeded group holding `admin`; it can be neither renamed, deleted nor emptied of its last member. */
export const ADMINISTRATORS_GROUP = 'Administrators';

/** `GET /api/role-groups` item and `GET /api/role-groups/:id`. */
export type RoleGroup = {
  id: string;
  name: string;
  description: string;
  scopes: string[];
  /** Identity-provider group ids (e.g. Entra ID group object ids) whose members belong automatically. */
  idpGroupIds: string[];
  /** True for a group everyone who signs in belongs to (Employees). */
  includesEveryone: boolean;
  memberCount: number;
  /** Optimistic concurrency: send it back on update; a stale one answers 409. */
  version: number;
};

/** `GET /api/role-groups`. */
export type RoleGroupList = { items: RoleGroup[] };

/** `GET /api/directory/role-groups`: every role group's id and name, for pickers (any signed-in user). */
export type RoleGroupDirectory = { items: { id: string; name: string }[] };

/** One user as lists and searches show them. */
export type UserSummary = { id: string; name: string; email: string | null };

/** `GET /api/role-groups/:id` adds the explicit members. */
export type RoleGroupDetail = RoleGroup & { members: UserSummary[] };

/** Body of `POST /api/role-groups`, and of `PUT /api/role-groups/:id` together with `version`. */
export type RoleGroupInput = {
  name: string;
  description?: string;
  scopes: string[];
  idpGroupIds?: string[];
};

/** `GET /api/users?q=&limit=&cursor=`: users by name or e-mail, name order, keyset pages. */
export type UserPage = { items: UserSummary[]; nextCursor: string | null };

/**
 * How a group applies to a user: explicit `member`, `everyone` (includesEveryone), `idp-group`
 * (the token's group claim names one of its idpGroupIds) or `group-map` (OIDC_GROUP_MAP).
 */
export type GroupSource = 'member' | 'everyone' | 'idp-group' | 'group-map';

/** A group granting access, and how the user belongs to it. */
export type GrantingGroup = { id: string; name: string; via: GroupSource[] };

/** `GET /api/users/:id/access`: effective scopes and the groups that grant each. */
export type UserAccess = {
  user: UserSummary;
  groups: GrantingGroup[];
  scopes: { scope: string; groups: string[] }[];
  /** Identity-provider groups of the user's latest token (null when they have not signed in since this was recorded). */
  idpGroups: string[] | null;
};

/** One scope of the vocabulary, with the heading the picker files it under. */
export type ScopeInfo = { scope: string; label: string; category: string };

/** `GET /api/scopes`. */
export type ScopeVocabulary = { items: ScopeInfo[] };
