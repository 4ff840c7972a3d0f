import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { Fragment, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { FormStep } from '../../../shared/form-steps';
import type { JsonObject, JsonValue } from '../../../shared/json';
import { transformErrors } from '../error-messages';
import { fieldIdForProperty, type FieldErrorSchema } from '../error-schema';
import { focusFieldById } from '../focus-field';
import { createRulesValidator } from '../rules-validator';
import type { AreaFormProps } from '../area-form';
import {
  firstErrorSchemaStep,
  firstErrorStep,
  pickErrorSchema,
  stepErrorSchema,
  stepOfField,
  stepValidator,
} from './step-logic';
import './steps.css';

/** What a stepped form asks of the form it renders for a step or a review section. */
export type StepFormProps = AreaFormProps & { submitLabel?: string };

/** Props of {@link SteppedForm}: the form's own, its steps, and how to render one rjsf form. */
export type SteppedFormProps = AreaFormProps & {
  steps: readonly FormStep[];
  /** Renders the rjsf form with these props (area-form.tsx passes its own, so no import cycle). */
  renderForm: (props: StepFormProps) => ReactNode;
};

/**
 * rjsf's root `ObjectFieldTemplate` (set through the UI schema, `ui:ObjectFieldTemplate`) showing
 * only `fields`, in their order, without the form's own title (the step heading stands for it).
 * The registry's template does the rendering, so the form engine's look applies.
 */
function stepTemplate(fields: readonly string[]): ComponentType<ObjectFieldTemplateProps> {
  return function StepFields(props: ObjectFieldTemplateProps) {
    const Inner = props.registry.templates.ObjectFieldTemplate;
    const byName = new Map(props.properties.map((property) => [property.name, property]));
    const properties = fields.flatMap((field) => byName.get(field) ?? []);
    if (properties.length === 0) return <p className="note">Nothing to fill in here with your answers so far.</p>;
    return <Inner {...props} title="" description={undefined} properties={properties} />;
  };
}

/** What is on screen: a step (an index into the steps) or the review, and the data it opened with. */
type View = {
  /** `steps.length` is the review. */
  index: number;
  /** The data the step's form starts with (a new form is mounted per step). */
  data: JsonValue | undefined;
  /** Counts every move: a new key mounts a new form. */
  move: number;
  /** Where the keyboard focus goes once the move has rendered: the heading, or the field of an error. */
  focus: 'heading' | { field: string } | null;
  /** An "Edit" from the review: the step's button returns to the review. */
  fromReview: boolean;
};

/**
 * An area's form shown as steps (UI schema `ui:steps`, src/shared/form-steps.ts): a step indicator
 * ("Step 2 of 5", the current step marked `aria-current="step"`), one step's fields at a time with
 * "Next" and "Back", and a last step reviewing every answer read-only with an "Edit" button per step
 * before "Submit" (docs/behaviour.md "Form steps").
 *
 * One form's data runs through every step: each step mounts rjsf with the data so far and reports
 * every change (`onChange`, the draft), so "Back" keeps what was typed. "Next" is rjsf's submit, with
 * the whole form validated (conditions and cross-field rules see every answer) and only the errors of
 * the step's fields shown and blocking (./step-logic.ts). "Submit" on the review validates the whole
 * form once more, as a later answer can break an earlier step's rule, and opens the step of the first
 * error. Errors from the server (`extraErrors`) open the step of their first field; each step shows
 * its own. After every move the keyboard focus goes to the step's heading.
 */
export function SteppedForm(props: SteppedFormProps) {
  const {
    steps,
    renderForm,
    schema,
    uiSchema,
    validator,
    rules,
    initialFormData,
    extraErrors,
    submitting = false,
    onChange,
    onSubmit,
    actions,
  } = props;
  const data = useRef<JsonValue | undefined>(initialFormData);
  // errors found by the last full validation or sent by the server, shown on the step of their field
  const [errors, setErrors] = useState<FieldErrorSchema | undefined>(extraErrors);
  // a form that opens with the server's errors (an outbox item it refused) opens on the first step holding one
  const [view, setView] = useState<View>(() => ({
    index: firstErrorSchemaStep(extraErrors, steps)?.index ?? 0,
    data: initialFormData,
    move: 0,
    focus: null,
    fromReview: false,
  }));
  const heading = useRef<HTMLHeadingElement>(null);
  const isReview = view.index === steps.length;
  const total = steps.length + 1;

  const go = (index: number, focus: View['focus'] = 'heading', fromReview = false) =>
    setView((current) => ({ index, data: data.current, move: current.move + 1, focus, fromReview }));

  // New errors from the server: show them, opening the earliest step that holds one, its field focused.
  const [seenExtra, setSeenExtra] = useState(extraErrors);
  if (extraErrors !== seenExtra) {
    setSeenExtra(extraErrors);
    setErrors(extraErrors);
    const first = firstErrorSchemaStep(extraErrors, steps);
    if (first) go(first.index, first.field ? { field: fieldIdForProperty(first.field) } : 'heading');
  }

  useEffect(() => {
    if (view.focus === 'heading') heading.current?.focus();
    else if (view.focus) focusFieldById(view.focus.field);
  }, [view]);

  const stepUiSchemas = useMemo(
    () =>
      steps.map((step): JsonObject => ({ ...uiSchema, 'ui:ObjectFieldTemplate': stepTemplate(step.fields) as never })),
    [steps, uiSchema],
  );
  const validators = useMemo(() => steps.map((_, index) => stepValidator(validator, steps, index)), [steps, validator]);
  const customValidate = useMemo(
    () => (rules?.length ? createRulesValidator<Record<string, unknown>>(rules) : undefined),
    [rules],
  );

  // rjsf's field id goes on: a change without one is the form's own report as it mounts, not an
  // edit (the draft hook, features/areas/drafts.ts, saves only after an edit)
  const change = (value: JsonValue, fieldId?: string) => {
    data.current = value;
    onChange?.(value, fieldId);
  };

  const submitAll = () => {
    const value = data.current;
    const validation = validator.validateFormData(
      value as Record<string, unknown>,
      schema,
      customValidate,
      transformErrors,
      uiSchema,
    );
    const first = firstErrorStep(validation.errors, steps);
    if (!first) {
      onSubmit?.(value ?? null);
      return;
    }
    setErrors(validation.errorSchema as FieldErrorSchema);
    go(first.index, { field: fieldIdForProperty(first.error.property) });
  };

  const indicator = (
    <nav className="form-steps" aria-label="Form steps">
      <p className="form-steps__count">
        Step {view.index + 1} of {total}
      </p>
      <ol className="form-steps__list">
        {[...steps.map((step) => step.title), 'Review and submit'].map((title, index) => (
          <li
            key={index}
            className={
              index === view.index
                ? 'form-steps__item form-steps__item--current'
                : index < view.index
                  ? 'form-steps__item form-steps__item--done'
                  : 'form-steps__item'
            }
            aria-current={index === view.index ? 'step' : undefined}
            data-step={index + 1}
          >
            {title}
          </li>
        ))}
      </ol>
    </nav>
  );

  if (isReview) {
    return (
      <div className="stepped-form">
        {indicator}
        <h2 className="form-steps__heading" ref={heading} tabIndex={-1}>
          Review and submit
        </h2>
        <p>Check your answers before you submit.</p>
        {steps.map((step, index) => (
          <section className="form-review" key={index} aria-labelledby={`form-review-${index}`}>
            <div className="form-review__header">
              <h3 id={`form-review-${index}`}>{step.title}</h3>
              <button type="button" className="button button--quiet" onClick={() => go(index, 'heading', true)}>
                Edit<span className="visually-hidden"> {step.title}</span>
              </button>
            </div>
            {renderForm({
              ...props,
              uiSchema: stepUiSchemas[index] ?? uiSchema,
              formData: data.current,
              readonly: true,
              extraErrors: undefined,
            })}
          </section>
        ))}
        <div className="form-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={submitting}
            aria-busy={submitting}
            onClick={submitAll}
          >
            Submit
          </button>
          <button type="button" className="button" onClick={() => go(steps.length - 1)}>
            Back
          </button>
          {actions}
        </div>
      </div>
    );
  }

  const step = steps[view.index];
  const isLast = view.index === steps.length - 1;
  return (
    <div className="stepped-form">
      {indicator}
      <h2 className="form-steps__heading" ref={heading} tabIndex={-1}>
        {step?.title}
      </h2>
      <Fragment key={view.move}>
        {renderForm({
          ...props,
          uiSchema: stepUiSchemas[view.index] ?? uiSchema,
          validator: validators[view.index] ?? validator,
          initialFormData: view.data,
          extraErrors: stepErrorSchema(errors, steps, view.index),
          onChange: change,
          onSubmit: (value) => {
            data.current = value;
            // this step's answers passed: the messages kept for its fields are done with
            setErrors(
              (current) => current && pickErrorSchema(current, (field) => stepOfField(steps, field) !== view.index),
            );
            go(view.fromReview || isLast ? steps.length : view.index + 1);
          },
          submitLabel: view.fromReview ? 'Back to review' : 'Next',
          actions: (
            <>
              {view.index > 0 ? (
                <button type="button" className="button" onClick={() => go(view.index - 1)}>
                  Back
                </button>
              ) : null}
              {actions}
            </>
          ),
        })}
      </Fragment>
    </div>
  );
}
