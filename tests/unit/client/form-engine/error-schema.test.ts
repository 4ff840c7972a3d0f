import { describe, expect, it } from 'vitest';
import { fieldIdForPointer, fieldIdForProperty, toErrorSchema } from '../../../../src/client/form-engine/error-schema';

describe('toErrorSchema (API 422 errors → rjsf extraErrors)', () => {
  it('puts a top-level field error on that field', () => {
    expect(toErrorSchema([{ path: '/invoiceNumber', message: 'is required' }])).toEqual({
      invoiceNumber: { __errors: ['is required'] },
    });
  });

  it('nests objects and keeps array indices as keys', () => {
    expect(
      toErrorSchema([
        { path: '/lineItems/0/amount', message: 'must have at most two decimals' },
        { path: '/lineItems/2/glAccount', message: 'is required' },
        { path: '/vendor/name', message: 'is required' },
      ]),
    ).toEqual({
      lineItems: {
        0: { amount: { __errors: ['must have at most two decimals'] } },
        2: { glAccount: { __errors: ['is required'] } },
      },
      vendor: { name: { __errors: ['is required'] } },
    });
  });

  it('puts the whole-form pointer and non-pointers on the root', () => {
    expect(
      toErrorSchema([
        { path: '', message: 'must be object' },
        { path: 'not-a-pointer', message: 'odd' },
      ]),
    ).toEqual({ __errors: ['must be object', 'odd'] });
  });

  it('unescapes ~1 and ~0 (RFC 6901) and keeps each message once per field', () => {
    expect(
      toErrorSchema([
        { path: '/a~1b/c~0d', message: 'bad' },
        { path: '/a~1b/c~0d', message: 'bad' },
        { path: '/a~1b/c~0d', message: 'worse' },
      ]),
    ).toEqual({ 'a/b': { 'c~d': { __errors: ['bad', 'worse'] } } });
  });

  it('keeps errors on a parent and on its children side by side', () => {
    expect(
      toErrorSchema([
        { path: '/lineItems', message: 'must have at least 1 item' },
        { path: '/lineItems/0/amount', message: 'is required' },
      ]),
    ).toEqual({ lineItems: { __errors: ['must have at least 1 item'], 0: { amount: { __errors: ['is required'] } } } });
  });

  it('returns an empty schema for no errors', () => {
    expect(toErrorSchema([])).toEqual({});
  });
});

describe('fieldIdForPointer', () => {
  it('follows rjsf ids (root_ + path joined by _)', () => {
    expect(fieldIdForPointer('/vendor/0/name')).toBe('root_vendor_0_name');
    expect(fieldIdForPointer('')).toBe('root');
  });
});

describe('fieldIdForProperty', () => {
  it('turns rjsf error properties into input ids', () => {
    expect(fieldIdForProperty('.lineItems.0.amount')).toBe('root_lineItems_0_amount');
    expect(fieldIdForProperty('vendorName')).toBe('root_vendorName');
    expect(fieldIdForProperty(undefined)).toBe('root');
  });
});
