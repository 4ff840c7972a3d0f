import Form from '@rjsf/core';
import type {
  Experimental_DefaultFormStateBehavior,
  RegistryFieldsType,
  RegistryWidgetsType,
  RJSFValidationError,
  UiSchema,
} from '@rjsf/utils';
import { useDeferredValue, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { LoadError, Loading } from '../components/status-message';
import type { AreaRule } from '../../shared/area-rules';
import { formStepsOf } from '../../shared/form-steps';
import { isAttachmentArraySchema } from '../../shared/attachment';
import type { JsonObject, JsonValue } from '../../shared/json';
import { isObjectRoot } from '../../shared/schema-walk';
import { fieldIdForProperty, type FieldErrorSchema } from './error-schema';
import { focusErrorSummary } from './focus-field';
import { transformErrors } from './error-messages';
import { createRulesValidator } from './rules-validator';
import type { FormValidator } from './validator';
import { ArrayFieldItemButtonsTemplate } from './templates/array-item-buttons-template';
import { BaseInputTemplate } from './templates/base-input-template';
import { ErrorListTemplate } from './templates/error-list-template';
import { AreaRulesContext, ArrayWithTotalsTemplate } from './templates/array-totals';
import { FieldErrorTemplate } from './templates/field-error-template';
import { FieldHelpTemplate } from './templates/field-help-template';
import { FieldTemplate } from './templates/field-template';
import { createWidgets } from './widgets';
import { loadedWidgetModule, useWidgetModules } from './widgets/widget-modules';
import { widgetModulesFor } from './widget-needs';
import { BufferedRowField, RowCommitScope, RowSchemaArrayField } from './fields/buffered-row-field';
import { LeanObjectField } from './fields/lean-object-field';
import { LeanSchemaField } from './fields/lean-schema-field';
import { DecimalNumberField } from './fields/number-field';
import type { StepFormProps } from './steps/stepped-form';
import './form.css';

/** rjsf's data type parameter; `JsonObject` itself makes rjsf's recursive `ErrorSchema<T>` too deep for tsc. */
type FormValue = Record<string, unknown>;

/**
 * rjsf hands back what the user entered: JSON by construction. Nothing entered is `{}` for a form
 * whose root is an object, else `null` (a form of one field left empty).
 */
function toJsonValue(formData: FormValue | undefined, isObject: boolean): JsonValue {
  return (formData ?? (isObject ? {} : null)) as JsonValue;
}

/**
 * After a submit that failed the client's checks: the focus goes to the error summary (or, without
 * one, the first failing field; rjsf's own lookup did not move the focus in our tests).
 */
function focusFirstError(error: RJSFValidationError): void {
  focusErrorSummary(fieldIdForProperty(error.property));
}

const TEMPLATES = {
  BaseInputTemplate,
  ErrorListTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  ArrayFieldTemplate: ArrayWithTotalsTemplate,
  ArrayFieldItemButtonsTemplate,
};

/**
 * Rows of repeating sections keep their edits until focus leaves them (fields/buffered-row-field.tsx);
 * plain string properties and objects with fixed properties render through lighter fields
 * (fields/lean-schema-field.tsx, fields/lean-object-field.tsx); numbers are read and shown with a `.`
 * decimal point whatever the browser's languages (fields/number-field.tsx, templates/base-input-template.tsx).
 */
const FIELDS: RegistryFieldsType = {
  ArrayField: RowSchemaArrayField,
  ArraySchemaField: BufferedRowField,
  SchemaField: LeanSchemaField,
  ObjectField: LeanObjectField,
  NumberField: DecimalNumberField,
};

/** Props of {@link AreaForm}. `schema` and `uiSchema` must be referentially stable (memoised). */
export type AreaFormProps = {
  schema: JsonObject;
  uiSchema: JsonObject;
  /**
   * The form's validator, from the precompiled validator module of the schema `schema` was made
   * from (./validator.ts; `useAreaFormSchemas` gives it). Read-only forms need it too: rjsf
   * resolves conditions with it.
   */
  validator: FormValidator;
  /**
   * The area's cross-field rules (area.json `rules`): checked on submit like the schema; their
   * totals are shown under the arrays they add up, on read-only forms too.
   */
  rules?: readonly AreaRule[];
  /** Stored data shown by a read-only form: an object, or the value itself for a form of one field. */
  formData?: JsonValue;
  /**
   * Data an editable form starts with. The form keeps its own state from then on: feeding every
   * change back as `formData` let a blur's validation re-render with the data from before a click
   * that followed it, so a radio clicked right after typing in a text field stayed unchecked.
   */
  initialFormData?: JsonValue;
  /** Read-only view of stored data: no validation, no submit button. */
  readonly?: boolean;
  /**
   * With `readonly`: the widgets that replace the select and the date/time pickers, which need
   * none of their libraries (`READ_ONLY_WIDGETS` of widgets/read-only-widgets.tsx, which
   * `StoredData` passes, so the module stays out of the editable form's chunks). Without them a
   * read-only form draws those fields with the editable widgets, loading their modules.
   */
  readOnlyWidgets?: RegistryWidgetsType;
  /** Disables the submit button (a submit is in flight). */
  submitting?: boolean;
  /** Server-side errors shown on their fields (from `toErrorSchema`). */
  extraErrors?: FieldErrorSchema;
  /**
   * Every change of the form's data; `fieldId` is the id of the field it came from, absent when the
   * form changed its data by itself (e.g. on mount, filling in the schema's defaults).
   */
  onChange?: (formData: JsonValue, fieldId?: string) => void;
  onSubmit?: (formData: JsonValue) => void;
  /** Extra content after the submit button (e.g. a cancel link). */
  actions?: ReactNode;
};

/**
 * An area's form rendered by rjsf from its JSON Schema and UI schema, with the portal's
 * validator and widgets and the area's cross-field rules (`customValidate`). Validates on submit
 * (not on every keystroke, and not on blur: rjsf's blur validation marks every untouched
 * required field at once, and the re-render it causes swallowed a radio click that followed
 * typing), lists errors in a summary at the top, which takes the focus, and shows each message on
 * its field.
 * Values of conditional fields that are hidden when the form is submitted (`dependencies`,
 * `if`/`then`/`else`) are left out of the submitted data (`omitExtraData`, on submit only:
 * `liveOmit` would prune on every keystroke). Rows of repeating sections hold their edits until
 * focus leaves the row, a pause in typing, or a submit (fields/buffered-row-field.tsx).
 *
 * The widget modules the schemas call for (select, date pickers, help tooltip, steps:
 * widget-needs.ts) are loaded together first, the loading indicator showing meanwhile, so the
 * form appears whole, with no field changing size as its widget arrives. The rich-text editor,
 * the largest, is asked for with them but not waited for: a rich-text field is a box of its final
 * size until it is first focused, and one focused before the editor is in takes plain text until
 * then (widgets/rich-text-widget.tsx).
 *
 * In the browser the form's first render (tens of milliseconds for a long form on a phone) is a
 * deferred update (`useDeferredValue` with an initial value): React renders it as a transition,
 * in slices that yield to the browser between them, instead of in one task that blocks input;
 * the loading indicator shows until it commits. A static render (`react-dom/server`) renders the
 * form at once.
 */
export function AreaForm(props: AreaFormProps) {
  const { schema, uiSchema, readonly = false } = props;
  const modules = useMemo(
    () => widgetModulesFor(schema, uiSchema, { readonly }).filter((name) => name !== 'richTextEditor'),
    [schema, uiSchema, readonly],
  );
  const widgets = useWidgetModules(modules);
  const canRender = useDeferredValue(widgets.status === 'ready', useIsStaticRender());
  if (widgets.status === 'error') return <LoadError what="This form" error={widgets.error} onRetry={widgets.retry} />;
  if (!canRender) return <Loading />;
  return (
    <AreaRulesContext.Provider value={props.rules}>
      <LoadedAreaForm {...props} />
    </AreaRulesContext.Provider>
  );
}

const subscribeToNothing = () => () => undefined;

/** True in a server or static render (`react-dom/server`), false in the browser. */
function useIsStaticRender(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

/**
 * rjsf fills an array with `minItems` empty rows to start with; a required file field
 * (`minItems: 1`) starts empty instead, so it shows "is required" rather than errors on a file
 * that was never picked.
 */
const DEFAULT_FORM_STATE: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { computeSkipPopulate: (_validator, schema) => isAttachmentArraySchema(schema) },
};

/** An editable form whose UI schema has `ui:steps` is shown step by step (steps/stepped-form.tsx). */
function LoadedAreaForm(props: AreaFormProps) {
  const { schema, uiSchema, readonly = false } = props;
  const steps = useMemo(() => (readonly || !isObjectRoot(schema) ? null : formStepsOf(uiSchema)), [readonly, schema, uiSchema]);
  // loaded with the form's other widget modules (widget-needs.ts asks for it when `ui:steps` is set)
  const SteppedForm = steps ? loadedWidgetModule('steps')?.SteppedForm : undefined;
  if (steps && SteppedForm) return <SteppedForm {...props} steps={steps} renderForm={renderRjsfForm} />;
  return <RjsfAreaForm {...props} />;
}

const renderRjsfForm = (props: StepFormProps) => <RjsfAreaForm {...props} />;

function RjsfAreaForm(props: StepFormProps) {
  const { schema, uiSchema, validator, rules, formData, initialFormData, readonly = false, readOnlyWidgets, submitting = false, extraErrors, onChange, onSubmit, actions, submitLabel = 'Submit' } = props;
  // One function per rules object: rjsf re-validates and re-renders when a prop changes identity.
  const customValidate = useMemo(() => (rules?.length ? createRulesValidator<FormValue>(rules) : undefined), [rules]);
  const isObject = useMemo(() => isObjectRoot(schema), [schema]);
  // rjsf's type parameter is the data of an object root; a form of one field holds a plain value
  const shown = (readonly ? formData : undefined) ?? undefined;
  const initial = (readonly ? undefined : initialFormData) ?? undefined;
  return (
    <RowCommitScope>
      <Form<FormValue>
        className={readonly ? 'area-form area-form--readonly' : 'area-form'}
        schema={schema}
        uiSchema={uiSchema as UiSchema<FormValue>}
        validator={validator}
        customValidate={readonly ? undefined : customValidate}
        // the same registry object while the loaded widget modules stay the same (rjsf keys caches on it)
        widgets={createWidgets(readonly ? readOnlyWidgets : undefined)}
        fields={FIELDS}
        templates={TEMPLATES}
        formData={shown as FormValue | undefined}
        initialFormData={initial as FormValue | undefined}
        readonly={readonly}
        noValidate={readonly}
        showErrorList={readonly ? false : 'top'}
        focusOnFirstError={readonly ? false : focusFirstError}
        noHtml5Validate
        omitExtraData
        experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
        transformErrors={transformErrors}
        extraErrors={extraErrors}
        onChange={(event, fieldId) => onChange?.(toJsonValue(event.formData, isObject), fieldId)}
        onSubmit={(event) => onSubmit?.(toJsonValue(event.formData, isObject))}
      >
        {readonly ? (
          <></>
        ) : (
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={submitting} aria-busy={submitting}>
              {submitLabel}
            </button>
            {actions}
          </div>
        )}
      </Form>
    </RowCommitScope>
  );
}
