/**
 * The API lists a select may take its options from (`ui:options.optionsFrom`, alias
 * `optionsSource`) and how each response becomes options. The shapes are the real routes'
 * (routes/api/directory.ts, open to every signed-in user):
 * - `users`: `GET /api/directory/users?q=` → `UserPage` `{ items: [{ id, name, email }], nextCursor }`;
 *   option value = user id, label = `Name (e-mail)` (or the name alone without e-mail);
 * - `roleGroups`: `GET /api/directory/role-groups` → `RoleGroupDirectory` `{ items: [{ id, name }] }`;
 *   option value = group id, label = group name.
 * Pure: no React, no HTTP.
 */
import type { EnumOptionsType } from '@rjsf/utils';
import type { RoleGroupDirectory, UserPage } from '../../../shared/role-groups';

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
  users: { path: 'directory/users', label: 'users', searchable: true, toOptions: (body) => userOptions(body as UserPage) },
  roleGroups: {
    path: 'directory/role-groups',
    label: 'role groups',
    searchable: false,
    toOptions: (body) => roleGroupOptions(body as RoleGroupDirectory),
  },
};

/** `source` when it names a known list, else undefined. */
export function remoteOptionSource(named: unknown): RemoteOptionSource | undefined {
  return typeof named === 'string' && Object.hasOwn(REMOTE_OPTION_SOURCES, named)
    ? (named as RemoteOptionSource)
    : undefined;
}

/** Options of a `GET /api/directory/users` page: value = id, label = `Name (e-mail)`. A body of another shape gives []. */
export function userOptions(page: UserPage | null | undefined): EnumOptionsType[] {
  const items = Array.isArray(page?.items) ? page.items : [];
  return items.map((user) => ({ value: user.id, label: user.email ? `${user.name} (${user.email})` : user.name }));
}

/** Options of `GET /api/directory/role-groups`: value = id, label = name. A body of another shape gives []. */
export function roleGroupOptions(list: RoleGroupDirectory | null | undefined): EnumOptionsType[] {
  const items = Array.isArray(list?.items) ? list.items : [];
  return items.map((group) => ({ value: group.id, label: group.name }));
}
