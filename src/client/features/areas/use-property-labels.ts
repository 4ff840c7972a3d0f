import { useMemo } from 'react';
import { fetchProperties } from '../../lib/area-api';
import { propertyLabelMap } from '../../lib/property-label';
import { useResource } from '../../lib/use-resource';

/**
 * Property code → `code — name` labels for list and summary cells, loaded only when `enabled`.
 * Null while loading or when the list cannot be loaded (cells then show the bare code).
 */
export function usePropertyLabels(enabled: boolean): ReadonlyMap<string, string> | null {
  const properties = useResource(enabled ? 'properties' : 'none', () =>
    enabled ? fetchProperties() : Promise.resolve([]),
  );
  const list = properties.status === 'ready' ? properties.data : null;
  return useMemo(() => (list && list.length > 0 ? propertyLabelMap(list) : null), [list]);
}

/**
 * Property code → name (`P-1001` → `Maple Court Apartments`), for showing the name with the code
 * in small type. Null while loading or when the list cannot be loaded (show the bare code).
 */
export function usePropertyNames(): ReadonlyMap<string, string> | null {
  const properties = useResource('properties', () => fetchProperties());
  const list = properties.status === 'ready' ? properties.data : null;
  return useMemo(() => (list ? new Map(list.map((property) => [property.code, property.name])) : null), [list]);
}
