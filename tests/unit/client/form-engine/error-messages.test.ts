import { describe, expect, it } from 'vitest';
import { transformErrors } from '../../../../src/client/form-engine/error-messages';

describe('transformErrors (client messages match the server’s)', () => {
  it('says "is required" and names the field by its title in the list', () => {
    const [error] = transformErrors([
      {
        name: 'required',
        property: 'vendorName',
        message: "must have required property 'Vendor name'",
        params: { missingProperty: 'vendorName' },
        stack: "must have required property 'Vendor name'",
        title: 'Vendor name',
      },
    ]);
    expect(error?.message).toBe('is required');
    expect(error?.stack).toBe('Vendor name is required');
  });

  it('words money and enum errors like the server', () => {
    const errors = transformErrors([
      { name: 'multipleOf', property: '.amount', message: 'must be multiple of 0.01', params: { multipleOf: 0.01 }, stack: '', title: 'Invoice total' },
      { name: 'enum', property: '.paymentMethod', message: 'must be equal to one of the allowed values', params: {}, stack: '' },
    ]);
    expect(errors.map((e) => e.stack)).toEqual([
      'Invoice total must have at most two decimals',
      'paymentMethod must be one of the listed options',
    ]);
  });

  it('keeps other messages and labels them with the title', () => {
    const [error] = transformErrors([
      { name: 'pattern', property: '.lineItems.0.glAccount', message: 'must match pattern "^[0-9]{4}-[0-9]{4}$"', params: {}, stack: '', title: 'GL account' },
    ]);
    expect(error?.message).toBe('must match pattern "^[0-9]{4}-[0-9]{4}$"');
    expect(error?.stack).toBe('GL account must match pattern "^[0-9]{4}-[0-9]{4}$"');
  });

  it('drops the if/then wrapper error, like the server', () => {
    const errors = transformErrors([
      { name: 'if', property: '', message: 'must match "then" schema', params: { failingKeyword: 'then' }, stack: '' },
      { name: 'required', property: 'dueDate', message: "must have required property 'Due date'", params: {}, stack: '', title: 'Due date' },
    ]);
    expect(errors.map((e) => e.stack)).toEqual(['Due date is required']);
  });
});
