/**
 * The route table, history mode with base `/`. Layouts load with the app, page modules are
 * lazy-loaded; the pages that render a form (create, detail, ticket view, widget test) pull in the
 * form engine (rjsf + ajv). Every `path` comes from `routePaths` (config/paths.ts), every scope from
 * src/shared. Area routes are generic (`/:area…`): the key is checked against the API, never a
 * list here.
 *
 * Where a page lives (one rule for every page):
 * - `app/routes/<page>.tsx` is the route module: a thin module whose default export is what the
 *   router lazy-loads. It re-exports a feature's page component, or is a small function that
 *   wires one feature's page to pieces of other features through the page's props (slots). It
 *   holds no state, no effects and no markup of its own; it may export a `loader` that starts a
 *   feature's requests or chunks for the page ahead of its render (`lib/load-ahead.ts`), never
 *   one that returns data.
 * - Requests that need nothing of the page's chunks (the area, the ticket) start from the route
 *   table itself: {@link page}'s `ahead`, a function of a feature's small `*-ahead` module (or
 *   `area-route.ts`), which the entry chunk carries. They then go out as the route opens, beside
 *   the page's chunks, instead of after them.
 * - The page itself (its logic, data loading and markup) is a named export of
 *   `features/<name>/components/<page>.tsx`. A feature never imports another feature; pieces
 *   several features need live in components/ (UI), lib/ (helpers, API clients, the session) or
 *   form-engine/ (form rendering). ESLint enforces this (eslint.config.js, CLIENT block).
 *
 * Access (route-access.ts): `handle.access` is `public` (everyone), `guest` (signed-out users
 * only) or, by default, `signed-in`; one {@link RouteGuard} per layout enforces it. `/login` is
 * open to everyone because it is also the sign-in callback, which must run whatever the session;
 * `/Login` is the guest-only sign-in page. Both paths are case-sensitive (react-router matches
 * case-insensitively unless told).
 */
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type LoaderFunction,
  type Params,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router';
import { Loading } from '../components/status-message';
import { areaRouteLoader } from '../features/areas/area-route';
import { loadTicketDataAhead } from '../features/tickets/ticket-page-ahead';
import { RouteGuard } from './components/route-guard';
import { ErrorPage } from './error-page';
import BareLayout from './layouts/bare-layout';
import DefaultLayout from './layouts/default-layout';
import TicketViewLayout from './layouts/ticket-layout';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-access';
import {
  REPORT_ACCESS_SCOPES,
  REPORT_ACCOUNTING_READ,
  REPORT_ACCOUNTING_WRITE,
  REPORT_DELIVERY_READ,
  REPORT_DELIVERY_WRITE,
} from '../../shared/report-tracker';
import { ADMIN_SCOPE, ASSIGNMENTS_MANAGE_SCOPE, ROLEGROUPS_MANAGE_SCOPE } from '../../shared/scopes';
import { routePaths } from '../config/paths';

/**
 * A page's route module: its page as the default export and, optionally, a `loader` that only
 * starts the page's requests or chunks (it returns nothing to wait for) with its `shouldRevalidate`.
 */
type PageModule = {
  default: ComponentType;
  loader?: LoaderFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
};

/** Starts a page's requests from the entry as its route opens (nothing to wait for). */
type Ahead = (args: { params: Params }) => void;

/**
 * A lazily loaded page: the module's default export becomes the route's `Component`, its
 * `loader` and `shouldRevalidate` the route's. React Router runs the loader as soon as the module
 * is in, before the page renders (https://reactrouter.com/route/lazy). With `ahead`, the route
 * gets a static `loader` that calls `ahead` at once and then the module's own `loader`: React
 * Router runs a static loader beside `lazy`, so what `ahead` starts does not wait for the chunks.
 */
function page(load: () => Promise<PageModule>, ahead?: Ahead): Pick<RouteObject, 'lazy' | 'loader'> {
  const lazy = async () => {
    const { default: Component, loader, shouldRevalidate } = await load();
    return {
      Component,
      ...(loader && !ahead ? { loader } : {}),
      ...(shouldRevalidate ? { shouldRevalidate } : {}),
    };
  };
  if (!ahead) return { lazy };
  return {
    lazy,
    loader: async (args) => {
      ahead(args);
      const { loader } = await load();
      return loader ? loader(args) : null;
    },
  };
}

const PUBLIC: RouteHandle = { access: 'public' };
const GUEST: RouteHandle = { access: 'guest' };
const MANAGE_ROLE_GROUPS: RouteHandle = { anyScope: [ROLEGROUPS_MANAGE_SCOPE] };
const MANAGE_ASSIGNMENTS: RouteHandle = { anyScope: [ASSIGNMENTS_MANAGE_SCOPE] };
const loginPage = page(() => import('./routes/login'));

const areaList = page(() => import('./routes/area-list'), areaRouteLoader);
const areaCreate = page(() => import('./routes/area-create'), areaRouteLoader);
const areaDetail = page(
  () => import('./routes/area-detail'),
  ({ params }) => {
    areaRouteLoader({ params });
    if (params.id) loadTicketDataAhead(params.id);
  },
);
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
              { path: routePaths.login, caseSensitive: true, handle: PUBLIC, ...loginPage },
              { path: routePaths.guestLogin, caseSensitive: true, handle: GUEST, ...loginPage },
              { path: routePaths.notFound, handle: PUBLIC, ...page(() => import('./routes/not-found-page')) },
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
                  { path: routePaths.forms, ...page(() => import('./routes/forms')) },
                  { path: routePaths.myRequests, ...page(() => import('./routes/my-requests')) },
                  { path: routePaths.tickets, ...page(() => import('./routes/tickets')) },
                  {
                    path: routePaths.reportTracker,
                    handle: REPORT_READERS,
                    ...page(() => import('./routes/report-tracker')),
                  },
                  {
                    path: routePaths.reportTrackerAccounting,
                    handle: ACCOUNTING_READERS,
                    ...page(() => import('./routes/report-tracker-accounting')),
                  },
                  {
                    path: routePaths.reportTrackerDelivery,
                    handle: DELIVERY_READERS,
                    ...page(() => import('./routes/report-tracker-delivery')),
                  },
                  {
                    path: routePaths.roleGroups,
                    handle: MANAGE_ROLE_GROUPS,
                    ...page(() => import('./routes/role-groups')),
                  },
                  {
                    path: routePaths.userAccess,
                    handle: MANAGE_ROLE_GROUPS,
                    ...page(() => import('./routes/user-access')),
                  },
                  {
                    path: routePaths.assignments,
                    caseSensitive: true,
                    handle: MANAGE_ASSIGNMENTS,
                    ...page(() => import('./routes/assignments')),
                  },
                  {
                    path: routePaths.formAreas,
                    caseSensitive: true,
                    handle: { anyScope: [ADMIN_SCOPE] } satisfies RouteHandle,
                    ...page(() => import('./routes/form-areas')),
                  },
                  { path: routePaths.changes, ...page(() => import('./routes/changes')) },
                  {
                    path: routePaths.approvals,
                    caseSensitive: true,
                    ...page(() => import('./routes/approvals')),
                  },
                  {
                    path: routePaths.notifications,
                    caseSensitive: true,
                    ...page(() => import('./routes/notifications')),
                  },
                  { path: routePaths.settings, caseSensitive: true, ...page(() => import('./routes/settings')) },
                  {
                    path: routePaths.mail,
                    caseSensitive: true,
                    handle: { anyScope: [ADMIN_SCOPE] } satisfies RouteHandle,
                    ...page(() => import('./routes/mail')),
                  },
                  { path: routePaths.widgetTest, caseSensitive: true, ...page(() => import('./routes/widget-test')) },
                  { path: routePaths.testUi, caseSensitive: true, ...page(() => import('./routes/test-ui')) },
                  { path: routePaths.areaList, ...areaList },
                  { path: routePaths.areaCreate, ...areaCreate },
                  { path: routePaths.childAreaList, ...areaList },
                  { path: routePaths.childAreaCreate, ...areaCreate },
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
                  { path: routePaths.ticketView, ...page(() => import('./routes/ticket-view')) },
                  { path: routePaths.areaDetail, ...areaDetail },
                  { path: routePaths.childAreaDetail, ...areaDetail },
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
