import { describe, expect, it } from 'vitest';
import { propertiesAt, requiredProblems, schemaPointerOf } from '../../../scripts/lib/schema-walk';
import type { JsonObject } from '../../../src/shared/json';

const schema: JsonObject = {
  type: 'object',
  properties: { kind: { type: 'string' }, amount: { type: 'number' } },
  required: ['kind'],
  allOf: [
    {
      if: { properties: { probe: { const: true } }, required: ['kind'] },
      then: { properties: { reason: { type: 'string' } }, required: ['reason', 'amount'] },
      else: { required: ['notThere'] },
    },
  ],
  dependencies: { amount: { properties: { currency: { type: 'string' } } } },
  not: { properties: { forbidden: { type: 'string' } } },
};

describe('propertiesAt', () => {
  it('lists the properties a form may show: its own, then those of then/else/allOf/dependencies, not of if/not', () => {
    expect([...propertiesAt(schema).keys()]).toEqual(['kind', 'amount', 'reason', 'currency']);
  });
});

describe('requiredProblems', () => {
  it('accepts names of the sub-schema or of the object around it, and points at each other name', () => {
    expect(requiredProblems(schema)).toEqual([
      {
        name: 'notThere',
        pointer: '/allOf/0/else/required/0',
        message: '"notThere" is required but is not a property of the schema',
      },
    ]);
  });

  it('checks nested objects and array items on their own: the outer names do not count there', () => {
    const nested: JsonObject = {
      type: 'object',
      properties: {
        kind: { type: 'string' },
        lines: { type: 'array', items: { type: 'object', properties: { a: {} }, required: ['a', 'kind'] } },
      },
    };
    expect(requiredProblems(nested).map((problem) => problem.pointer)).toEqual(['/properties/lines/items/required/1']);
  });
});

describe('schemaPointerOf', () => {
  it('takes the location ajv gives, decoding URI escapes of property names', () => {
    const message =
      'strict mode: missing type "number" for keyword "minimum" at "#/properties/due%20date" (strictTypes)';
    expect(schemaPointerOf(message, schema)).toBe('/properties/due date');
  });

  it('finds the first sub-schema that has an unknown keyword, which ajv does not locate', () => {
    const withTypo: JsonObject = { type: 'object', properties: { 'a/b': { type: 'number', minimun: 0 } } };
    expect(schemaPointerOf('strict mode: unknown keyword: "minimun"', withTypo)).toBe('/properties/a~1b/minimun');
  });

  it('gives no pointer for an error it cannot place', () => {
    expect(schemaPointerOf("can't resolve reference #/definitions/x from id #", schema)).toBeNull();
  });
});
