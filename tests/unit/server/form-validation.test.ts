import { describe, expect, it } from 'vitest';
import { compileFormValidator } from '../../../src/server/domains/areas/validation';

const validate = compileFormValidator({
  type: 'object',
  required: ['vendor', 'amount'],
  properties: {
    vendor: {
      type: 'object',
      required: ['name', 'a/b'],
      properties: { name: { type: 'string' }, 'a/b': { type: 'string' } },
    },
    amount: { type: 'number', multipleOf: 0.01, minimum: 0 },
    rate: { type: 'number', multipleOf: 0.5 },
    kind: { type: 'string', enum: ['Repair', 'Supply'] },
    email: { type: 'string', format: 'email' },
    photo: { type: 'string', format: 'data-url' },
    colour: { type: 'string', format: 'color' },
    approver: { type: 'string', minLength: 2 },
  },
  if: { properties: { amount: { minimum: 5000 } }, required: ['amount'] },
  then: { required: ['approver'] },
  additionalProperties: false,
});

describe('server-side form validation (toFieldErrors over the shared ajv options)', () => {
  it('accepts valid data, with money of two decimals despite floating point', () => {
    expect(
      validate({
        vendor: { name: 'Acme', 'a/b': 'x' },
        amount: 1234.56,
        photo: 'data:image/png;base64,AAAA',
        colour: '#fff',
      }),
    ).toEqual([]);
    expect(validate({ vendor: { name: 'Acme', 'a/b': 'x' }, amount: 0.07 })).toEqual([]);
  });

  it('points a required error at the missing child, escaping "/" per RFC 6901', () => {
    expect(validate({ vendor: {}, amount: 1 })).toEqual([
      { path: '/vendor/name', message: 'is required' },
      { path: '/vendor/a~1b', message: 'is required' },
    ]);
  });

  it('points an additionalProperties error at the extra field', () => {
    expect(validate({ vendor: { name: 'a', 'a/b': 'b' }, amount: 1, bogus: true })).toEqual([
      { path: '/bogus', message: 'is not a field of this form' },
    ]);
  });

  it('says "at most two decimals" for money, and ajv\'s message for other multipleOf', () => {
    expect(validate({ vendor: { name: 'a', 'a/b': 'b' }, amount: 1.234, rate: 0.3 })).toEqual([
      { path: '/amount', message: 'must have at most two decimals' },
      { path: '/rate', message: 'must be multiple of 0.5' },
    ]);
  });

  it('gives one message per path, the conditional\'s specific error without the "if" wrapper', () => {
    const errors = validate({ vendor: { name: 'a', 'a/b': 'b' }, amount: 6000.001, kind: 'Other', email: 'nope' });
    expect(errors).toHaveLength(4);
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: '/approver', message: 'is required' },
        { path: '/amount', message: 'must have at most two decimals' },
        { path: '/kind', message: 'must be one of the listed options' },
        { path: '/email', message: 'must match format "email"' },
      ]),
    );
    expect(errors.some((e) => e.message.includes('"then"'))).toBe(false);
    expect(new Set(errors.map((e) => e.path)).size).toBe(errors.length);
  });

  it('neither coerces nor removes: a numeric string stays invalid', () => {
    const data = { vendor: { name: 'a', 'a/b': 'b' }, amount: '12', approver: 'Jo' };
    expect(validate(data)).toEqual([{ path: '/amount', message: 'must be number' }]);
    expect(data.amount).toBe('12');
  });

  it('reports a non-object body at the root', () => {
    expect(validate([1])).toEqual([{ path: '', message: 'must be object' }]);
  });
});
