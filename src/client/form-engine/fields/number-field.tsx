import type { ErrorSchema, FieldPathList, FieldProps } from '@rjsf/utils';
import { useCallback, useState } from 'react';

// rjsf's patterns for a value still being typed: a trailing point, or zeros after a point
const TRAILING_FRACTION = /\.([0-9]*0)*$/;
const TRAILING_ZEROS = /[0.]0*$/;
const REGEXP_SPECIALS = /[.*+?^${}()|[\]\\]/g;

/**
 * rjsf's `asNumber` with a `.` decimal point: `''` → `undefined`, `null` → `null`; a string that
 * ends in `.`, `.0` or a fraction ending in `0` stays a string (the person is still typing, e.g.
 * `3.` on the way to `3.07`); otherwise `Number(value)` unless that is `NaN`, in which case the
 * string comes back unchanged (the validator then reports "must be number").
 */
export function asDecimalNumber(value: unknown): unknown {
  if (value === '') return undefined;
  if (value === null) return null;
  if (typeof value === 'string' && (/\.$/.test(value) || /\.0$/.test(value) || /\.\d*0$/.test(value))) return value;
  const number = Number(value);
  return Number.isNaN(number) ? value : number;
}

/**
 * The form data for what a number input holds, as rjsf's `NumberField` computes it: a leading `.`
 * gains a `0`, and a trailing point or trailing zeros after one are dropped (`'3.'` → `3`,
 * `'2.50'` → `2.5`, `'.5'` → `0.5`) before {@link asDecimalNumber}; `''` → `undefined`.
 */
export function numberFromInput(value: unknown): unknown {
  const normalised = typeof value === 'string' && value.startsWith('.') ? `0${value}` : value;
  if (typeof normalised === 'string' && TRAILING_FRACTION.test(normalised))
    return asDecimalNumber(normalised.replace(TRAILING_ZEROS, ''));
  return asDecimalNumber(normalised);
}

/**
 * rjsf's `NumberField` (registry `fields.NumberField`, for `type: "number"` and `"integer"`) with
 * the portal's decimal point, `.`, whatever the browser's languages: the portal shows and reads
 * numbers in en-US (docs/behaviour.md "Showing values"). rjsf's own asks
 * `Intl.NumberFormat(navigator.languages)` for the separator on every render — the first time
 * costs a form tens of milliseconds to load number data — and in a comma-decimal locale turns
 * number inputs into text inputs that read `1,5`. Like rjsf's, it keeps what was typed (`3.`,
 * `2.50`) in the input while the form data holds the number, and hands `StringField` the rest.
 */
export function DecimalNumberField(props: FieldProps<unknown>) {
  const { registry, onChange, formData } = props;
  const [lastValue, setLastValue] = useState<unknown>(props.value);
  const { StringField } = registry.fields;

  const handleChange = useCallback(
    (newValue: unknown, path: FieldPathList, errorSchema?: ErrorSchema, id?: string) => {
      setLastValue(newValue);
      onChange(numberFromInput(newValue), path, errorSchema, id);
    },
    [onChange],
  );

  let value: unknown = formData;
  if (typeof lastValue === 'string' && typeof value === 'number') {
    // what was typed is still this number with a trailing point or zeros: show it as typed
    const typed = new RegExp(`^(${String(value).replace(REGEXP_SPECIALS, '\\$&')})?\\.?0*$`);
    if (typed.test(lastValue)) value = lastValue;
  }
  if (!StringField) throw new Error('the form registry has no StringField');
  return <StringField {...props} formData={value} onChange={handleChange} />;
}
