/**
 * Route paths of the portal, written in one place so the route table and every link agree:
 * {@link routePaths} are the patterns the router matches (relative to `/`, as react-router's
 * child routes take them), {@link paths} and the functions below build the links. Area keys are
 * route segments as-is; ids are URI-encoded.
 */

/** `/Tickets/comments`: the ticket view lives below it (`/Tickets/comments/{id}`). */
const TICKET_VIEW = 'Tickets/comments';
/** `/RoleGroups/Access`: one user's access lives below it (`/RoleGroups/Access/{userId}`). */
const USER_ACCESS = 'RoleGroups/Access';
/** The create page of an area is its list path plus this segment. */
const AREA_CREATE_SEGMENT = 'Form';

/** Route patterns (react-router syntax, no leading slash), one per page. */
export const routePaths = {
  /** The sign-in page and the OpenID Connect callback (open to everyone). */
  login: 'login',
  /** The guest-only sign-in page. */
  guestLogin: 'Login',
  forms: 'Forms',
  myRequests: 'MyRequests',
  tickets: 'Tickets',
  ticketView: `${TICKET_VIEW}/:id?`,
  reportTracker: 'ReportTracker',
  reportTrackerAccounting: 'ReportTracker/Accounting',
  reportTrackerDelivery: 'ReportTracker/Delivery',
  roleGroups: 'RoleGroups',
  userAccess: `${USER_ACCESS}/:userId`,
  assignments: 'Assignments',
  changes: 'Changes',
  formAreas: 'FormAreas',
  approvals: 'Approvals',
  notifications: 'Notifications',
  settings: 'Settings',
  mail: 'Mail',
  widgetTest: 'test',
  /** The design-system test page (every control in each state). */
  testUi: 'test/ui',
  areaList: ':area',
  areaCreate: `:area/${AREA_CREATE_SEGMENT}`,
  areaDetail: ':area/:id',
  childAreaList: ':parentArea/:parentId/:area',
  childAreaCreate: `:parentArea/:parentId/:area/${AREA_CREATE_SEGMENT}`,
  childAreaDetail: ':parentArea/:parentId/:area/:id',
  notFound: '*',
} as const;

/** Where an area's pages live: top level (`/AP`) or nested under a parent submission (`/IncidentForm/{id}/IncidentFollowUp`). */
export type AreaLocation = {
  area: string;
  parent?: { area: string; id: string };
};

/** Static pages. */
export const paths = {
  home: '/',
  login: `/${routePaths.login}`,
  forms: `/${routePaths.forms}`,
  myRequests: `/${routePaths.myRequests}`,
  tickets: `/${routePaths.tickets}`,
  reportTracker: `/${routePaths.reportTracker}`,
  reportTrackerAccounting: `/${routePaths.reportTrackerAccounting}`,
  reportTrackerDelivery: `/${routePaths.reportTrackerDelivery}`,
  roleGroups: `/${routePaths.roleGroups}`,
  assignments: `/${routePaths.assignments}`,
  changes: `/${routePaths.changes}`,
  formAreas: `/${routePaths.formAreas}`,
  approvals: `/${routePaths.approvals}`,
  notifications: `/${routePaths.notifications}`,
  settings: `/${routePaths.settings}`,
  mail: `/${routePaths.mail}`,
} as const;

/** `/RoleGroups/Access/{userId}`: a user's effective scopes and where each comes from. */
export function userAccessPath(userId: string): string {
  return `/${USER_ACCESS}/${encodeURIComponent(userId)}`;
}

/** `/Tickets/comments/{id}`: the ticket view of one ticket. */
export function ticketViewPath(id: string): string {
  return `/${TICKET_VIEW}/${encodeURIComponent(id)}`;
}

/** `/{Area}` or `/{Parent}/{parentId}/{Area}`: the list page of an area. */
export function areaListPath(location: AreaLocation): string {
  const { area, parent } = location;
  return parent ? `/${parent.area}/${encodeURIComponent(parent.id)}/${area}` : `/${area}`;
}

/** `…/{Area}/Form`: the create page of an area. */
export function areaCreatePath(location: AreaLocation): string {
  return `${areaListPath(location)}/${AREA_CREATE_SEGMENT}`;
}

/** `…/{Area}/{id}`: the detail page of one submission. */
export function areaDetailPath(location: AreaLocation, id: string): string {
  return `${areaListPath(location)}/${encodeURIComponent(id)}`;
}
