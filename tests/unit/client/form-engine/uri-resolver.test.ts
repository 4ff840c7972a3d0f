import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import uriResolver from '../../../../src/client/form-engine/uri-resolver';

// fast-uri as @rjsf/utils itself resolves it
const requireFromRjsf = createRequire(createRequire(import.meta.url).resolve('@rjsf/utils'));
const fastUri = requireFromRjsf('fast-uri') as { resolve(base: string, ref: string): string; equal(a: string, b: string): boolean };

const CASES: [base: string, ref: string][] = [
  ['https://example.com/schemas/root.json', '#/$defs/address'],
  ['https://example.com/schemas/root.json', 'person.json'],
  ['https://example.com/schemas/root.json', 'person.json#/$defs/name'],
  ['https://example.com/schemas/root.json', '../common/money.json'],
  ['https://example.com/schemas/root.json', '/absolute/path.json'],
  ['https://example.com/schemas/', 'person.json'],
  ['https://example.com/schemas/root.json', 'https://other.example/x.json#a'],
  ['urn:example:root', 'urn:example:person'],
  ['person.json', '#/$defs/name'],
  ['schemas/person.json', 'address.json'],
  ['/schemas/person.json', 'address.json#/x'],
];

describe('the web app\'s fast-uri stand-in', () => {
  it.each(CASES)('resolves %s + %s like fast-uri', (base, ref) => {
    expect(uriResolver.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });

  it.each([
    ['https://example.com/a.json', 'https://example.com/a.json', true],
    ['HTTPS://EXAMPLE.COM/a.json', 'https://example.com/a.json', true],
    ['https://example.com/a.json', 'https://example.com/b.json', false],
    ['person.json', 'person.json', true],
    ['person.json', 'address.json', false],
  ])('compares %s and %s like fast-uri', (a, b, same) => {
    expect(uriResolver.equal(a, b)).toBe(same);
    expect(fastUri.equal(a, b)).toBe(same);
  });

  it('covers every fast-uri function @rjsf/utils uses', () => {
    const source = readFileSync(requireFromRjsf.resolve('@rjsf/utils').replace(/[^/]+$/, 'utils.esm.js'), 'utf8');
    const used = new Set([...source.matchAll(/UriResolver\.(\w+)/g)].map(([, name]) => name));
    expect([...used].sort()).toEqual(Object.keys(uriResolver).sort());
  });
});
