import type { Widget, WidgetProps } from '@rjsf/utils';
import type { WidgetModuleName } from '../widget-needs';
import { useWidgetModule, type WidgetModules } from './widget-modules';

/**
 * A registry entry for a widget that lives in the chunk of widget module `name`: renders
 * `pick(module)` once the module is loaded. A form loads its modules before it renders
 * (area-form.tsx), so the stand-in — a disabled input of the same height — only shows for a
 * field its schemas did not announce, while the module loads.
 */
export function deferredWidget<Name extends WidgetModuleName>(
  name: Name,
  pick: (module: WidgetModules[Name]) => Widget,
): Widget {
  function DeferredWidget(props: WidgetProps) {
    const module = useWidgetModule(name);
    if (!module)
      return (
        <input id={props.id} className="form-control" disabled aria-busy="true" aria-label={props.label || undefined} />
      );
    const Loaded = pick(module);
    return <Loaded {...props} />;
  }
  return DeferredWidget;
}
