import { getDefaultRegistry } from '@rjsf/core';
import { ADDITIONAL_PROPERTY_FLAG, getUiOptions, type FieldTemplateProps } from '@rjsf/utils';

const { FieldTemplate: DefaultFieldTemplate } = getDefaultRegistry().templates;

/**
 * rjsf `FieldTemplate` with the same markup as rjsf's own for every field that is not an
 * `additionalProperties` entry (those go to rjsf's own): `div.form-group` with the field's classes
 * (plus `has-error has-danger` when it shows errors), the label (`label.control-label[for]` with
 * a `span.required` mark), the description, the widget, the errors and the help. rjsf's own goes
 * through `WrapIfAdditionalTemplate` and `Label` components for each field; writing the elements
 * here, and leaving out the description, error and help templates of a field that has none (they
 * render nothing then), makes a form's mount five components per field lighter, which large forms notice.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, rawDescription, rawHelp, hidden, required, displayLabel, uiSchema, schema, classNames, style, rawErrors, hideError } = props;
  if (ADDITIONAL_PROPERTY_FLAG in schema) return <DefaultFieldTemplate {...props} />;
  if (hidden) return <div className="hidden">{children}</div>;
  const uiOptions = getUiOptions(uiSchema);
  const hasErrors = !hideError && rawErrors !== undefined && rawErrors.length > 0;
  const classes = ['form-group', classNames];
  if (hasErrors) classes.push('has-error has-danger');
  // the description, error and help templates render nothing without a description, errors or help
  // text, so they are left out then (three components less per field)
  return (
    <div className={classes.join(' ').trim()} style={style}>
      {displayLabel && uiOptions.widget !== 'checkbox' && label ? (
        <label className="control-label" htmlFor={id}>
          {label}
          {required && <span className="required">*</span>}
        </label>
      ) : null}
      {displayLabel && rawDescription ? description : null}
      {children}
      {hasErrors ? errors : null}
      {rawHelp !== undefined || uiOptions.help ? help : null}
    </div>
  );
}
