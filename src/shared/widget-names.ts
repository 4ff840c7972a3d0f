/**
 * Widget names a UI schema may give in `"ui:widget"` (or `"ui:options": { "widget": … }`). Plain
 * data, no React: the schema validator (scripts/validate-schemas.ts) checks UI schemas against it,
 * and the client's widget registry (src/client/form-engine/widgets/index.ts) registers our names.
 */

/**
 * The names rjsf 6 resolves by itself (the `widgetMap` of `@rjsf/utils` `getWidget`, every
 * schema type together). rjsf spells the alternative date pickers `alt-date` and `alt-datetime`;
 * `altdate` would fail when the form renders.
 */
export const RJSF_BUILTIN_WIDGETS = [
  'text',
  'textarea',
  'password',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uri',
  'data-url',
  'date',
  'datetime',
  'date-time',
  'alt-date',
  'alt-datetime',
  'time',
  'color',
  'file',
  'files',
  'updown',
  'range',
  'radio',
  'select',
  'checkbox',
  'checkboxes',
  'hidden',
] as const;

/**
 * The portal's own widgets, registered over rjsf's defaults: `richText` (rich-text editor),
 * `attachments` (file upload), `image` (image display).
 */
export const PORTAL_WIDGETS = ['richText', 'attachments', 'image'] as const;

export type PortalWidget = (typeof PORTAL_WIDGETS)[number];

/** True when `name` is a widget rjsf knows or one of ours. */
export function isKnownWidget(name: string): boolean {
  return (
    (RJSF_BUILTIN_WIDGETS as readonly string[]).includes(name) || (PORTAL_WIDGETS as readonly string[]).includes(name)
  );
}
