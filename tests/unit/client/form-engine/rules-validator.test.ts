import { createErrorHandler, unwrapErrorHandler, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { transformErrors } from '../../../../src/client/form-engine/error-messages';
import { createRulesValidator } from '../../../../src/client/form-engine/rules-validator';
import type { AreaRule } from '../../../../src/shared/area-rules';
import { precompiledValidator } from './support/precompiled-validator';

type FormValue = Record<string, unknown>;

const RULES: AreaRule[] = [
  { rule: 'sum', each: '/lines', field: 'amount', equals: '/total', message: 'the lines add up to {sum}, not {total}' },
  {
    rule: 'compare',
    each: '/lines',
    field: 'to',
    op: '!=',
    other: 'from',
    message: 'must differ from the From account',
  },
  { rule: 'compare', field: '/paid', op: '<=', other: '/total', message: 'must not exceed the total' },
];

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    total: { type: 'number', multipleOf: 0.01, maximum: 1000 },
    paid: { type: 'number' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: { from: { type: 'string' }, to: { type: 'string' }, amount: { type: 'number' } },
      },
    },
  },
};
const formValidator = precompiledValidator(schema);

/** What the form would show: each error's field (rjsf's dotted property) and message. */
const validate = (formData: FormValue) =>
  formValidator
    .validateFormData(formData, schema, createRulesValidator<FormValue>(RULES), transformErrors)
    .errors.map((error) => [error.property, error.message]);

describe('createRulesValidator (area.json rules as rjsf customValidate)', () => {
  it('puts each broken rule on its field, array items included', () => {
    const errors = validate({
      total: 10,
      paid: 12,
      lines: [
        { from: 'A', to: 'B', amount: 4 },
        { from: 'C', to: 'C', amount: 5 },
      ],
    });
    expect(errors).toEqual([
      ['.total', 'the lines add up to 9.00, not 10.00'],
      ['.paid', 'must not exceed the total'],
      ['.lines.1.to', 'must differ from the From account'],
    ]);
  });

  it('adds nothing when every rule holds', () => {
    expect(validate({ total: 0.3, paid: 0.3, lines: [{ amount: 0.1 }, { amount: 0.2 }] })).toEqual([]);
  });

  it('leaves a field the schema already faulted with the schema message only, as the server does', () => {
    expect(validate({ total: 2000, lines: [{ amount: 1 }] })).toEqual([['.total', 'must be <= 1000']]);
  });

  it('creates the error node when rjsf made none for that path', () => {
    const errors = createErrorHandler<FormValue>({});
    const rule: AreaRule = { rule: 'compare', field: '/a', op: '<', other: '/b', message: 'is too big' };
    // rjsf builds the tree from the data it was given; the rule reads the data passed to it.
    const result = createRulesValidator<FormValue>([rule])({ a: 2, b: 1 }, errors);
    expect(unwrapErrorHandler(result)).toEqual({ __errors: [], a: { __errors: ['is too big'] } });
  });
});
