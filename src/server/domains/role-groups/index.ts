/**
 * Role groups and the people in them: groups and members, a user's effective scopes (the union
 * of their groups' scopes), the user records made at sign-in, the directory behind the pickers,
 * and the checks that keep a group in use from being deleted.
 */
export { cachedEffectiveAccess, invalidateAccess, userAccess, type AuthUser } from './access';
export { assigneeOptions, listRoleGroupNames, searchUsers } from './directory';
export type { RoleGroupDependencies, RoleGroupEvents } from './events';
export { GroupReferences, type GroupReference, type GroupReferenceCheck } from './references';
export {
  addMember,
  createRoleGroup,
  deleteRoleGroup,
  getRoleGroup,
  listRoleGroups,
  removeMember,
  updateRoleGroup,
} from './repository';
export { groupMemberIds, groupMembersQuery, roleGroupNames, upsertUser } from './users';
export { parseRoleGroupInput } from './validation';
