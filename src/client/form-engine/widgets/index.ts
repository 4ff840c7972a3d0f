/**
 * The widget registry of the form engine: a pure factory, merged over rjsf's default widgets
 * (`{ ...defaults, ...ours }`, never a global filled by import side effects, so every form gets
 * the same widgets whatever was imported before).
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { RegistryWidgetsType, Widget } from '@rjsf/utils';
import type { PortalWidget } from '../../../shared/widget-names';
import { AttachmentsWidget } from './attachments-widget';
import { deferredWidget } from './deferred-widget';
import { ImageDisplayWidget } from './image-display';
import { ReadableTextWidget, ReadableUpDownWidget } from './readable-input';
import { RichTextWidget } from './rich-text-widget';
import { loadedWidgetModule } from './widget-modules';

/** Registry key of the rich-text widget named in UI schemas (`"ui:widget": "richText"`). */
export const RICH_TEXT_WIDGET = 'richText' satisfies PortalWidget;

/** One widget per name of `PORTAL_WIDGETS` (src/shared/widget-names.ts), which the schema validator accepts. */
const PORTAL_WIDGET_REGISTRY: Record<PortalWidget, Widget> = {
  richText: RichTextWidget,
  attachments: AttachmentsWidget,
  image: ImageDisplayWidget,
};

/**
 * rjsf's own keys, so `format: "date" | "time" | "date-time"` and `enum` need no UI hint. Each
 * renders the widget of its own chunk (widget-modules.ts): the widget itself once that is loaded,
 * else a stand-in that loads it.
 */
const DEFERRED_OVERRIDES: RegistryWidgetsType = {
  DateWidget: deferredWidget('datePicker', (module) => module.DatePickerWidget),
  TimeWidget: deferredWidget('datePicker', (module) => module.TimePickerWidget),
  DateTimeWidget: deferredWidget('datePicker', (module) => module.DateTimePickerWidget),
  SelectWidget: deferredWidget('select', (module) => module.SelectWidget),
};

function rjsfOverrides(): RegistryWidgetsType {
  const dates = loadedWidgetModule('datePicker');
  const select = loadedWidgetModule('select');
  return {
    ...DEFERRED_OVERRIDES,
    ...(dates && {
      DateWidget: dates.DatePickerWidget,
      TimeWidget: dates.TimePickerWidget,
      DateTimeWidget: dates.DateTimePickerWidget,
    }),
    ...(select && { SelectWidget: select.SelectWidget }),
  };
}

/** One registry per set of loaded widget modules, so a form gets the same object on every render. */
const registries = new Map<string, RegistryWidgetsType>();
/** One registry per set of read-only widgets handed in. */
const readOnlyRegistries = new WeakMap<RegistryWidgetsType, RegistryWidgetsType>();

/**
 * rjsf's default widgets plus the portal's own: rjsf's text and up-down inputs showing read-only
 * numbers as people read them (readable-input.tsx), flatpickr pickers under rjsf's date/time keys,
 * the choices.js select under `SelectWidget`,
 * `richText` (slate editor), `attachments` (file upload) and `image` (image display).
 * Property selects need no option loading: the schema transform in `property-options.ts` gives
 * those fields an `enum`, which the select renders. The widgets of the modules loaded so far are
 * registered themselves; the others through a stand-in that loads them. A read-only form (a
 * stored submission's view) passes `readOnlyWidgets` (read-only-widgets.tsx), which replace the
 * select and the pickers and need neither module. The same object comes back while the loaded
 * modules (or the read-only widgets) stay the same (rjsf keys its caches on it).
 */
export function createWidgets(readOnlyWidgets?: RegistryWidgetsType): RegistryWidgetsType {
  if (readOnlyWidgets) {
    let registry = readOnlyRegistries.get(readOnlyWidgets);
    if (!registry) {
      registry = { ...baseWidgets(), ...readOnlyWidgets, ...PORTAL_WIDGET_REGISTRY };
      readOnlyRegistries.set(readOnlyWidgets, registry);
    }
    return registry;
  }
  const key = `${loadedWidgetModule('datePicker') ? 'dates' : ''}+${loadedWidgetModule('select') ? 'select' : ''}`;
  let registry = registries.get(key);
  if (!registry) {
    registry = { ...baseWidgets(), ...rjsfOverrides(), ...PORTAL_WIDGET_REGISTRY };
    registries.set(key, registry);
  }
  return registry;
}

/** rjsf's default widgets with its text and up-down inputs reading numbers as people do. */
function baseWidgets(): RegistryWidgetsType {
  return { ...getDefaultRegistry().widgets, TextWidget: ReadableTextWidget, UpDownWidget: ReadableUpDownWidget };
}
