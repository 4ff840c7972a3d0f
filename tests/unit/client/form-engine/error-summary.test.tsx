import type { ErrorListProps, FieldErrorProps, Registry } from '@rjsf/utils';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AreaForm } from '../../../../src/client/form-engine/area-form';
import { errorSentence } from '../../../../src/client/form-engine/error-messages';
import { rowName, schemaAtPath } from '../../../../src/client/form-engine/field-label';
import { ErrorListTemplate } from '../../../../src/client/form-engine/templates/error-list-template';
import { FieldErrorTemplate } from '../../../../src/client/form-engine/templates/field-error-template';
import type { JsonObject } from '../../../../src/shared/json';
import { precompiledValidator } from './support/precompiled-validator';

const schema: JsonObject = {
  type: 'object',
  properties: {
    invoiceNumber: { type: 'string', title: 'Invoice number' },
    lineItems: { type: 'array', title: 'Line items', items: { type: 'object', properties: { amount: { type: 'number', title: 'Amount' } } } },
    rating: { type: 'integer', title: 'Overall rating', enum: [1, 2, 3] },
  },
};

describe('errorSentence', () => {
  it('puts a validator message after the field name', () => {
    expect(errorSentence('Invoice number', 'is required')).toBe('Invoice number is required');
  });

  it('puts a sentence of its own after a colon', () => {
    expect(errorSentence('Ticket number', 'There is no ticket T-1 that you can see')).toBe('Ticket number: There is no ticket T-1 that you can see');
  });

  it('capitalises a message without a field name', () => {
    expect(errorSentence('', 'must have at least 1 item')).toBe('Must have at least 1 item');
  });
});

describe('rowName and schemaAtPath', () => {
  it('names a row after the items title, else the section title made singular', () => {
    expect(rowName(schemaAtPath(schema, ['lineItems']))).toBe('line item');
    expect(rowName({ type: 'array', items: { title: 'Room' } })).toBe('room');
    expect(rowName({ type: 'array', title: 'GL lines' })).toBe('GL line');
    expect(rowName({ type: 'array', title: 'Address' })).toBe('address');
    expect(rowName(undefined)).toBe('item');
  });

  it('finds schemas through properties and items', () => {
    expect(schemaAtPath(schema, ['lineItems', 2, 'amount'])).toEqual({ type: 'number', title: 'Amount' });
    expect(schemaAtPath(schema, ['nope'])).toBeUndefined();
  });
});

describe('the error summary (ErrorListTemplate)', () => {
  const props = {
    schema,
    uiSchema: {},
    registry: {} as Registry,
    errorSchema: {},
    errors: [
      { property: '.invoiceNumber', message: 'is required', stack: '' },
      { property: '.lineItems.1.amount', message: 'must have at most two decimals', stack: '' },
    ],
  } satisfies ErrorListProps;
  const html = renderToStaticMarkup(<ErrorListTemplate {...props} />);

  it('is a focusable alert headed "There is a problem"', () => {
    expect(html).toMatch(/<div class="errors error-summary" role="alert" tabindex="-1" aria-labelledby="error-summary-title"><h2[^>]*id="error-summary-title">There is a problem<\/h2>/);
  });

  it('links each error to its field, the link text naming the field', () => {
    expect(html).toContain('<a href="#root_invoiceNumber">Invoice number is required</a>');
    expect(html).toContain('<a href="#root_lineItems_1_amount">Line items › #2 › Amount must have at most two decimals</a>');
  });
});

describe('a field\'s error message (FieldErrorTemplate)', () => {
  it('has the id aria-describedby names, a hidden "Error:" and the field\'s name', () => {
    const props = {
      schema: { type: 'string', title: 'Invoice number' },
      uiSchema: {},
      registry: {} as Registry,
      errors: ['is required'],
      fieldPathId: { $id: 'root_invoiceNumber', path: ['invoiceNumber'] },
    } satisfies FieldErrorProps;
    expect(renderToStaticMarkup(<FieldErrorTemplate {...props} />)).toBe(
      '<div id="root_invoiceNumber__error" class="error-detail"><p class="error-message text-danger"><span class="visually-hidden">Error: </span>Invoice number is required</p></div>',
    );
  });
});

describe('the form\'s markup (AreaForm)', () => {
  const html = renderToStaticMarkup(
    <AreaForm schema={schema} uiSchema={{ rating: { 'ui:widget': 'radio' } }} validator={precompiledValidator(schema)} initialFormData={{ lineItems: [{}, {}] }} />,
  );

  it('makes a radio group a fieldset whose legend is its label', () => {
    expect(html).toMatch(/<fieldset class="form-group rjsf-field rjsf-field-integer form-group--choices"><legend class="control-label" id="root_rating__label">Overall rating<\/legend>/);
    expect(html).not.toContain('for="root_rating"');
  });

  it('gives a plain field\'s label an id', () => {
    expect(html).toContain('<label class="control-label" for="root_invoiceNumber" id="root_invoiceNumber__label">Invoice number</label>');
  });

  it('names the row buttons after the rows', () => {
    expect(html).toContain('aria-label="Add line item"');
    expect(html).toContain('aria-label="Remove line item 2"');
  });
});
