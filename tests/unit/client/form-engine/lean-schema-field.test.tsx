import Form from '@rjsf/core';
import type { ErrorSchema, FieldProps, RegistryFieldsType, TemplatesType, UiSchema } from '@rjsf/utils';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LeanObjectField } from '../../../../src/client/form-engine/fields/lean-object-field';
import { LeanSchemaField } from '../../../../src/client/form-engine/fields/lean-schema-field';
import { FieldTemplate } from '../../../../src/client/form-engine/templates/field-template';
import { FieldHelpTemplate } from '../../../../src/client/form-engine/templates/field-help-template';
import type { JsonObject } from '../../../../src/shared/json';
import { AREA_KEYS, NODE_WIDGETS, readAreaFile } from './support/area-files';
import { precompiledValidator } from './support/precompiled-validator';

type Value = Record<string, unknown>;
type Case = { schema: JsonObject; uiSchema?: JsonObject; formData?: JsonObject; extraErrors?: ErrorSchema<Value>; readonly?: boolean };

const WIDGETS = NODE_WIDGETS;
const LEAN: { fields: RegistryFieldsType; templates: Partial<TemplatesType> } = {
  fields: { SchemaField: LeanSchemaField, ObjectField: LeanObjectField },
  templates: { FieldTemplate, FieldHelpTemplate },
};
// rjsf's own fields with the portal's FieldTemplate (which adds label ids, fieldsets for groups)
const RJSF: { fields: RegistryFieldsType; templates: Partial<TemplatesType> } = { fields: {}, templates: { FieldTemplate, FieldHelpTemplate } };

/** A field a UI schema names with `ui:field`. */
function MarkerField(props: FieldProps) {
  return <b id={props.fieldPathId.$id}>marker field</b>;
}

/** The markup rjsf renders for `test`, with the lean SchemaField and FieldTemplate or with rjsf's own. */
function markup(test: Case, parts: typeof LEAN): string {
  return renderToStaticMarkup(
    <Form<Value>
      schema={test.schema}
      uiSchema={(test.uiSchema ?? {}) as UiSchema<Value>}
      validator={precompiledValidator(test.schema)}
      widgets={WIDGETS}
      fields={{ ...parts.fields, MarkerField }}
      templates={parts.templates}
      formData={test.formData}
      extraErrors={test.extraErrors}
      readonly={test.readonly}
    />,
  );
}


describe('LeanSchemaField, LeanObjectField and FieldTemplate render what rjsf renders', () => {
  it.each(AREA_KEYS)('%s: empty, filled with its example, and read-only', (area) => {
    const schema = readAreaFile(area, 'schema.json');
    const uiSchema = readAreaFile(area, 'ui.json');
    const example = readAreaFile(area, 'example.json');
    for (const test of [{ schema, uiSchema }, { schema, uiSchema, formData: example }, { schema, uiSchema, formData: example, readonly: true }]) {
      expect(markup(test, LEAN)).toBe(markup(test, RJSF));
    }
  });

  it('string fields with errors, help, descriptions, class names, styles, titles, hidden and disabled options', () => {
    const test: Case = {
      schema: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', title: 'Name', description: 'Your full name' },
          code: { type: 'string', enum: ['a', 'b'] },
          mail: { type: 'string', format: 'email', readOnly: true },
          odd: { type: 'string', format: 'not-a-widget' },
          secret: { type: 'string' },
          note: { type: 'string', default: 'n' },
          other: { type: 'string', title: 'Other' },
        },
      },
      uiSchema: {
        name: { 'ui:help': 'As on your ID', 'ui:classNames': 'wide', 'ui:style': { color: 'red' }, 'ui:placeholder': 'Jane Doe' },
        code: { 'ui:options': { classNames: 'narrow', style: { margin: 0 }, title: 'Code (UI title)' } },
        secret: { 'ui:widget': 'hidden' },
        note: { 'ui:disabled': true, 'ui:label': false, 'ui:description': 'A UI description' },
        other: { 'ui:widget': 'textarea', 'ui:autofocus': true, 'ui:hideError': true },
      },
      formData: { name: 'Ann', code: 'b' },
      extraErrors: { name: { __errors: ['is too short', 'is odd'] }, other: { __errors: ['hidden error'] } },
    };
    expect(markup(test, LEAN)).toBe(markup(test, RJSF));
    expect(markup(test, LEAN)).toContain('is too short');
  });

  it('leaves conditions, references, ui:field and additional properties to rjsf; nested objects', () => {
    const test: Case = {
      schema: {
        type: 'object',
        definitions: { code: { type: 'string', title: 'Code' } },
        properties: {
          ref: { $ref: '#/definitions/code' },
          kind: { type: 'string', enum: ['x', 'y'] },
          pick: { type: 'string', anyOf: [{ const: 'p', title: 'P' }, { const: 'q', title: 'Q' }] },
          custom: { type: 'string', title: 'Custom' },
          optioned: { type: 'string', title: 'Optioned' },
          tags: { type: 'object', title: 'Tags', additionalProperties: { type: 'string' } },
          address: { type: 'object', title: 'Address', required: ['street'], properties: { street: { type: 'string' }, zip: { type: 'string' } } },
        },
        if: { properties: { kind: { const: 'x' } }, required: ['kind'] },
        then: { properties: { extra: { type: 'string', title: 'Extra' } } },
      },
      uiSchema: { kind: { 'ui:widget': 'radio' }, custom: { 'ui:field': 'MarkerField' }, optioned: { 'ui:options': { field: 'MarkerField' } } },
      formData: { kind: 'x', extra: 'e', tags: { colour: 'red' }, address: { street: 'Main' } },
    };
    expect(markup(test, LEAN)).toBe(markup(test, RJSF));
    expect(markup(test, LEAN)).toContain('id="root_extra"');
    expect(markup(test, LEAN)).toContain('id="root_tags_colour"');
    expect(markup(test, LEAN)).toContain('id="root_address_street"');
    expect(markup(test, LEAN)).toContain('<b id="root_custom">marker field</b>');
    expect(markup(test, LEAN)).toContain('<b id="root_optioned">marker field</b>');
  });
});
