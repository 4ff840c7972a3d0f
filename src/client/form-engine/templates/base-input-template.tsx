import { getDefaultRegistry } from '@rjsf/core';
import type { BaseInputTemplateProps } from '@rjsf/utils';

/** rjsf's own `BaseInputTemplate` (its default registry always has one). */
const RjsfBaseInputTemplate = getDefaultRegistry().templates.BaseInputTemplate;

/**
 * rjsf's `BaseInputTemplate` (registry `templates.BaseInputTemplate`, the `<input>` of the text,
 * up-down, email and similar widgets), except that a `type: "number"` field is always an
 * `<input type="number">` with `step="any"` (or the schema's `multipleOf`): the markup rjsf gives
 * where the decimal separator is `.`. rjsf's `getInputProps` asks `Intl.NumberFormat` for the
 * browser's separator to decide, on every render; the portal reads numbers with a `.`
 * (fields/number-field.tsx). A widget's own `type` and `ui:options.inputType` still win.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { schema, type, options } = props;
  if (type || options.inputType || schema.type !== 'number') return <RjsfBaseInputTemplate {...props} />;
  return <RjsfBaseInputTemplate {...props} type="number" step={schema.multipleOf ?? 'any'} />;
}
