/**
 * Calls of the role-group API (shapes from src/shared/role-groups.ts). All need
 * `rolegroups:manage`; errors come back as ky HTTP errors (read them with `toApiFailure`).
 */
import type {
  RoleGroupDetail,
  RoleGroupInput,
  RoleGroupList,
  ScopeVocabulary,
  UserAccess,
  UserPage,
} from '../../../shared/role-groups';
import { api } from '../../lib/http';

/** `GET /api/role-groups`. */
export function fetchRoleGroups(signal?: AbortSignal): Promise<RoleGroupList> {
  return api.get('role-groups', { signal }).json<RoleGroupList>();
}

/** `GET /api/role-groups/:id`: the group and its members. */
export function fetchRoleGroup(id: string, signal?: AbortSignal): Promise<RoleGroupDetail> {
  return api.get(`role-groups/${encodeURIComponent(id)}`, { signal }).json<RoleGroupDetail>();
}

/** `POST /api/role-groups` (422 per field). */
export function createRoleGroup(input: RoleGroupInput): Promise<RoleGroupDetail> {
  return api.post('role-groups', { json: input }).json<RoleGroupDetail>();
}

/** `PUT /api/role-groups/:id` with the version last read (409 when someone changed it since). */
export function updateRoleGroup(id: string, input: RoleGroupInput & { version: number }): Promise<RoleGroupDetail> {
  return api.put(`role-groups/${encodeURIComponent(id)}`, { json: input }).json<RoleGroupDetail>();
}

/** `DELETE /api/role-groups/:id` (409 for Administrators or a group in use). */
export async function deleteRoleGroup(id: string): Promise<void> {
  await api.delete(`role-groups/${encodeURIComponent(id)}`);
}

/** `PUT /api/role-groups/:id/members/:userId`. */
export async function addRoleGroupMember(id: string, userId: string): Promise<void> {
  await api.put(`role-groups/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`);
}

/** `DELETE /api/role-groups/:id/members/:userId` (409 for the last administrator). */
export async function removeRoleGroupMember(id: string, userId: string): Promise<void> {
  await api.delete(`role-groups/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`);
}

/** `GET /api/users?q=`: users by name or e-mail, first page. */
export function searchUsers(q: string, signal?: AbortSignal): Promise<UserPage> {
  return api.get('users', { searchParams: { q, limit: 10 }, signal }).json<UserPage>();
}

/** `GET /api/users/:id/access`: effective scopes and the groups granting each. */
export function fetchUserAccess(id: string, signal?: AbortSignal): Promise<UserAccess> {
  return api.get(`users/${encodeURIComponent(id)}/access`, { signal }).json<UserAccess>();
}

/** `GET /api/scopes`: the vocabulary, per-area scopes included. */
export function fetchScopes(signal?: AbortSignal): Promise<ScopeVocabulary> {
  return api.get('scopes', { signal }).json<ScopeVocabulary>();
}
