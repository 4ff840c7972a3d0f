/**
 * The route table (spec §2), history mode with base `/`. Layouts load with the app, page
 * modules are lazy-loaded; the create and detail pages pull in the form engine (rjsf + ajv),
 * which no other page loads.
 * Area routes are generic (`/:area…`): the key is checked against the API, never a list here.
 *
 * Access (spec §2, §4; route-access.ts): `handle.access` is `public` (everyone), `guest`
 * (signed-out users only) or, by default, `signed-in`; one {@link RouteGuard} per layout enforces
 * it. `/login` is open to everyone because it is also the sign-in callback, which must run
 * whatever the session; `/Login` is the guest-only sign-in page. Both paths are case-sensitive
 * (react-router matches case-insensitively unless told).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '../components/status-message';
import { RouteGuard } from './components/route-guard';
import { ErrorPage } from './error-page';
import BareLayout from './layouts/bare-layout';
import DefaultLayout from './layouts/default-layout';
import TicketViewLayout from './layouts/ticket-layout';
import { loadPageModule } from './shell/chunk-reload';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-access';
import {
  REPORT_ACCESS_SCOPES,
  REPORT_ACCOUNTING_READ,
  REPORT_ACCOUNTING_WRITE,
  REPORT_DELIVERY_READ,
  REPORT_DELIVERY_WRITE,
} from '../../shared/report-tracker';
import { ADMIN_SCOPE, ASSIGNMENTS_MANAGE_SCOPE } from '../../shared/scopes';
import { paths } from '../config/paths';

type PageModule = { default: ComponentType };

/** A lazily loaded page: the module's default export becomes the route's `Component`. */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await loadPageModule(load)).default }) };
}

const PUBLIC: RouteHandle = { access: 'public' };
const GUEST: RouteHandle = { access: 'guest' };
const MANAGE_ROLE_GROUPS: RouteHandle = { anyScope: ['rolegroups:manage'] };
const loginPage = page(() => import('./routes/login'));

const areaList = page(() => import('./routes/area-list'));
const areaCreate = page(() => import('./routes/area-create'));
const areaDetail = page(() => import('./routes/area-detail'));
const ACCOUNTING_READERS: RouteHandle = { anyScope: [REPORT_ACCOUNTING_READ, REPORT_ACCOUNTING_WRITE] };
const DELIVERY_READERS: RouteHandle = { anyScope: [REPORT_DELIVERY_READ, REPORT_DELIVERY_WRITE] };
const REPORT_READERS: RouteHandle = { anyScope: REPORT_ACCESS_SCOPES };

/**
 * The portal's routes, each behind the route guard, in one of three layouts (README route table):
 * bare (sign-in, 404; error pages render the same frame from the root error boundary), ticket
 * view (one record), default with the navigation bar (everything else).
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <Loading />,
    children: [
      {
        Component: BareLayout,
        children: [
          {
            Component: RouteGuard,
            children: [
              { path: 'login', caseSensitive: true, handle: PUBLIC, ...loginPage },
              { path: 'Login', caseSensitive: true, handle: GUEST, ...loginPage },
              { path: '*', handle: PUBLIC, ...page(() => import('./routes/not-found-page')) },
            ],
          },
        ],
      },
      {
        Component: DefaultLayout,
        children: [
          {
            children: [
              {
                Component: RouteGuard,
                children: [
                  { index: true, handle: PUBLIC, ...page(() => import('./routes/home')) },
                  { path: 'Forms', ...page(() => import('./routes/forms')) },
                  { path: 'Tickets', ...page(() => import('./routes/tickets')) },
                  { path: 'ReportTracker', handle: REPORT_READERS, ...page(() => import('./routes/report-tracker')) },
                  {
                    path: 'ReportTracker/Accounting',
                    handle: ACCOUNTING_READERS,
                    ...page(() => import('./routes/report-tracker-accounting')),
                  },
                  {
                    path: 'ReportTracker/Delivery',
                    handle: DELIVERY_READERS,
                    ...page(() => import('./routes/report-tracker-delivery')),
                  },
                  { path: 'RoleGroups', handle: MANAGE_ROLE_GROUPS, ...page(() => import('./routes/role-groups')) },
                  {
                    path: 'RoleGroups/Access/:userId',
                    handle: MANAGE_ROLE_GROUPS,
                    ...page(() => import('./routes/user-access')),
                  },
                  {
                    path: 'Assignments',
                    caseSensitive: true,
                    handle: { anyScope: [ASSIGNMENTS_MANAGE_SCOPE] } satisfies RouteHandle,
                    ...page(() => import('./routes/assignments')),
                  },
                  {
                    path: paths.formAreas.slice(1),
                    caseSensitive: true,
                    handle: { anyScope: [ADMIN_SCOPE] } satisfies RouteHandle,
                    ...page(() => import('./routes/form-areas')),
                  },
                  { path: 'Changes', ...page(() => import('./routes/changes')) },
                  { path: 'test', caseSensitive: true, ...page(() => import('./routes/widget-test')) },
                  { path: ':area', ...areaList },
                  { path: ':area/Form', ...areaCreate },
                  { path: ':parentArea/:parentId/:area', ...areaList },
                  { path: ':parentArea/:parentId/:area/Form', ...areaCreate },
                ],
              },
            ],
          },
        ],
      },
      {
        Component: TicketViewLayout,
        children: [
          {
            children: [
              {
                Component: RouteGuard,
                children: [
                  { path: 'Tickets/comments/:id?', ...page(() => import('./routes/ticket-view')) },
                  { path: ':area/:id', ...areaDetail },
                  { path: ':parentArea/:parentId/:area/:id', ...areaDetail },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/** Creates the browser router (history mode, base `/`). Call once, outside React. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
