import { describe, expect, it } from 'vitest';
import { fieldTitleAt } from '../../../src/server/domains/tickets/history-details';

const form = {
  schema: {
    type: 'object',
    definitions: { money: { type: 'number', title: 'Amount (USD)' } },
    properties: {
      invoiceNumber: { type: 'string', title: 'Invoice number' },
      unit: { type: 'object', title: 'Unit', properties: { petsInUnit: { type: 'boolean' } } },
      lines: {
        type: 'array',
        title: 'GL lines',
        items: { type: 'object', properties: { amount: { $ref: '#/definitions/money' } } },
      },
      notes: { type: 'string', title: 'Notes' },
    },
  },
  uiSchema: {
    notes: { 'ui:title': 'Notes for the approver' },
    unit: { petsInUnit: { 'ui:options': { title: 'Pets?' } } },
  },
};

describe('fieldTitleAt', () => {
  it('reads the UI title first, then the schema title, through $ref and list items', () => {
    expect(fieldTitleAt(form, '/invoiceNumber')).toBe('Invoice number');
    expect(fieldTitleAt(form, '/notes')).toBe('Notes for the approver');
    expect(fieldTitleAt(form, '/unit/petsInUnit')).toBe('Unit › Pets?');
    expect(fieldTitleAt(form, '/lines/0/amount')).toBe('GL lines › Amount (USD)');
  });

  it('turns an unknown field name into words', () => {
    expect(fieldTitleAt(form, '/formerField')).toBe('Former field');
  });
});
