/**
 * The API lists a select may take its options from (`ui:options.optionsFrom`, alias
 * `optionsSource`) and how each response becomes options. The shapes are the real routes' (issue 6):
 * - `users`: `GET /api/users?q=` → `UserPage` `{ items: [{ id, name, email }], nextCursor }`;
 *   option value = user id, label = `Name (e-mail)` (or the name alone without e-mail);
 * - `roleGroups`: `GET /api/role-groups` → `RoleGroupList` `{ items: [{ id, name, … }] }`;
 *   option value = group id, label = group name.
 * Both routes need `rolegroups:manage` (403 for anyone else). Pure: no React, no HTTP.
 */
import type { EnumOptionsType } from '@rjsf/utils';
import type { RoleGroupList, UserPage } from '../../../shared/role-groups';

/** A source name as written in `ui:options.optionsFrom`. */
export type RemoteOptionSource = 'users' | 'roleGroups';

/** Path under `/api/`, the words used in messages, whether it takes `?q=`, and the response mapping. */
export const REMOTE_OPTION_SOURCES: {
  readonly [S in RemoteOptionSource]: {
    path: string;
    label: string;
    searchable: boolean;
    toOptions: (body: unknown) => EnumOptionsType[];
  };
} = {
  users: { path: 'users', label: 'users', searchable: true, toOptions: (body) => userOptions(body as UserPage) },
  roleGroups: {
    path: 'role-groups',
    label: 'role groups',
    searchable: false,
    toOptions: (body) => roleGroupOptions(body as RoleGroupList),
  },
};

/** `source` when it names a known list, else undefined. */
export function remoteOptionSource(named: unknown): RemoteOptionSource | undefined {
  return typeof named === 'string' && Object.hasOwn(REMOTE_OPTION_SOURCES, named)
    ? (named as RemoteOptionSource)
    : undefined;
}

/** Options of a `GET /api/users` page: value = id, label = `Name (e-mail)`. A body of another shape gives []. */
export function userOptions(page: UserPage | null | undefined): EnumOptionsType[] {
  const items = Array.isArray(page?.items) ? page.items : [];
  return items.map((user) => ({ value: user.id, label: user.email ? `${user.name} (${user.email})` : user.name }));
}

/** Options of `GET /api/role-groups`: value = id, label = name. A body of another shape gives []. */
export function roleGroupOptions(list: RoleGroupList | null | undefined): EnumOptionsType[] {
  const items = Array.isArray(list?.items) ? list.items : [];
  return items.map((group) => ({ value: group.id, label: group.name }));
}
