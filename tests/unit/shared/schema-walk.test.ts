import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../src/shared/json';
import {
  derefSchema,
  isObjectRoot,
  objectFields,
  resolveLocalRef,
  schemaType,
  subSchemas,
} from '../../../src/shared/schema-walk';

const schema: JsonObject = {
  type: 'object',
  definitions: { address: { type: 'object', properties: { street: { type: 'string' } } }, money: { type: 'number' } },
  properties: { kind: { type: 'string' }, amount: { $ref: '#/definitions/money' }, 'a/b': { type: 'string' } },
  required: ['kind'],
  allOf: [
    {
      if: { properties: { probe: { const: true } }, required: ['kind'] },
      then: { properties: { reason: { type: 'string' } }, required: ['reason', 'amount'] },
      else: { $ref: '#/definitions/address' },
    },
  ],
  dependencies: { amount: { properties: { currency: { type: 'string' } } }, kind: ['amount'] },
  not: { properties: { forbidden: { type: 'string' } } },
};

describe('objectFields', () => {
  it('lists the fields a form may show: its own, then those of then/else (through $ref)/dependencies, not of if/not', () => {
    expect([...objectFields(schema, schema).fields.keys()]).toEqual([
      'kind',
      'amount',
      'a/b',
      'reason',
      'street',
      'currency',
    ]);
  });

  it('says whether other names may appear: additionalProperties, patternProperties, a $ref it cannot follow', () => {
    expect(objectFields(schema, schema)).toMatchObject({ hasAdditional: false, patterns: [], isUnresolved: false });
    const open: JsonObject = {
      additionalProperties: { type: 'string' },
      patternProperties: { '^x-': { type: 'number' } },
    };
    expect(objectFields(open, open)).toMatchObject({
      hasAdditional: true,
      patterns: [{ pattern: '^x-', schema: { type: 'number' } }],
    });
    const remote: JsonObject = { $ref: 'https://example.org/schema.json' };
    expect(objectFields(remote, remote).isUnresolved).toBe(true);
  });

  it('follows a recursive $ref without going round forever', () => {
    const tree: JsonObject = {
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
    };
    expect([...objectFields(tree, { $ref: '#' }).fields.keys()]).toEqual(['name', 'children']);
  });
});

describe('resolveLocalRef and derefSchema', () => {
  it('resolves #, #/definitions/… and URI-escaped pointers; nothing for remote or missing targets', () => {
    expect(resolveLocalRef(schema, '#')).toBe(schema);
    expect(resolveLocalRef(schema, '#/definitions/money')).toEqual({ type: 'number' });
    expect(resolveLocalRef(schema, '#/properties/a~1b')).toEqual({ type: 'string' });
    expect(resolveLocalRef({ $defs: { 'due date': { type: 'string' } } }, '#/$defs/due%20date')).toEqual({
      type: 'string',
    });
    expect(resolveLocalRef(schema, '#/definitions/nothing')).toBeUndefined();
    expect(resolveLocalRef(schema, 'other.json#/x')).toBeUndefined();
  });

  it('follows a $ref chain, the keywords beside a $ref winning; null for a circle', () => {
    expect(derefSchema(schema, { $ref: '#/definitions/money', title: 'Amount' })).toEqual({
      type: 'number',
      title: 'Amount',
    });
    const circle: JsonObject = { definitions: { a: { $ref: '#/definitions/b' }, b: { $ref: '#/definitions/a' } } };
    expect(derefSchema(circle, { $ref: '#/definitions/a' })).toBeNull();
  });
});

describe('schemaType', () => {
  it("infers the type as rjsf's getSchemaType does", () => {
    expect(schemaType(schema, schema)).toBe('object');
    expect(schemaType(schema, { $ref: '#/definitions/money' })).toBe('number');
    expect(schemaType(schema, { type: ['string', 'null'] })).toBe('string');
    expect(schemaType(schema, { type: ['string', 'boolean'] })).toBe('string');
    expect(schemaType(schema, { enum: ['a', 'b'] })).toBe('string');
    expect(schemaType(schema, { const: 3 })).toBe('number');
    expect(schemaType(schema, { properties: {} })).toBe('object');
    expect(schemaType(schema, { allOf: [{ type: 'integer' }, { minimum: 1 }] })).toBe('integer');
    expect(schemaType(schema, {})).toBeUndefined();
  });

  it('tells a form whose root is an object from a form of one field', () => {
    expect(isObjectRoot(schema)).toBe(true);
    expect(isObjectRoot({ $ref: '#/definitions/address', definitions: { address: { type: 'object' } } })).toBe(true);
    expect(isObjectRoot({ type: 'string' })).toBe(false);
    expect(isObjectRoot({ type: 'array', items: { type: 'string' } })).toBe(false);
  });
});

describe('subSchemas', () => {
  it('gives each direct sub-schema with its pointer and whether it describes the same value', () => {
    const found = subSchemas(schema).map(({ keyword, pointer, relation }) => [keyword, pointer, relation]);
    expect(found).toEqual([
      ['definitions', '/definitions/address', 'definition'],
      ['definitions', '/definitions/money', 'definition'],
      ['properties', '/properties/kind', 'inner'],
      ['properties', '/properties/amount', 'inner'],
      ['properties', '/properties/a~1b', 'inner'],
      ['allOf', '/allOf/0', 'same'],
      ['dependencies', '/dependencies/amount', 'same'],
      ['not', '/not', 'same'],
    ]);
  });
});
