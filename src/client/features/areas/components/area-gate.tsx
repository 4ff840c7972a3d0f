import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageNotFoundError } from '../../../components/not-found';
import { LoadError, Loading } from '../../../components/status-message';
import { useResource } from '../../../lib/use-resource';
import { knownAreaRoute, resolveAreaRoute, type AreaContext } from '../area-route';

/**
 * Resolves the current area route (see `resolveAreaRoute`) and renders `children` with its
 * context; shows "Loading…", the 404 page (bare layout) for unknown areas, or an error with "Try again".
 * With `unknownArea`, a top-level route naming no area renders `unknownArea(key)` instead of the
 * 404 page (the record page of an area whose folder was removed).
 */
export function AreaGate({
  children,
  unknownArea,
}: {
  children: (context: AreaContext) => ReactNode;
  unknownArea?: (key: string) => ReactNode;
}) {
  const { area, parentArea, parentId } = useParams();
  const key = JSON.stringify([parentArea, parentId, area]);
  const resolution = useResource(
    key,
    (signal) => resolveAreaRoute({ area, parentArea, parentId }, signal),
    () => knownAreaRoute({ area, parentArea, parentId }),
  );
  if (resolution.status === 'loading') return <Loading />;
  if (resolution.status === 'error') return <LoadError error={resolution.error} onRetry={resolution.reload} />;
  const isNested = parentArea !== undefined || parentId !== undefined;
  if (resolution.data.kind === 'not-found' && unknownArea && area && !isNested) return <>{unknownArea(area)}</>;
  // an unknown area is an unmatched address: the 404 page in the bare layout
  if (resolution.data.kind === 'not-found') throw new PageNotFoundError(`The area ${area ?? ''}`.trim());
  return <>{children(resolution.data.context)}</>;
}
