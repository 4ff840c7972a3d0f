import { getDefaultRegistry } from '@rjsf/core';
import {
  ADDITIONAL_PROPERTY_FLAG,
  deepEquals,
  descriptionId,
  getTemplate,
  getUiOptions,
  getWidget,
  hasWidget,
  optionsList,
  resolveUiSchema,
  RJSF_REF_CYCLE_KEY,
  shallowEquals,
  UI_OPTIONS_KEY,
  type ErrorSchema,
  type Field,
  type FieldProps,
  type FieldTemplateProps,
  type RJSFSchema,
  type UiSchema,
} from '@rjsf/utils';
import { memo, useCallback } from 'react';

/** rjsf's own `SchemaField` (its default registry always has one). */
const RjsfSchemaField: Field = (() => {
  const field = getDefaultRegistry().fields.SchemaField;
  if (!field) throw new Error('rjsf has no default SchemaField');
  return field;
})();

/** Keys that make rjsf resolve a schema against the data or hand it to another field. */
const RESOLVED_KEYS = ['$ref', '$id', 'allOf', 'anyOf', 'oneOf', 'if', 'dependencies', 'deprecated'] as const;

/**
 * A plain string property: `type: "string"` and nothing rjsf would resolve (references,
 * compositions, conditions, dependencies), not an `additionalProperties` entry.
 * rjsf's `retrieveSchema` hands such a schema back unchanged in content.
 */
function isPlainString(schema: RJSFSchema): boolean {
  if (schema.type !== 'string' || ADDITIONAL_PROPERTY_FLAG in schema || RJSF_REF_CYCLE_KEY in schema) return false;
  return !RESOLVED_KEYS.some((key) => key in schema);
}

/** rjsf's own `StringField`, which the lean path stands in for (a registry that replaces it goes through rjsf's `SchemaField`). */
const RJSF_STRING_FIELD = getDefaultRegistry().fields.StringField;

/**
 * The UI schema rjsf's `SchemaField` hands its field: without the class names and style its wrapper
 * already applied, so they are not applied twice.
 */
function withoutWrapperStyling(uiSchema: UiSchema): UiSchema {
  const fieldUiSchema: UiSchema = { ...uiSchema };
  delete fieldUiSchema['ui:classNames'];
  delete fieldUiSchema.classNames;
  delete fieldUiSchema['ui:style'];
  const ownOptions = fieldUiSchema[UI_OPTIONS_KEY];
  if (ownOptions) {
    const fieldUiOptions = { ...ownOptions };
    delete fieldUiOptions.classNames;
    delete fieldUiOptions.style;
    fieldUiSchema[UI_OPTIONS_KEY] = fieldUiOptions;
  }
  return fieldUiSchema;
}

type Props = FieldProps<unknown>;

/**
 * rjsf's `SchemaField` (registry `fields.SchemaField`): a plain string property (see
 * {@link isPlainString}) without a `ui:field` is rendered here, in one component, as rjsf's `SchemaField` and
 * `StringField` together render it (same template props, same widget props, same markup); every
 * other schema goes to rjsf's own. It skips what those two recompute for such a field on every
 * render — resolving its schema twice (once for the schema, once for "is it a select"), the display
 * label twice — and one component per field, all of which adds to a large form's mount time.
 */
function LeanSchemaFieldRender(props: Props) {
  const { schema, fieldPathId, uiSchema: rawUiSchema, formData, errorSchema, name, onChange, onBlur, onFocus, required = false, registry } = props;
  const fieldId = fieldPathId.$id;
  const path = fieldPathId.path;
  // as rjsf's StringField (the path) and SchemaField (the field's id when the widget gave none) hand it on
  const onWidgetChange = useCallback(
    (value: unknown, newErrorSchema?: ErrorSchema, id?: string) => onChange(value, path, newErrorSchema, id || fieldId),
    [onChange, path, fieldId],
  );
  if (!isPlainString(schema) || registry.fields.StringField !== RJSF_STRING_FIELD) return <RjsfSchemaField {...props} />;
  const { schemaUtils, globalUiOptions, widgets } = registry;
  const uiSchema = resolveUiSchema(schema, rawUiSchema, registry);
  const uiOptions = getUiOptions(uiSchema, globalUiOptions);
  // a `ui:field` (or `ui:options.field`) picks another field component: rjsf's own renders it
  if (uiOptions.field) return <RjsfSchemaField {...props} />;
  const FieldTemplate = getTemplate('FieldTemplate', registry, uiOptions);
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, uiOptions);
  const FieldHelpTemplate = getTemplate('FieldHelpTemplate', registry, uiOptions);
  const FieldErrorTemplate = getTemplate('FieldErrorTemplate', registry, uiOptions);
  const disabled = Boolean(uiOptions.disabled ?? props.disabled);
  const readonly = Boolean(uiOptions.readonly ?? (props.readonly || schema.readOnly));
  const hideError = uiOptions.hideError === undefined ? props.hideError : Boolean(uiOptions.hideError);
  const autofocus = Boolean(uiOptions.autofocus ?? props.autofocus);
  const displayLabel = schemaUtils.getDisplayLabel(schema, uiSchema, globalUiOptions);
  const rawErrors = errorSchema?.__errors;

  // rjsf's StringField
  const fieldUiSchema = withoutWrapperStyling(uiSchema);
  // rjsf's resolveDefaultWidget, whose "is it a select" resolves the schema first: for a plain string
  // schema (no anyOf/oneOf, resolved unchanged) that question is whether it has an `enum`
  const enumOptions = Array.isArray(schema.enum) ? optionsList(schema, fieldUiSchema) : undefined;
  const defaultWidget = schema.format && hasWidget(schema, schema.format, widgets) ? schema.format : enumOptions ? 'select' : 'text';
  const { widget = defaultWidget, placeholder = '', title: uiTitle, ...options } = getUiOptions(fieldUiSchema);
  const Widget = getWidget(schema, widget, widgets);
  const field = (
    <Widget
      options={{ ...options, enumOptions }}
      schema={schema}
      uiSchema={fieldUiSchema}
      id={fieldId}
      name={name}
      label={uiTitle ?? props.title ?? schema.title ?? name}
      hideLabel={!displayLabel}
      hideError={hideError}
      value={formData}
      onChange={onWidgetChange}
      onBlur={onBlur}
      onFocus={onFocus}
      required={required}
      disabled={disabled}
      readonly={readonly}
      autofocus={autofocus}
      registry={registry}
      placeholder={placeholder}
      rawErrors={rawErrors}
      htmlName={fieldPathId.name}
    />
  );

  // rjsf's SchemaField
  const description = uiOptions.description || schema.description || '';
  const { help } = uiOptions;
  const hasErrors = !hideError && rawErrors !== undefined && rawErrors.length > 0;
  const classNames = ['rjsf-field', 'rjsf-field-string'];
  if (hasErrors) classNames.push('rjsf-field-error');
  if (uiOptions.classNames) classNames.push(uiOptions.classNames);
  // handed on to the template as rjsf does (only `additionalProperties` entries use them, and those go to rjsf's own)
  const keyRename = props as Props & Pick<FieldTemplateProps, 'onKeyRename' | 'onKeyRenameBlur' | 'onRemoveProperty'>;
  const fieldProps: Omit<FieldTemplateProps, 'children'> = {
    description: <DescriptionFieldTemplate id={descriptionId(fieldId)} description={description} schema={schema} uiSchema={uiSchema} registry={registry} />,
    rawDescription: description,
    help: <FieldHelpTemplate help={help} fieldPathId={fieldPathId} schema={schema} uiSchema={uiSchema} hasErrors={hasErrors} registry={registry} />,
    rawHelp: typeof help === 'string' ? help : undefined,
    errors: hideError ? undefined : <FieldErrorTemplate errors={rawErrors} errorSchema={errorSchema} fieldPathId={fieldPathId} schema={schema} uiSchema={uiSchema} registry={registry} />,
    rawErrors: hideError ? undefined : rawErrors,
    fieldPathId,
    id: fieldId,
    label: uiOptions.title || schema.title || props.title || name,
    hidden: uiOptions.widget === 'hidden',
    onChange,
    onKeyRename: keyRename.onKeyRename,
    onKeyRenameBlur: keyRename.onKeyRenameBlur,
    onRemoveProperty: keyRename.onRemoveProperty,
    required,
    disabled,
    readonly,
    hideError,
    displayLabel,
    classNames: classNames.join(' ').trim(),
    style: uiOptions.style,
    formData,
    schema,
    uiSchema,
    registry,
  };
  return <FieldTemplate {...fieldProps}>{field}</FieldTemplate>;
}

/** With rjsf's `SchemaField` comparison (`experimental_componentUpdateStrategy`, deep by default), so a field re-renders only when its props change. */
export const LeanSchemaField = memo(LeanSchemaFieldRender, (previous, next) => {
  const { experimental_componentUpdateStrategy: strategy = 'customDeep' } = next.registry.globalFormOptions;
  if (strategy === 'always') return false;
  if (strategy === 'shallow') return shallowEquals(previous, next);
  return deepEquals(previous, next);
}) as unknown as Field;
