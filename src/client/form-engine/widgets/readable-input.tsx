import { getDefaultRegistry } from '@rjsf/core';
import { getTemplate, type Widget, type WidgetProps } from '@rjsf/utils';
import { formatNumber } from '../../../shared/display-format';

function defaultWidget(name: 'TextWidget' | 'UpDownWidget'): Widget {
  const widget = getDefaultRegistry().widgets[name];
  if (!widget) throw new Error(`rjsf has no default ${name}`);
  return widget;
}

/**
 * rjsf's own input widget (`TextWidget`, `UpDownWidget`), except when read-only: a number shows
 * as people read it (money `7,842.50`, docs/behaviour.md "Showing values") in a text input, and an
 * empty field shows nothing rather than its placeholder.
 */
function readable(name: 'TextWidget' | 'UpDownWidget'): Widget {
  const Default = defaultWidget(name);
  function ReadableInput(props: WidgetProps) {
    const { readonly, schema, registry, options } = props;
    const value: unknown = props.value;
    if (!readonly) return <Default {...props} />;
    if (typeof value !== 'number') return <Default {...props} placeholder="" />;
    const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
    return <BaseInputTemplate {...props} type="text" placeholder="" value={formatNumber(value, schema)} />;
  }
  ReadableInput.displayName = `Readable${name}`;
  return ReadableInput;
}

/** Replaces rjsf's `TextWidget` (strings and numbers without a widget): see {@link readable}. */
export const ReadableTextWidget = readable('TextWidget');
/** Replaces rjsf's `UpDownWidget` (`"ui:widget": "updown"`): see {@link readable}. */
export const ReadableUpDownWidget = readable('UpDownWidget');
