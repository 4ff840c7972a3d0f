/** Route module of `/RoleGroups/Access/{userId}` (see the placement rule in app/router.tsx). */
export { UserAccessPage as default } from '../../features/role-groups/components/user-access-page';
