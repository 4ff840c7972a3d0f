import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { transformErrors } from '../../../../src/client/form-engine/error-messages';
import { createRulesValidator } from '../../../../src/client/form-engine/rules-validator';
import {
  firstErrorSchemaStep,
  firstErrorStep,
  stepErrorSchema,
  stepOfField,
  stepValidator,
  topFieldOfProperty,
} from '../../../../src/client/form-engine/steps/step-logic';
import type { AreaRule } from '../../../../src/shared/area-rules';
import { formStepsOf, type FormStep } from '../../../../src/shared/form-steps';
import { precompiledValidator } from './support/precompiled-validator';

type FormValue = Record<string, unknown>;

// an incident in three steps: "injured" shows "injuryDetails" (required) through if/then
const schema: RJSFSchema = {
  type: 'object',
  required: ['title', 'date', 'injured'],
  properties: {
    title: { type: 'string', minLength: 1 },
    date: { type: 'string', format: 'date' },
    injured: { type: 'boolean' },
    estimate: { type: 'number' },
    paid: { type: 'number' },
  },
  allOf: [
    {
      if: { properties: { injured: { const: true } }, required: ['injured'] },
      then: { properties: { injuryDetails: { type: 'string', minLength: 1 } }, required: ['injuryDetails'] },
    },
  ],
};
const STEPS: FormStep[] = [
  { title: 'What', fields: ['title', 'date'] },
  { title: 'Injuries', fields: ['injured', 'injuryDetails'] },
  { title: 'Costs', fields: ['estimate', 'paid'] },
];
const RULES: AreaRule[] = [
  { rule: 'compare', field: '/paid', op: '<=', other: '/estimate', message: 'must not exceed the estimate' },
];
const validator = precompiledValidator(schema);
const customValidate = createRulesValidator<FormValue>(RULES);

/** The fields with errors, as step `index` of the form would show them on "Next". */
function stepErrors(index: number, data: FormValue): string[] {
  return stepValidator(validator, STEPS, index)
    .validateFormData(data, schema, customValidate, transformErrors)
    .errors.map((error) => `${error.property ?? ''} ${error.message ?? ''}`);
}

describe('stepValidator (a step reports only its own fields)', () => {
  it('blocks a step on its own required fields only', () => {
    expect(stepErrors(0, {})).toEqual(['title is required', 'date is required']);
    expect(stepErrors(1, {})).toEqual(['injured is required']);
    expect(stepErrors(2, {})).toEqual([]);
  });

  it('sees a condition across the whole data: the field it shows is required on its step', () => {
    expect(stepErrors(1, { title: 'x', date: '2026-01-01', injured: true })).toEqual(['injuryDetails is required']);
    expect(stepErrors(1, { title: 'x', date: '2026-01-01', injured: false })).toEqual([]);
    expect(stepErrors(1, { injured: true, injuryDetails: 'cut' })).toEqual([]);
  });

  it('applies a cross-field rule at the step that holds its field', () => {
    const data = { title: 'x', date: '2026-01-01', injured: false, estimate: 10, paid: 20 };
    expect(stepErrors(0, data)).toEqual([]);
    expect(stepErrors(2, data)).toEqual(['.paid must not exceed the estimate']);
  });

  it('keeps the error schema to the step too, and leaves the whole validator as it was', () => {
    const scoped = stepValidator(validator, STEPS, 1).validateFormData({}, schema, customValidate, transformErrors);
    expect(Object.keys(scoped.errorSchema)).toEqual(['injured']);
    const whole = validator.validateFormData({}, schema, customValidate, transformErrors);
    expect(whole.errors.map((error) => error.property)).toEqual(['title', 'date', 'injured']);
  });
});

describe('the steps of errors', () => {
  it('finds the step of a field; the form itself and unknown fields go to the last step', () => {
    expect(stepOfField(STEPS, 'injuryDetails')).toBe(1);
    expect(stepOfField(STEPS, '')).toBe(2);
    expect(stepOfField(STEPS, 'unknown')).toBe(2);
    expect(topFieldOfProperty('.lines.0.amount')).toBe('lines');
    expect(topFieldOfProperty('lines.0')).toBe('lines');
    expect(topFieldOfProperty('')).toBe('');
  });

  it('opens the earliest step with an error, whatever the order of the list', () => {
    const errors = [
      { property: '.paid', message: 'x', stack: '' },
      { property: '.injured', message: 'y', stack: '' },
      { property: '.injuryDetails', message: 'z', stack: '' },
    ];
    expect(firstErrorStep(errors, STEPS)).toEqual({ index: 1, error: errors[1] });
    expect(firstErrorStep([], STEPS)).toBeNull();
  });

  it("gives each step the server's errors of its fields, the form's own on the last", () => {
    const errors = { __errors: ['form'], title: { __errors: ['t'] }, paid: { __errors: ['p'] } };
    expect(stepErrorSchema(errors, STEPS, 0)).toEqual({ title: { __errors: ['t'] } });
    expect(stepErrorSchema(errors, STEPS, 1)).toBeUndefined();
    expect(stepErrorSchema(errors, STEPS, 2)).toEqual({ __errors: ['form'], paid: { __errors: ['p'] } });
    expect(stepErrorSchema(undefined, STEPS, 0)).toBeUndefined();
  });

  it("opens the earliest step holding one of the server's errors, whatever their order", () => {
    expect(firstErrorSchemaStep({ paid: { __errors: ['p'] }, injured: { __errors: ['i'] } }, STEPS)).toEqual({
      index: 1,
      field: 'injured',
    });
    expect(firstErrorSchemaStep({ __errors: ['form'] }, STEPS)).toEqual({ index: 2, field: '' });
    expect(firstErrorSchemaStep({}, STEPS)).toBeNull();
    expect(firstErrorSchemaStep(undefined, STEPS)).toBeNull();
  });
});

describe('formStepsOf', () => {
  it('reads ui:steps, and shows a malformed value as one whole form', () => {
    expect(
      formStepsOf({
        'ui:steps': [
          { title: 'A', fields: ['a'] },
          { title: 'B', fields: ['b'] },
        ],
      }),
    ).toEqual([
      { title: 'A', fields: ['a'] },
      { title: 'B', fields: ['b'] },
    ]);
    expect(formStepsOf({})).toBeNull();
    expect(formStepsOf({ 'ui:steps': [{ title: 'A', fields: ['a'] }] })).toBeNull();
    expect(formStepsOf({ 'ui:steps': [{ title: 'A', fields: ['a'] }, { title: 'B' }] })).toBeNull();
    expect(formStepsOf({ 'ui:steps': 'A' })).toBeNull();
  });
});
