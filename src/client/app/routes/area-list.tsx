/** Route module of `/{Area}` and `/{Parent}/{parentId}/{Area}` (see the placement rule in app/router.tsx). */
export { AreaListPage as default } from '../../features/areas/components/area-list-page';
export { routeParamsChanged as shouldRevalidate } from '../../lib/load-ahead';
