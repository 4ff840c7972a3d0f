import type { WidgetProps } from '@rjsf/utils';
import flatpickr from 'flatpickr';
import type { Instance } from 'flatpickr/dist/types/instance';
import { useEffect, useRef } from 'react';
import 'flatpickr/dist/flatpickr.min.css';
import { formatScalar } from '../../../shared/display-format';

type PickerMode = 'date' | 'time' | 'date-time';

/** What the person types and sees (flatpickr tokens), per mode; stored values are ISO 8601. */
const INPUT_FORMAT: Record<PickerMode, string> = { date: 'Y-m-d', time: 'H:i', 'date-time': 'Y-m-d H:i' };
const PLACEHOLDER: Record<PickerMode, string> = { date: 'YYYY-MM-DD', time: 'HH:MM', 'date-time': 'YYYY-MM-DD HH:MM' };

const pad = (n: number) => String(n).padStart(2, '0');
const isValidDate = (date: Date) => !Number.isNaN(date.getTime());

/**
 * The stored ISO 8601 value for a picked local date: `2025-03-14`, `14:30:00`, or UTC
 * `2025-03-14T13:30:00.000Z` (react-flatpickr's hook hands an empty date string, so the
 * date itself is formatted).
 */
function toStored(mode: PickerMode, date: Date | undefined): string | undefined {
  if (!date || !isValidDate(date)) return undefined;
  if (mode === 'date') return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  if (mode === 'time') return `${pad(date.getHours())}:${pad(date.getMinutes())}:00`;
  return date.toISOString();
}

/** The stored value as flatpickr takes it (a local `Date` for date-time, the text otherwise). */
function toPicker(mode: PickerMode, value: unknown): string | Date | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  if (mode === 'date-time') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  if (mode === 'time') return /^\d{2}:\d{2}/.test(value) ? value.slice(0, 5) : undefined;
  return value;
}

function bound(mode: PickerMode, value: unknown): string | Date | undefined {
  return typeof value === 'string' ? toPicker(mode, value) : undefined;
}

/** The text the input shows for a stored value (flatpickr's display format of the mode). */
function toText(mode: PickerMode, value: unknown): string {
  const picked = toPicker(mode, value);
  return picked instanceof Date ? flatpickr.formatDate(picked, INPUT_FORMAT[mode]) : (picked ?? '');
}

/**
 * The text a read-only field shows (a form's review step): the value as people read it
 * (docs/behaviour.md "Showing values"), nothing when empty. The ticket page's read-only form draws
 * its dates with read-only-widgets.tsx instead, without this chunk.
 */
function toReadableText(mode: PickerMode, value: unknown): string {
  return typeof value === 'string' ? formatScalar(value, { format: mode }) : '';
}

function createPickerWidget(mode: PickerMode) {
  /**
   * A flatpickr picker for this `format` (date, time or date-time): typing works
   * (`allowInput`; a typed value is taken on blur), the schema's `formatMinimum`/`formatMaximum`
   * bound the calendar, the value is stored in ISO 8601 and an empty field reports `undefined`.
   * Mounting renders a plain input showing the value; flatpickr is attached (and opened) on the
   * input's first focus, so a form with many pickers mounts as fast as one without. Escape in the
   * input closes the calendar.
   */
  function PickerWidget(props: WidgetProps) {
    const value: unknown = props.value;
    const { id, disabled, readonly, required, autofocus, schema, onBlur, onFocus } = props;
    const input = useRef<HTMLInputElement>(null);
    const picker = useRef<Instance | null>(null);
    const latest = useRef(props);
    latest.current = props;
    const minDate = bound(mode, schema.formatMinimum);
    const maxDate = bound(mode, schema.formatMaximum);
    const minKey = String(minDate);
    const maxKey = String(maxDate);
    // the stored value, shown by flatpickr once attached, else as the input's text
    useEffect(() => {
      const element = input.current;
      if (!element) return;
      if (picker.current) picker.current.setDate(toPicker(mode, value) ?? '', false);
      else if (document.activeElement !== element)
        element.value = readonly ? toReadableText(mode, value) : toText(mode, value);
    }, [value, readonly]);
    // a new bound or unmount: the attached picker goes (the next focus attaches one with the new bounds)
    useEffect(
      () => () => {
        picker.current?.destroy();
        picker.current = null;
      },
      [minKey, maxKey],
    );
    const attach = (element: HTMLInputElement) => {
      if (picker.current) return;
      picker.current = flatpickr(element, {
        allowInput: true,
        enableTime: mode !== 'date',
        noCalendar: mode === 'time',
        time_24hr: true,
        dateFormat: INPUT_FORMAT[mode],
        minDate,
        maxDate,
        defaultDate: toPicker(mode, latest.current.value),
        onChange: (dates) => {
          // flatpickr hands an Invalid Date while a time is half typed: keep the field as it is
          if (!dates[0] || isValidDate(dates[0])) latest.current.onChange(toStored(mode, dates[0]));
        },
      });
      picker.current.open();
    };
    return (
      <input
        ref={input}
        id={id}
        name={id}
        type="text"
        className="form-control"
        defaultValue={readonly ? toReadableText(mode, value) : toText(mode, value)}
        disabled={disabled || readonly}
        required={required}
        autoFocus={autofocus}
        placeholder={readonly ? '' : props.placeholder || PLACEHOLDER[mode]}
        autoComplete="off"
        data-format={mode}
        aria-describedby={`${id}__description ${id}__error ${id}__help`}
        onBlur={(event) => {
          // a typed value counts even when focus moves into the picker's own time inputs, where
          // flatpickr itself does not take it
          const text = event.target.value.trim();
          const typed = text ? flatpickr.parseDate(text, INPUT_FORMAT[mode]) : undefined;
          if (!text || (typed && isValidDate(typed))) latest.current.onChange(toStored(mode, typed));
          onBlur(id, event.target.value);
        }}
        onFocus={(event) => {
          attach(event.target);
          onFocus(id, event.target.value);
        }}
        onKeyDown={(event) => {
          // flatpickr closes on Escape only with the focus in its calendar, not in a typable input
          if (event.key === 'Escape' && picker.current?.isOpen) {
            event.preventDefault();
            picker.current.close();
          }
        }}
      />
    );
  }
  return PickerWidget;
}

/** Replaces rjsf's `DateWidget` (`format: "date"`). */
export const DatePickerWidget = createPickerWidget('date');
/** Replaces rjsf's `TimeWidget` (`format: "time"`). */
export const TimePickerWidget = createPickerWidget('time');
/** Replaces rjsf's `DateTimeWidget` (`format: "date-time"`). */
export const DateTimePickerWidget = createPickerWidget('date-time');
