/** Route module of `/RoleGroups` (see the placement rule in app/router.tsx). */
export { RoleGroupsPage as default } from '../../features/role-groups/components/role-groups-page';
