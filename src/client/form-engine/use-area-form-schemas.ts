import { useEffect } from 'react';
import type { AreaDefinition } from '../../shared/area';
import type { JsonObject } from '../../shared/json';
import { fetchProperties } from '../lib/area-api';
import { useResource } from '../lib/use-resource';
import { usesPropertyOptions, withPropertyOptions } from './property-options';
import { widgetModulesFor } from './widget-needs';
import { loadWidgetModules } from './widgets/widget-modules';

/** The schemas to give rjsf, or `loading` while the property list for select fields loads. */
export type AreaFormSchemas =
  | { status: 'loading' }
  | { status: 'ready'; schema: JsonObject; uiSchema: JsonObject; warning?: string };

/**
 * The area's JSON Schema and UI schema with property fields turned into selects (memoised, so
 * the same objects come back on every render). When the property list cannot be loaded the
 * plain schemas are used and `warning` says so: the form stays usable with typed codes.
 * The widget modules the form will need start loading at once, beside the property list
 * (`readonly`: the form shows stored data, so it needs no rich-text editor).
 */
export function useAreaFormSchemas(area: AreaDefinition, options: { includeInactive: boolean; readonly: boolean }): AreaFormSchemas {
  const { readonly } = options;
  useEffect(() => {
    // AreaForm asks again and shows a failure; this early start only saves the wait
    loadWidgetModules(widgetModulesFor(area.schema, area.uiSchema, { readonly })).catch(() => undefined);
  }, [area.schema, area.uiSchema, readonly]);
  const needsProperties = usesPropertyOptions(area.uiSchema);
  const properties = useResource(needsProperties ? 'properties' : 'none', () =>
    needsProperties ? fetchProperties() : Promise.resolve([]),
  );
  if (!needsProperties) return { status: 'ready', schema: area.schema, uiSchema: area.uiSchema };
  if (properties.status === 'loading') return { status: 'loading' };
  if (properties.status === 'error') {
    return {
      status: 'ready',
      schema: area.schema,
      uiSchema: area.uiSchema,
      warning: 'The property list could not be loaded; enter property codes such as P-1001 by hand.',
    };
  }
  return { status: 'ready', ...withPropertyOptions(area.schema, area.uiSchema, properties.data, options.includeInactive) };
}
