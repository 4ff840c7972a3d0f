import { getDefaultRegistry } from '@rjsf/core';
import { ADDITIONAL_PROPERTY_FLAG, getUiOptions, type FieldTemplateProps } from '@rjsf/utils';
import { useEffect } from 'react';

const { FieldTemplate: DefaultFieldTemplate } = getDefaultRegistry().templates;

/** Widgets that render a group of inputs (radios, checkboxes): their field is a fieldset with a legend. */
const GROUP_WIDGETS = new Set(['radio', 'checkboxes']);

/** The id of a field's label (or legend): the select widget names its combobox by it. */
export function labelId(fieldId: string): string {
  return `${fieldId}__label`;
}

/** The inputs of the field `id`: the element itself, or the inputs of its group (`<id>-0`, `<id>-1`…). */
function fieldControls(id: string): Element[] {
  const element = document.getElementById(id);
  if (!element) return [];
  if (element.matches('input, select, textarea, [role="textbox"], [role="combobox"]')) return [element];
  return [...element.querySelectorAll(`[id^="${CSS.escape(id)}-"]:is(input, select, textarea)`)];
}

/**
 * Marks the field's inputs `aria-invalid="true"` while it shows errors (mounted only then, so a
 * valid field costs nothing), after every render of the field, since a widget may replace its
 * input (the rich-text editor, the select's combobox); unmounting removes the mark.
 */
function InvalidMark({ id }: { id: string }) {
  useEffect(() => {
    const marked = fieldControls(id);
    for (const control of marked) control.setAttribute('aria-invalid', 'true');
    return () => {
      for (const control of marked) control.removeAttribute('aria-invalid');
    };
  });
  return null;
}

/**
 * rjsf `FieldTemplate` with the same markup as rjsf's own for every field that is not an
 * `additionalProperties` entry (those go to rjsf's own): `div.form-group` with the field's classes
 * (plus `has-error has-danger` when it shows errors), the label (`label.control-label[for]` with
 * a `span.required` mark), the description, the widget, the errors and the help. rjsf's own goes
 * through `WrapIfAdditionalTemplate` and `Label` components for each field; writing the elements
 * here, and leaving out the description, error and help templates of a field that has none (they
 * render nothing then), makes a form's mount five components per field lighter, which large forms notice.
 *
 * Accessibility (WCAG 2.2: 1.3.1, 3.3.1, 4.1.2): a radio or checkbox group is a `fieldset` whose
 * `legend` is the label (each input is described by the field's error, description and help); the
 * label or legend has the id `<id>__label`; a field that shows errors marks its inputs
 * `aria-invalid="true"` (their `aria-describedby` already points at `<id>__error`).
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, rawDescription, rawHelp, hidden, required, displayLabel, uiSchema, schema, classNames, style, rawErrors, hideError } = props;
  if (ADDITIONAL_PROPERTY_FLAG in schema) return <DefaultFieldTemplate {...props} />;
  if (hidden) return <div className="hidden">{children}</div>;
  const uiOptions = getUiOptions(uiSchema);
  const hasErrors = !hideError && rawErrors !== undefined && rawErrors.length > 0;
  const classes = ['form-group', classNames];
  if (hasErrors) classes.push('has-error has-danger');
  const hasLabel = displayLabel && uiOptions.widget !== 'checkbox' && Boolean(label);
  const mark = required ? <span className="required">*</span> : null;
  // the description, error and help templates render nothing without a description, errors or help
  // text, so they are left out then (three components less per field)
  const body = (
    <>
      {displayLabel && rawDescription ? description : null}
      {children}
      {hasErrors ? errors : null}
      {hasErrors ? <InvalidMark id={id} /> : null}
      {rawHelp !== undefined || uiOptions.help ? help : null}
    </>
  );
  if (typeof uiOptions.widget === 'string' && GROUP_WIDGETS.has(uiOptions.widget)) {
    classes.push('form-group--choices');
    return (
      <fieldset className={classes.join(' ').trim()} style={style}>
        {hasLabel ? (
          <legend className="control-label" id={labelId(id)}>
            {label}
            {mark}
          </legend>
        ) : null}
        {body}
      </fieldset>
    );
  }
  return (
    <div className={classes.join(' ').trim()} style={style}>
      {hasLabel ? (
        <label className="control-label" htmlFor={id} id={labelId(id)}>
          {label}
          {mark}
        </label>
      ) : null}
      {body}
    </div>
  );
}
