import { getDefaultRegistry } from '@rjsf/core';
import {
  getByPath,
  getPropertySchema,
  getTemplate,
  getUiOptions,
  orderProperties,
  shouldRenderOptionalField,
  toFieldPathId,
  type Field,
  type FieldPathId,
  type FieldProps,
  type ObjectFieldTemplateProps,
  type RJSFSchema,
  type UiSchema,
} from '@rjsf/utils';
import { useMemo } from 'react';

/** rjsf's own `ObjectField` (its default registry always has one). */
const RjsfObjectField: Field = (() => {
  const field = getDefaultRegistry().fields.ObjectField;
  if (!field) throw new Error('rjsf has no default ObjectField');
  return field;
})();

/** Keeps `additionalProperties` / `patternProperties` entries (added keys, renames, removal) to rjsf's own. */
function hasExtraProperties(schema: RJSFSchema): boolean {
  return 'patternProperties' in schema || ('additionalProperties' in schema && schema.additionalProperties !== false);
}

const noop = () => undefined;

type Props = FieldProps<Record<string, unknown> | undefined>;

/**
 * rjsf's `ObjectField` (registry `fields.ObjectField`) for an object with a fixed set of properties
 * (`additionalProperties` absent or false, no `patternProperties`, not an optional-data control):
 * it resolves the object's schema once (conditions and all) as rjsf's does, orders the properties
 * by `ui:order`, and hands rjsf's `ObjectFieldTemplate` the same props, with each property's
 * `SchemaField` directly as its content — rjsf wraps each in an `ObjectFieldProperty` component
 * whose state and callbacks serve only added (`additionalProperties`) keys, and computes each
 * field's path with a deep comparison on every render, which adds to a large form's mount time. Every
 * other object, and an ordering error (rjsf shows it in the form), goes to rjsf's own.
 */
export function LeanObjectField(props: Props) {
  const { schema: rawSchema, uiSchema = {}, formData, errorSchema, fieldPathId, name, required = false, disabled, readonly, hideError, onBlur, onFocus, onChange, registry, title } = props;
  const { schemaUtils, globalUiOptions, globalFormOptions, fields } = registry;
  const schema: RJSFSchema = useMemo(() => schemaUtils.retrieveSchema(rawSchema, formData, true), [schemaUtils, rawSchema, formData]);
  const uiOptions = useMemo(() => getUiOptions(uiSchema, globalUiOptions), [uiSchema, globalUiOptions]);
  // the children's path when a oneOf/anyOf wrapper moved this field's own (rjsf's SchemaField sets it)
  const childFieldPathId = (props as Props & { childFieldPathId?: FieldPathId }).childFieldPathId ?? fieldPathId;
  const schemaProperties = schema.properties;
  // the order (rjsf's `orderProperties` throws on a `ui:order` naming unknown properties)
  const ordered = useMemo(() => {
    try {
      return orderProperties(Object.keys(schemaProperties ?? {}), uiOptions.order);
    } catch {
      return undefined;
    }
  }, [schemaProperties, uiOptions.order]);
  // each property's id and path, kept while the object's own path and properties stay the same
  const pathIds = useMemo(
    () => new Map((ordered ?? []).map((property) => [property, toFieldPathId(property, globalFormOptions, childFieldPathId.path)])),
    [ordered, globalFormOptions, childFieldPathId],
  );
  const renderOptionalField = shouldRenderOptionalField(registry, schema, required, uiSchema);
  const { SchemaField } = fields;
  if (hasExtraProperties(schema) || renderOptionalField || !ordered || !SchemaField) return <RjsfObjectField {...props} />;

  const Template = getTemplate('ObjectFieldTemplate', registry, uiOptions);
  const hasRequired = (property: string) => Array.isArray(schema.required) && schema.required.includes(property);
  const templateProps: ObjectFieldTemplateProps = {
    // getDisplayLabel() always returns false for object types, so rjsf checks only `uiOptions.label`
    title: uiOptions.label === false ? '' : (uiOptions.title ?? schema.title ?? title ?? name),
    description: uiOptions.label === false ? undefined : (uiOptions.description ?? schema.description),
    properties: ordered.map((property) => {
      const fieldUiSchema = uiSchema[property] as UiSchema | undefined;
      const content = (
        <SchemaField
          key={property}
          name={property}
          required={hasRequired(property)}
          schema={getPropertySchema(schema, property)}
          uiSchema={fieldUiSchema}
          errorSchema={getByPath(errorSchema, property)}
          fieldPathId={pathIds.get(property) ?? toFieldPathId(property, globalFormOptions, childFieldPathId.path)}
          formData={getByPath(formData, property)}
          wasPropertyKeyModified={false}
          onKeyRename={noop}
          onKeyRenameBlur={noop}
          onRemoveProperty={noop}
          onChange={onChange}
          onBlur={onBlur}
          onFocus={onFocus}
          registry={registry}
          disabled={disabled}
          readonly={readonly}
          hideError={hideError}
        />
      );
      return { content, name: property, readonly, disabled, required, hidden: getUiOptions(fieldUiSchema).widget === 'hidden' };
    }),
    readonly,
    disabled,
    required,
    fieldPathId,
    uiSchema,
    errorSchema,
    schema,
    formData,
    registry,
    optionalDataControl: undefined,
    className: undefined,
    onAddProperty: noop,
  };
  return <Template {...templateProps} />;
}
