import { describe, expect, it } from 'vitest';
import { isSafeRedirectPath, MAX_REDIRECT_PATH_LENGTH, resolveSafeRedirect } from '../../../src/shared/redirect-path';

const ORIGIN = 'https://portal.example';

/** Internal paths the portal itself produces (its page routes, with query and fragment). */
const SAFE: readonly string[] = [
  '/',
  '/Tickets',
  '/Tickets/comments/42',
  '/AP/0b7c1e4e-2f9a-4a53-9d1c-3f0c2a6a1b11',
  '/IncidentForm/42/IncidentFollowUp/Form',
  '/ReportTracker/Accounting',
  '/user@tm/a-b_c~d%20e',
  '/AP?q=maple&cursor=abc',
  '/Forms#accounting',
  '/AP?q=a+b#top',
  '/AP?next=/Tickets',
  '/a/',
];

/** Hostile or malformed remembered paths (docs/behaviour.md "Redirect-path rule"), with why each is refused. */
const HOSTILE: readonly (readonly [string, string])[] = [
  ['//evil.example', 'protocol-relative URL'],
  ['//evil.example/path', 'protocol-relative URL with a path'],
  ['///evil.example', 'three slashes'],
  ['/\\evil.example', 'slash-backslash (browsers read it as //)'],
  ['/\\/evil.example', 'slash-backslash-slash'],
  ['\\\\evil.example', 'two backslashes'],
  ['\\/evil.example', 'backslash-slash'],
  ['/Tickets\\..\\..\\evil', 'backslashes inside the path'],
  ['/%2F%2Fevil.example', 'percent-encoded slashes'],
  ['/%2f%2fevil.example', 'lower-case percent-encoded slashes'],
  ['/%5Cevil.example', 'percent-encoded backslash'],
  ['/%5c%5cevil.example', 'lower-case percent-encoded backslashes'],
  ['javascript:alert(1)', 'javascript: scheme'],
  ['JavaScript:alert(1)', 'javascript: scheme, mixed case'],
  ['/javascript:alert(1)', 'colon inside the path'],
  ['data:text/html,<script>alert(1)</script>', 'data: scheme'],
  ['https://evil.example/', 'absolute https URL'],
  ['http://evil.example', 'absolute http URL'],
  ['https://portal.example/Tickets', 'absolute URL, even on our own origin'],
  ['http:/evil.example', 'scheme with one slash'],
  ['evil.example', 'no leading slash'],
  ['Tickets', 'relative path'],
  ['', 'empty'],
  ['/Tick\tets', 'tab inside'],
  ['\t/Tickets', 'leading tab'],
  ['/\t/evil.example', 'tab between slashes (URL parsers drop it → //)'],
  ['/Tickets\r\nSet-Cookie: x=1', 'CR/LF inside'],
  ['/\r\n/evil.example', 'CR/LF between slashes'],
  ['/Tickets\n', 'trailing LF'],
  ['/Tickets\r', 'trailing CR'],
  ['/ Tickets', 'space inside'],
  ['/Tickets?q=a b', 'space in the query'],
  ['/Tickets?q=\\evil', 'backslash in the query'],
  ['/Tickets#\\evil', 'backslash in the fragment'],
  ['/a.b', 'dot in the path'],
  ['/../evil', 'dot segments'],
  ['/a:b', 'colon in the path'],
  ['/\u2215evil.example', 'U+2215 DIVISION SLASH'],
  ['/\uFF0Fevil.example', 'U+FF0F FULLWIDTH SOLIDUS'],
  ['/\u2044evil.example', 'U+2044 FRACTION SLASH'],
  ['/\uFE68evil.example', 'U+FE68 SMALL REVERSE SOLIDUS'],
  ['/\uFF3Cevil.example', 'U+FF3C FULLWIDTH REVERSE SOLIDUS'],
  ['/Ticketé', 'non-ASCII letter'],
  ['/Tickets\u0000', 'NUL'],
  ['/Tickets\u200B', 'zero-width space'],
  ['/#a#b', 'two fragments'],
];

describe('isSafeRedirectPath (remembered redirect path)', () => {
  it.each(SAFE.map((path) => [path]))('accepts the internal path %j', (path) => {
    expect(isSafeRedirectPath(path)).toBe(true);
  });

  it.each(HOSTILE)('rejects %j (%s)', (path) => {
    expect(isSafeRedirectPath(path)).toBe(false);
  });

  it('rejects non-strings and paths longer than the limit', () => {
    expect(isSafeRedirectPath(undefined)).toBe(false);
    expect(isSafeRedirectPath(null)).toBe(false);
    expect(isSafeRedirectPath(42)).toBe(false);
    expect(isSafeRedirectPath(['/Tickets'])).toBe(false);
    expect(isSafeRedirectPath(`/${'a'.repeat(MAX_REDIRECT_PATH_LENGTH - 1)}`)).toBe(true);
    expect(isSafeRedirectPath(`/${'a'.repeat(MAX_REDIRECT_PATH_LENGTH)}`)).toBe(false);
  });
});

describe('resolveSafeRedirect (valid internal path on the portal origin)', () => {
  it.each(SAFE.map((path) => [path]))('keeps %j, which stays on the portal origin', (path) => {
    expect(resolveSafeRedirect(path, ORIGIN)).toBe(path);
    expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
  });

  it.each(HOSTILE)('refuses %j (%s)', (path) => {
    expect(resolveSafeRedirect(path, ORIGIN)).toBeNull();
  });

  it('refuses everything when the origin itself cannot be parsed', () => {
    expect(resolveSafeRedirect('/Tickets', 'not an origin')).toBeNull();
  });
});
