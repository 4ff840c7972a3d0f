import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../src/server/lib/html';
import { hashPassword, verifyPassword } from '../../../src/server/lib/password';
import { buildPrefixTsQuery, escapeLike, ticketNumberPrefix } from '../../../src/server/lib/search-query';
import { isJsonContentType, toErrorBody } from '../../../src/server/plugins/errors';
import { HttpError, isUniqueViolation, validationFailed } from '../../../src/server/lib/errors';

describe('buildPrefixTsQuery', () => {
  it.each([
    ['boiler', "'boiler':*"],
    ['  Maple   Court ', "'maple':* & 'court':*"],
    ['INV-1004', "'inv-1004':*"],
    ['12.50', "'12.50':*"],
    ["o'brien & !x | (y) <-> z:*", "'o':* & 'brien':* & 'x':* & 'y':* & 'z':*"],
    ["\\' ; drop table", "'drop':* & 'table':*"],
    ['café Zürich', "'café':* & 'zürich':*"],
  ])('turns %j into %j', (input, expected) => {
    expect(buildPrefixTsQuery(input)).toBe(expected);
  });

  it('returns null when nothing searchable is left, and caps the number of words', () => {
    expect(buildPrefixTsQuery(' !!! ... ')).toBeNull();
    expect(buildPrefixTsQuery('a b c d e f g h i j')?.split('&')).toHaveLength(8);
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('ticketNumberPrefix (a number typed in any case, in the stored spelling)', () => {
  const keys = ['ResidentService', 'AP', '504Request'];
  it('rewrites the area key to its stored case and keeps the digits', () => {
    expect(ticketNumberPrefix('residentservice-000318', keys)).toBe('ResidentService-000318');
    expect(ticketNumberPrefix('  RESIDENTSERVICE-0003 ', keys)).toBe('ResidentService-0003');
    expect(ticketNumberPrefix('ap-12', keys)).toBe('AP-12');
    expect(ticketNumberPrefix('504request-000001', keys)).toBe('504Request-000001');
  });
  it('returns text naming no known area as typed, and null for anything that is not a number', () => {
    expect(ticketNumberPrefix('Unknown-000001', keys)).toBe('Unknown-000001');
    expect(ticketNumberPrefix('maple court', keys)).toBeNull();
    expect(ticketNumberPrefix('AP-', keys)).toBeNull();
    expect(ticketNumberPrefix('AP-12x', keys)).toBeNull();
  });
});

describe('isJsonContentType (415 unless exactly application/json)', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON; charset=UTF-8', true],
    ['application/json;charset=utf-8', true],
    [undefined, false],
    ['text/plain', false],
    ['application/jsonx', false],
    ['application/json; charset=latin1', false],
    ['application/json; boundary=x', false],
    ['application/json\t', true],
    ['text/plain; application/json', false],
  ])('%j → %s', (header, expected) => {
    expect(isJsonContentType(header)).toBe(expected);
  });
});

describe('error bodies', () => {
  it('maps HttpError, validation failures, client errors and hides 5xx details', () => {
    expect(toErrorBody(new HttpError(404, 'not_found', 'gone'))).toEqual({
      statusCode: 404,
      error: 'not_found',
      message: 'gone',
    });
    expect(toErrorBody(validationFailed([{ path: '/a', message: 'is required' }]))).toEqual({
      statusCode: 422,
      error: 'validation_failed',
      message: 'The form has errors.',
      errors: [{ path: '/a', message: 'is required' }],
    });
    expect(toErrorBody(Object.assign(new Error('too big'), { statusCode: 413 }))).toEqual({
      statusCode: 413,
      error: 'payload_too_large',
      message: 'too big',
    });
    expect(toErrorBody(new Error('secret connection string'))).toEqual({
      statusCode: 500,
      error: 'internal_error',
      message: 'Internal server error.',
    });
  });

  it('recognises unique violations, also when wrapped as a cause', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('wrapped', { cause: { code: '23505', constraint: 'x' } }), 'x')).toBe(true);
    expect(isUniqueViolation(new Error('wrapped', { cause: { code: '23505', constraint: 'y' } }), 'x')).toBe(false);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });
});

describe('passwords and HTML', () => {
  it('hashes with a random salt and verifies in constant time', async () => {
    const [a, b] = await Promise.all([hashPassword('demo'), hashPassword('demo')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('demo', a)).toBe(true);
    expect(await verifyPassword('Demo', a)).toBe(false);
    expect(await verifyPassword('demo', null)).toBe(false);
    expect(await verifyPassword('demo', 'md5$x$y')).toBe(false);
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
