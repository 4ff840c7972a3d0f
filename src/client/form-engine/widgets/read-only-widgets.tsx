/**
 * The select and the date/time fields of a read-only form (a stored submission's view), drawn
 * without the libraries their editable widgets load: a stored value is only shown, so choices.js
 * (select-widget.tsx) and flatpickr (date-picker-widget.tsx) are not needed, and the read-only
 * form asks for neither module (widget-needs.ts). In a chunk of its own (vite.config.ts), with
 * `StoredData`, so the create pages do not load it. The markup is what the editable widgets draw
 * when read-only (a disabled select holding the chosen options, a disabled input holding the
 * value as people read it), so both look the same.
 */
import {
  ariaDescribedByIds,
  enumOptionValueEncoder,
  getOptionValueFormat,
  type EnumOptionsType,
  type RegistryWidgetsType,
  type Widget,
  type WidgetProps,
} from '@rjsf/utils';
import { formatScalar } from '../../../shared/display-format';
import { useRemoteOptions } from './remote-options';
import { chosenValues } from './select-options';

/** The `format`s of rjsf's date and time widgets. */
type DateFormat = 'date' | 'time' | 'date-time';

/** A stored ISO 8601 value as people read it (`Mar 2, 2026`, `2:30 PM`); `''` when empty. */
function readableDate(value: unknown, format: DateFormat): string {
  return typeof value === 'string' ? formatScalar(value, { format }) : '';
}

function readOnlyDate(mode: DateFormat): Widget {
  function ReadOnlyDateWidget(props: WidgetProps) {
    const { id, required, autofocus } = props;
    return (
      <input
        id={id}
        name={id}
        type="text"
        className="form-control"
        value={readableDate(props.value, mode)}
        disabled
        required={required}
        autoFocus={autofocus}
        placeholder=""
        autoComplete="off"
        data-format={mode}
        aria-describedby={`${id}__description ${id}__error ${id}__help`}
      />
    );
  }
  ReadOnlyDateWidget.displayName = `ReadOnlyDateWidget(${mode})`;
  return ReadOnlyDateWidget;
}

/** `format: "date"` of a read-only form. */
export const ReadOnlyDateWidget = readOnlyDate('date');
/** `format: "time"` of a read-only form. */
export const ReadOnlyTimeWidget = readOnlyDate('time');
/** `format: "date-time"` of a read-only form. */
export const ReadOnlyDateTimeWidget = readOnlyDate('date-time');

/**
 * The options a read-only select lists: the placeholder of a single select without a default,
 * then the chosen options; a single select with neither lists its first option, as a select
 * with all of them would show it.
 */
function shownOptions(
  props: WidgetProps,
  enumOptions: EnumOptionsType[],
  chosen: Set<string>,
): { options: { value: string; label: string }[]; selected: string[] } {
  const format = getOptionValueFormat(props.options);
  const options: { value: string; label: string }[] = [];
  if (!props.multiple && props.schema.default === undefined)
    options.push({ value: '', label: props.placeholder || 'Choose…' });
  enumOptions.forEach(({ value, label }, index) => {
    const encoded = enumOptionValueEncoder(value, index, format);
    if (chosen.has(encoded)) options.push({ value: encoded, label });
  });
  const first = enumOptions[0];
  if (!props.multiple && options.length === 0 && first)
    options.push({ value: enumOptionValueEncoder(first.value, 0, format), label: first.label });
  const selected = options.filter((option) => chosen.has(option.value)).map((option) => option.value);
  return { options, selected };
}

/**
 * A select (an enum, a multi-select array, `optionsFrom` users or role groups) of a read-only form:
 * a disabled native select holding what is chosen, the labels of an API list loaded as the
 * editable select loads them (remote-options.ts).
 */
export function ReadOnlySelectWidget(props: WidgetProps) {
  const remote = useRemoteOptions(props.options);
  const enumOptions = remote.options ?? props.options.enumOptions ?? [];
  const chosen = chosenValues(props, enumOptions, getOptionValueFormat(props.options));
  const { options, selected } = shownOptions(props, enumOptions, chosen);
  const multiple = Boolean(props.multiple);
  return (
    <div className="portal-select">
      <div>
        <select
          // a new list (an API's labels arriving) draws a new select with its own selection
          key={options.map((option) => option.value).join('\n')}
          id={props.id}
          name={props.htmlName || props.id}
          multiple={multiple}
          disabled
          className="form-control"
          aria-describedby={ariaDescribedByIds(props.id)}
          required={props.required}
          defaultValue={multiple ? selected : (selected[0] ?? options[0]?.value ?? '')}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {remote.problem && (
        <p className="portal-select__problem" role="alert">
          {remote.problem}
        </p>
      )}
    </div>
  );
}

/**
 * The select and the pickers of a read-only form, under rjsf's own keys: what `StoredData` hands
 * to `AreaForm` (its `readOnlyWidgets`). Reached only from there, so this module stays out of the
 * editable form's chunks.
 */
export const READ_ONLY_WIDGETS: RegistryWidgetsType = {
  DateWidget: ReadOnlyDateWidget,
  TimeWidget: ReadOnlyTimeWidget,
  DateTimeWidget: ReadOnlyDateTimeWidget,
  SelectWidget: ReadOnlySelectWidget,
};
