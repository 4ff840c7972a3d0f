/**
 * Route paths of the portal (portal-spec.md §2), built in one place so links and routes agree.
 * Area keys are route segments as-is; submission ids are URI-encoded.
 */

/** Where an area's pages live: top level (`/AP`) or nested under a parent submission (`/IncidentForm/{id}/IncidentFollowUp`). */
export type AreaLocation = {
  area: string;
  parent?: { area: string; id: string };
};

/** Static pages. */
export const paths = {
  home: '/',
  login: '/login',
  forms: '/Forms',
  tickets: '/Tickets',
  reportTracker: '/ReportTracker',
  roleGroups: '/RoleGroups',
  assignments: '/Assignments',
  formAreas: '/FormAreas',
} as const;

/** `/RoleGroups/Access/{userId}`: a user's effective scopes and where each comes from (issue 6). */
export function userAccessPath(userId: string): string {
  return `/RoleGroups/Access/${encodeURIComponent(userId)}`;
}

/** `/Tickets/comments/{id}`: the ticket view of one ticket (issue 5). */
export function ticketViewPath(id: string): string {
  return `/Tickets/comments/${encodeURIComponent(id)}`;
}

/** `/{Area}` or `/{Parent}/{parentId}/{Area}`: the list page of an area. */
export function areaListPath(location: AreaLocation): string {
  const { area, parent } = location;
  return parent ? `/${parent.area}/${encodeURIComponent(parent.id)}/${area}` : `/${area}`;
}

/** `…/{Area}/Form`: the create page of an area. */
export function areaCreatePath(location: AreaLocation): string {
  return `${areaListPath(location)}/Form`;
}

/** `…/{Area}/{id}`: the detail page of one submission. */
export function areaDetailPath(location: AreaLocation, id: string): string {
  return `${areaListPath(location)}/${encodeURIComponent(id)}`;
}
