import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { AreaContext } from '../area-route';
import { AreaGate } from './area-gate';

/**
 * `/{Area}/{id}` and `/{Parent}/{parentId}/{Area}/{id}`: resolves the area route (unknown area →
 * 404) and renders `children` with its context and the record's id; the route module draws the
 * record (the ticket page) with the parts of ./submission-detail.tsx. `unknownArea` draws the page
 * when `/{Area}` names no area (any more): the area's key and the record's id.
 */
export function AreaDetailPage({
  children,
  unknownArea,
}: {
  children: (context: AreaContext, id: string) => ReactNode;
  unknownArea?: (key: string, id: string) => ReactNode;
}) {
  const { id = '' } = useParams();
  return (
    <AreaGate unknownArea={unknownArea ? (key) => unknownArea(key, id) : undefined}>
      {(context) => children(context, id)}
    </AreaGate>
  );
}
