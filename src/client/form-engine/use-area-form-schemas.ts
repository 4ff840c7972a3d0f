import { useEffect } from 'react';
import type { AreaDefinition } from '../../shared/area';
import type { JsonObject } from '../../shared/json';
import { fetchProperties } from '../lib/area-api';
import { useResource } from '../lib/use-resource';
import { loadValidatorModule } from '../lib/validator-modules';
import { usesPropertyOptions, withPropertyOptions } from './property-options';
import { widgetModulesFor } from './widget-needs';
import { loadWidgetModules } from './widgets/widget-modules';
import { formValidatorFor, type FormValidator, type ValidatorModule } from './validator';

/**
 * The schemas and validator to give rjsf: `loading` while the validator module (and the property
 * list for select fields) loads, `error` when the validator module could not be loaded.
 */
export type AreaFormSchemas =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'ready'; schema: JsonObject; uiSchema: JsonObject; validator: FormValidator; warning?: string };

/**
 * The area's JSON Schema and UI schema with property fields turned into selects (memoised, so
 * the same objects come back on every render), and the validator built from the area's
 * precompiled validator module (src/client/form-engine/validator.ts), loaded with `import()` as
 * soon as the area is known, side by side with the property list. When the property list cannot
 * be loaded the plain schemas are used and `warning` says so: the form stays usable with typed
 * codes. The widget modules the form will need start loading at once too
 * (`readonly`: the form shows stored data, so it needs no rich-text editor).
 */
export function useAreaFormSchemas(area: AreaDefinition, options: { includeInactive: boolean; readonly: boolean }): AreaFormSchemas {
  const { readonly } = options;
  useEffect(() => {
    // AreaForm asks again and shows a failure; this early start only saves the wait
    loadWidgetModules(widgetModulesFor(area.schema, area.uiSchema, { readonly })).catch(() => undefined);
  }, [area.schema, area.uiSchema, readonly]);
  const needsProperties = usesPropertyOptions(area.uiSchema);
  const { schema: areaSchema, validator: modulePath } = area;
  const validator = useResource(`validator:${modulePath}`, () =>
    loadValidatorModule(modulePath).then((module) => formValidatorFor(module as ValidatorModule, areaSchema)),
  );
  const properties = useResource(needsProperties ? 'properties' : 'none', () =>
    needsProperties ? fetchProperties() : Promise.resolve([]),
  );
  if (validator.status === 'error') return { status: 'error', error: validator.error, retry: validator.reload };
  if (validator.status === 'loading' || (needsProperties && properties.status === 'loading'))
    return { status: 'loading' };
  const ready = { status: 'ready', validator: validator.data } as const;
  if (!needsProperties) return { ...ready, schema: area.schema, uiSchema: area.uiSchema };
  if (properties.status === 'error') {
    return {
      ...ready,
      schema: area.schema,
      uiSchema: area.uiSchema,
      warning: 'The property list could not be loaded; enter property codes such as P-1001 by hand.',
    };
  }
  return {
    ...ready,
    ...withPropertyOptions(area.schema, area.uiSchema, properties.data ?? [], options.includeInactive),
  };
}
