/**
 * The route table (spec §2), history mode with base `/`. Layouts load with the app, page
 * modules are lazy-loaded; the create and detail pages pull in the form engine (rjsf + ajv),
 * which no other page loads.
 * Area routes are generic (`/:area…`): the key is checked against the API, never a list here.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '../components/status-message';
import { RequireAuth } from './components/require-auth';
import { ErrorPage } from './error-page';
import BareLayout from './layouts/bare-layout';
import DefaultLayout from './layouts/default-layout';
import { RootLayout } from './root-layout';

type PageModule = { default: ComponentType };

/** A lazily loaded page: the module's default export becomes the route's `Component`. */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const areaList = page(() => import('./routes/area-list'));
const areaCreate = page(() => import('./routes/area-create'));
const areaDetail = page(() => import('./routes/area-detail'));

/** The portal's routes: bare layout for sign-in, default layout (nav bar) for the rest. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <Loading />,
    children: [
      {
        Component: BareLayout,
        children: [{ path: 'login', ...page(() => import('./routes/login')) }],
      },
      {
        Component: DefaultLayout,
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              { index: true, ...page(() => import('./routes/home')) },
              {
                Component: RequireAuth,
                children: [
                  { path: 'Forms', ...page(() => import('./routes/forms')) },
                  { path: 'Tickets', ...page(() => import('./routes/tickets')) },
                  { path: ':area', ...areaList },
                  { path: ':area/Form', ...areaCreate },
                  { path: ':area/:id', ...areaDetail },
                  { path: ':parentArea/:parentId/:area', ...areaList },
                  { path: ':parentArea/:parentId/:area/Form', ...areaCreate },
                  { path: ':parentArea/:parentId/:area/:id', ...areaDetail },
                ],
              },
              { path: '*', ...page(() => import('./routes/not-found-page')) },
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
