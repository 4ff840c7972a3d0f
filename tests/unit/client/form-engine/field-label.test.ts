import { describe, expect, it } from 'vitest';
import { fieldLabel } from '../../../../src/client/form-engine/field-label';
import type { JsonObject } from '../../../../src/shared/json';

const schema: JsonObject = {
  type: 'object',
  properties: {
    amount: { type: 'number', title: 'Invoice total' },
    lines: {
      type: 'array',
      title: 'Lines',
      items: { type: 'object', properties: { toAccount: { type: 'string', title: 'To GL account' }, memo: { type: 'string' } } },
    },
    vendor: { type: 'object', title: 'Vendor', properties: { name: { type: 'string', title: 'Legal name' } } },
  },
};

describe('fieldLabel', () => {
  it.each([
    ['.amount', 'Invoice total'],
    ['.lines.1.toAccount', 'Lines › #2 › To GL account'],
    ['.lines.0.memo', 'Lines › #1 › memo'],
    ['.vendor.name', 'Vendor › Legal name'],
    ['.unknown', 'unknown'],
    ['', 'This form'],
    ['.', 'This form'],
    [undefined, 'This form'],
  ])('names %s as "%s"', (property, label) => {
    expect(fieldLabel(schema, property)).toBe(label);
  });
});
