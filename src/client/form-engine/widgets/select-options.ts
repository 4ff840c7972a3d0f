/**
 * What a select's stored value chooses, shared by the editable select (select-widget.tsx, with
 * choices.js) and the read-only one (read-only-widgets.tsx, without it).
 */
import {
  enumOptionSelectedValue,
  type EnumOptionsType,
  type getOptionValueFormat,
  type WidgetProps,
} from '@rjsf/utils';

/**
 * The encoded values (rjsf's `enumOptionValueEncoder`: the value itself, or its index under
 * `ui:options.optionValueFormat`) of the options `props.value` selects; `''` for none.
 */
export function chosenValues(
  props: WidgetProps & { multiple?: boolean },
  enumOptions: EnumOptionsType[],
  format: ReturnType<typeof getOptionValueFormat>,
): Set<string> {
  const selected: unknown = enumOptionSelectedValue(
    props.value,
    enumOptions,
    Boolean(props.multiple),
    format,
    props.multiple ? [] : '',
  );
  return new Set(
    (Array.isArray(selected) ? selected : [selected]).map((item) => (typeof item === 'string' ? item : '')),
  );
}
