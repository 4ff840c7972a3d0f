import { describe, expect, it } from 'vitest';
import { isSafeRedirectPath } from '../../../src/shared/redirect-path';

describe('isSafeRedirectPath (spec §5: remembered redirect path)', () => {
  it.each([
    ['/'],
    ['/Tickets'],
    ['/AP/0b7c1e4e-2f9a-4a53-9d1c-3f0c2a6a1b11'],
    ['/IncidentForm/42/IncidentFollowUp/Form'],
    ['/user@tm/a-b_c~d%20e'],
    ['/AP?q=maple&cursor=abc'],
    ['/Forms#accounting'],
    ['/AP?q=a+b#top'],
  ])('accepts the internal path %j', (path) => {
    expect(isSafeRedirectPath(path)).toBe(true);
  });

  it.each([
    ['//evil.example'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['\\\\evil.example'],
    ['/%2F%2Fevil.example'],
    ['/%2f%2fevil.example'],
    ['/%5Cevil.example'],
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['https://evil.example/'],
    ['http:/evil.example'],
    ['evil.example'],
    ['Tickets'],
    [''],
    ['/Tick\tets'],
    ['/Tickets\r\nSet-Cookie: x=1'],
    ['/Tickets\n'],
    ['/ Tickets'],
    ['/Tickets?q=a b'],
    ['/Tickets?q=\\evil'],
    ['/a.b'],
    ['/a:b'],
    ['/\u2215evil.example'],
    ['/\uFF0Fevil.example'],
    ['/Ticketé'],
    ['/#a#b'],
  ])('rejects the hostile or malformed path %j', (path) => {
    expect(isSafeRedirectPath(path)).toBe(false);
  });

  it('rejects non-strings and overlong paths', () => {
    expect(isSafeRedirectPath(undefined)).toBe(false);
    expect(isSafeRedirectPath(null)).toBe(false);
    expect(isSafeRedirectPath(42)).toBe(false);
    expect(isSafeRedirectPath(`/${'a'.repeat(5000)}`)).toBe(false);
  });
});
