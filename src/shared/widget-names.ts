/**
 * Widget and field names a UI schema may give (`"ui:widget"`, `"ui:options": { "widget": … }`,
 * `"ui:field"`). Plain data, no React: the area checks (src/server/domains/areas) hold UI schemas
 * against it, and the client's widget registry (src/client/form-engine/widgets/index.ts) registers
 * our names. tests/unit/shared/widget-names.test.ts holds these lists against rjsf's own.
 *
 * rjsf 6 resolves a widget name (`getWidget` of `@rjsf/utils`) by looking it up in the form's
 * widget registry first (rjsf's defaults, `RadioWidget`, `RatingWidget`…, and ours), then in its
 * per-type table of short names (`radio`, `updown`…), which depends on the field's schema type: a
 * name missing from both throws "No widget … for type …" when the form renders.
 */
import { closestName } from './closest-name';

/** The keys of rjsf 6's default widget registry (`getDefaultRegistry().widgets` of `@rjsf/core`). */
export const RJSF_REGISTRY_WIDGETS = [
  'AltDateTimeWidget',
  'AltDateWidget',
  'CheckboxWidget',
  'CheckboxesWidget',
  'ColorWidget',
  'DateTimeWidget',
  'DateWidget',
  'EmailWidget',
  'FileWidget',
  'HiddenWidget',
  'PasswordWidget',
  'RadioWidget',
  'RangeWidget',
  'RatingWidget',
  'SelectWidget',
  'TextWidget',
  'TextareaWidget',
  'TimeWidget',
  'URLWidget',
  'UpDownWidget',
] as const;

/**
 * rjsf 6's short widget names per schema type (the `widgetMap` of `getWidget`). rjsf spells the
 * alternative date pickers `alt-date` and `alt-datetime`; `altdate` fails when the form renders.
 */
export const RJSF_WIDGET_ALIASES: Readonly<Record<string, readonly string[]>> = {
  boolean: ['checkbox', 'radio', 'select', 'hidden'],
  string: [
    'text',
    'password',
    'email',
    'hostname',
    'ipv4',
    'ipv6',
    'uri',
    'data-url',
    'radio',
    'select',
    'textarea',
    'hidden',
    'date',
    'datetime',
    'date-time',
    'alt-date',
    'alt-datetime',
    'time',
    'color',
    'file',
  ],
  number: ['text', 'select', 'updown', 'range', 'radio', 'hidden'],
  integer: ['text', 'select', 'updown', 'range', 'radio', 'hidden'],
  array: ['select', 'checkboxes', 'files', 'hidden'],
};

/** Every short name rjsf resolves for at least one schema type. */
export const RJSF_BUILTIN_WIDGETS: readonly string[] = [...new Set(Object.values(RJSF_WIDGET_ALIASES).flat())];

/**
 * The portal's own widgets, registered over rjsf's defaults: `richText` (rich-text editor),
 * `attachments` (file upload), `image` (image display).
 */
export const PORTAL_WIDGETS = ['richText', 'attachments', 'image'] as const;

export type PortalWidget = (typeof PORTAL_WIDGETS)[number];

/**
 * The keys of rjsf 6's default field registry (`getDefaultRegistry().fields`) and the one the form
 * engine adds (`ArraySchemaField`, src/client/form-engine/area-form.tsx): the names `ui:field` may give.
 */
export const FORM_FIELDS = [
  'AnyOfField',
  'ArrayField',
  'ArraySchemaField',
  'BooleanField',
  'CyclicSchemaField',
  'FallbackField',
  'LayoutGridField',
  'LayoutHeaderField',
  'LayoutMultiSchemaField',
  'NullField',
  'NumberField',
  'ObjectField',
  'OneOfField',
  'OptionalDataControlsField',
  'SchemaField',
  'StringField',
] as const;

/** True when `name` is a key of the form's widget registry: rjsf's or ours, valid for any field. */
export function isRegisteredWidget(name: string): boolean {
  return (
    (RJSF_REGISTRY_WIDGETS as readonly string[]).includes(name) || (PORTAL_WIDGETS as readonly string[]).includes(name)
  );
}

/** True when `name` is a widget rjsf or the portal knows for a field of at least one type. */
export function isKnownWidget(name: string): boolean {
  return isRegisteredWidget(name) || RJSF_BUILTIN_WIDGETS.includes(name);
}

/**
 * Why the widget `name` cannot render a field of schema type `type` (rjsf's `getSchemaType`,
 * undefined when the schema says none), or null when it can: a registry key always can; a short
 * name only when rjsf's table lists it for that type.
 */
export function widgetProblem(name: string, type: string | undefined): string | null {
  if (isRegisteredWidget(name)) return null;
  const forType = type === undefined ? undefined : RJSF_WIDGET_ALIASES[type];
  if (forType?.includes(name)) return null;
  const field = type === undefined ? 'a field of no declared type' : `a "${type}" field`;
  const takes = `${field} takes ${forType ? `${forType.join(', ')}, ` : ''}rjsf's registered widgets (${RJSF_REGISTRY_WIDGETS.join(', ')}) and the portal's (${PORTAL_WIDGETS.join(', ')})`;
  if (isKnownWidget(name)) return `"${name}" is not a widget for ${field}: rjsf fails to render it (${takes})`;
  const near = closestName(name, [...(forType ?? []), ...RJSF_REGISTRY_WIDGETS, ...PORTAL_WIDGETS]);
  return `"${name}" is not a widget rjsf or the portal knows${near ? `; did you mean "${near}"?` : ` (${takes})`}`;
}
