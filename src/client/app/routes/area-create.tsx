/**
 * Route module of `/{Area}/Form` and `/{Parent}/{parentId}/{Area}/Form` (see the placement rule
 * in app/router.tsx): the area feature's create page, its form framed by the content feature's
 * help text.
 */
import { AreaCreatePage, preloadCreatePageChunks } from '../../features/areas/components/area-create-page';
import { WithFormHelp } from '../../features/content/components/form-help';

export { routeParamsChanged as shouldRevalidate } from '../../lib/load-ahead';

/**
 * Starts the form's chunks (the form body, the form engine) as soon as this module is in; the
 * route table started the area's request already.
 */
export function loader(): null {
  preloadCreatePageChunks();
  return null;
}

export default function AreaCreateRoute() {
  return <AreaCreatePage Frame={WithFormHelp} />;
}
