import { getDefaultRegistry } from '@rjsf/core';
import { ADDITIONAL_PROPERTY_FLAG, getUiOptions, type FieldTemplateProps } from '@rjsf/utils';

const { FieldTemplate: DefaultFieldTemplate } = getDefaultRegistry().templates;

/**
 * rjsf `FieldTemplate` with the same markup as rjsf's own for every field that is not an
 * `additionalProperties` entry (those go to rjsf's own): `div.form-group` with the field's classes
 * (plus `has-error has-danger` when it shows errors), the label (`label.control-label[for]` with
 * a `span.required` mark), the description, the widget, the errors and the help. rjsf's own goes
 * through `WrapIfAdditionalTemplate` and `Label` components for each field; writing the elements
 * here makes a form's mount two components per field lighter (issue 4 "Performance").
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, hidden, required, displayLabel, uiSchema, schema, classNames, style, rawErrors, hideError } = props;
  if (ADDITIONAL_PROPERTY_FLAG in schema) return <DefaultFieldTemplate {...props} />;
  if (hidden) return <div className="hidden">{children}</div>;
  const isCheckbox = getUiOptions(uiSchema).widget === 'checkbox';
  const classes = ['form-group', classNames];
  if (!hideError && rawErrors && rawErrors.length > 0) classes.push('has-error has-danger');
  return (
    <div className={classes.join(' ').trim()} style={style}>
      {displayLabel && !isCheckbox && label ? (
        <label className="control-label" htmlFor={id}>
          {label}
          {required && <span className="required">*</span>}
        </label>
      ) : null}
      {displayLabel && description ? description : null}
      {children}
      {errors}
      {help}
    </div>
  );
}
